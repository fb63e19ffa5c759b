import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import PersonRemoveRoundedIcon from '@mui/icons-material/PersonRemoveRounded';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { ROLE_LABELS, TEAMMATE_TEXTS, groupInitials, type Teammate } from '@callsight/shared';
import { paths } from '../../../lib/paths.ts';

/** Rows per page and skeleton rows of tables (spec 001 §9). */
const PAGE_SIZE = 10;
const SKELETON_ROWS = 10;
const COLUMNS = 5;
export const EMPTY_TABLE_TEXT = 'Sorry, no matching records found';

interface TeammatesTableProps {
  groupId: string;
  teammates: Teammate[] | undefined;
  loading: boolean;
  removingId: string | null;
  onRemove: (teammate: Teammate) => void;
}

/** The members of the group with Edit links and a remove action; 10 rows per page. */
export function TeammatesTable({
  groupId,
  teammates,
  loading,
  removingId,
  onRemove,
}: TeammatesTableProps) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = teammates ?? [];
    if (!needle) return all;
    return all.filter(
      (t) =>
        t.name.toLowerCase().includes(needle) ||
        t.email.toLowerCase().includes(needle) ||
        ROLE_LABELS[t.role].toLowerCase().includes(needle),
    );
  }, [teammates, search]);
  const lastPage = Math.max(0, Math.ceil(rows.length / PAGE_SIZE) - 1);
  const current = Math.min(page, lastPage);
  const visible = rows.slice(current * PAGE_SIZE, current * PAGE_SIZE + PAGE_SIZE);

  return (
    <Paper variant="outlined">
      <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          size="small"
          placeholder="Search Teammates"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
          sx={{ width: { xs: '100%', sm: 320 } }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search Teammates' },
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
        <Table aria-label="Teammates">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Role</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Groups</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <TableRow key={i} data-testid="teammate-skeleton-row">
                  {Array.from({ length: COLUMNS }, (_, j) => (
                    <TableCell key={j}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!loading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS}>
                  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                    {EMPTY_TABLE_TEXT}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {!loading &&
              visible.map((t) => (
                <TableRow key={t.id} hover data-testid="teammate-row">
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <Avatar
                        src={t.picture ?? undefined}
                        sx={{ width: 32, height: 32, fontSize: 14 }}
                      >
                        {groupInitials(t.name)}
                      </Avatar>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {t.name}
                      </Typography>
                      {t.isSuper && (
                        <Chip size="small" label="Super" color="secondary" variant="outlined" />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell>{t.email}</TableCell>
                  <TableCell>{ROLE_LABELS[t.role]}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {t.groups.map((g) => (
                        <Chip
                          key={g.id}
                          size="small"
                          label={g.name}
                          variant={g.id === groupId ? 'filled' : 'outlined'}
                        />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      component={RouterLink}
                      to={paths.teammate.getHref(groupId, t.id)}
                      startIcon={<EditRoundedIcon fontSize="small" />}
                      aria-label={`Edit ${t.name}`}
                    >
                      Edit
                    </Button>
                    <Tooltip title={TEAMMATE_TEXTS.removeButton}>
                      <span>
                        <IconButton
                          size="small"
                          color="error"
                          aria-label={`${TEAMMATE_TEXTS.removeButton} ${t.name}`}
                          disabled={removingId === t.id}
                          onClick={() => onRemove(t)}
                        >
                          <PersonRemoveRoundedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
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
