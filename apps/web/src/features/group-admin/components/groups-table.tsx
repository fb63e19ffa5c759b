import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import dayjs from 'dayjs';
import { GROUP_ADMIN_TEXTS, REGION_LABELS, type GroupDetail } from '@callsight/shared';

/** Rows per page and skeleton rows of tables (spec 001 §9). */
const PAGE_SIZE = 10;
const SKELETON_ROWS = 10;

interface GroupsTableProps {
  label: string;
  groups: GroupDetail[] | undefined;
  loading: boolean;
  /** Adds the "Archived On" column. */
  showArchivedAt?: boolean;
  actions: (group: GroupDetail) => ReactNode;
}

/**
 * Groups with a search box, 10 skeleton rows while loading, 10 rows per page; "No data found"
 * when there are no groups at all, "No groups found" when the search matches none.
 */
export function GroupsTable({
  label,
  groups,
  loading,
  showArchivedAt = false,
  actions,
}: GroupsTableProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const all = groups ?? [];
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return groups ?? [];
    return (groups ?? []).filter(
      (g) =>
        g.name.toLowerCase().includes(needle) ||
        g.customerName.toLowerCase().includes(needle) ||
        g.id.toLowerCase() === needle,
    );
  }, [groups, search]);
  const lastPage = Math.max(0, Math.ceil(rows.length / PAGE_SIZE) - 1);
  const current = Math.min(page, lastPage);
  const visible = rows.slice(current * PAGE_SIZE, current * PAGE_SIZE + PAGE_SIZE);
  const columns = showArchivedAt ? 6 : 5;
  const empty = all.length === 0 ? GROUP_ADMIN_TEXTS.noData : GROUP_ADMIN_TEXTS.noGroups;

  return (
    <Paper variant="outlined">
      <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          size="small"
          placeholder={GROUP_ADMIN_TEXTS.searchPlaceholder}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          sx={{ width: { xs: '100%', sm: 320 } }}
          slotProps={{
            htmlInput: { 'aria-label': GROUP_ADMIN_TEXTS.searchPlaceholder },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <TableContainer>
        <Table aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Customer</TableCell>
              <TableCell>Region</TableCell>
              <TableCell>CCaaS Provider</TableCell>
              {showArchivedAt && <TableCell>Archived On</TableCell>}
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <TableRow key={i} data-testid="group-skeleton-row">
                  {Array.from({ length: columns }, (_, j) => (
                    <TableCell key={j}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!loading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns}>
                  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                    {empty}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {!loading &&
              visible.map((g) => (
                <TableRow key={g.id} hover data-testid="group-row">
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {g.name}
                    </Typography>
                  </TableCell>
                  <TableCell>{g.customerName}</TableCell>
                  <TableCell>{REGION_LABELS[g.region]}</TableCell>
                  <TableCell>{g.ccaasProvider}</TableCell>
                  {showArchivedAt && (
                    <TableCell>
                      {g.archivedAt ? dayjs(g.archivedAt).format('DD-MM-YYYY HH:mm') : '-'}
                    </TableCell>
                  )}
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(g)}
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableContainer>
      {!loading && rows.length > PAGE_SIZE && (
        <TablePagination
          component="div"
          count={rows.length}
          page={current}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_, p) => setPage(p)}
        />
      )}
    </Paper>
  );
}
