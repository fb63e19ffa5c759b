import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  NETWORK_LABEL_TEXTS as T,
  matchesNetworkSearch,
  type NetworkLabel,
} from '@callsight/shared';
import { CopyCell } from './copy-cell.tsx';

/** Skeleton rows while the list loads (spec 001 §2: five). */
const SKELETON_ROWS = 5;

/** View mode: the read-only ordered list with its search box (CIDR or label, case-insensitive). */
export function NetworkLabelsTable({
  entries,
  loading,
}: {
  entries: NetworkLabel[] | undefined;
  loading: boolean;
}) {
  const [search, setSearch] = useState('');
  const rows = useMemo(
    () =>
      (entries ?? [])
        .map((entry, index) => ({ ...entry, row: index + 1 }))
        .filter((entry) => matchesNetworkSearch(entry, search)),
    [entries, search],
  );

  return (
    <Paper variant="outlined" data-testid="network-labels-view">
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          placeholder={T.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: { xs: '100%', sm: 320 } }}
          slotProps={{
            htmlInput: { 'aria-label': T.searchPlaceholder, type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {entries && entries.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {search.trim()
              ? `${rows.length} of ${entries.length} networks`
              : `${entries.length} networks`}
          </Typography>
        )}
      </Box>
      <TableContainer>
        <Table size="small" aria-label="Network labels">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 64 }}>{T.columnIndex}</TableCell>
              <TableCell sx={{ width: '40%' }}>{T.columnCidr}</TableCell>
              <TableCell>{T.columnLabel}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {loading &&
              Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <TableRow key={i} data-testid="network-skeleton-row">
                  <TableCell>
                    <Skeleton width={20} />
                  </TableCell>
                  <TableCell>
                    <Skeleton width="60%" />
                  </TableCell>
                  <TableCell>
                    <Skeleton width="80%" />
                  </TableCell>
                </TableRow>
              ))}
            {!loading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} align="center" sx={{ py: 5, color: 'text.secondary' }}>
                  {T.noNetworksFound}
                </TableCell>
              </TableRow>
            )}
            {!loading &&
              rows.map((entry) => (
                <TableRow key={entry.row} hover data-testid="network-row">
                  <TableCell sx={{ color: 'text.secondary' }}>{entry.row}</TableCell>
                  <CopyCell value={entry.cidr} monospace />
                  <CopyCell value={entry.label} />
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
