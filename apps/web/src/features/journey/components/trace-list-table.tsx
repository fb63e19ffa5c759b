import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import {
  DISPLAY_DATE_SECONDS_FORMAT,
  TRACE_LIST,
  TRACE_TEXTS,
  formatTraceDuration,
  type TraceListPage,
} from '@callsight/shared';

interface Props {
  page: TraceListPage | undefined;
  loading: boolean;
  pageIndex: number;
  size: number;
  sortDirection: 'asc' | 'desc';
  onSort: () => void;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  onOpen: (traceId: string) => void;
}

/** The journey list: traceId, startTime (sortable: createddate), serviceName, spanCount, duration. */
export function TraceListTable({
  page,
  loading,
  pageIndex,
  size,
  sortDirection,
  onSort,
  onPage,
  onSize,
  onOpen,
}: Props) {
  const rows = page?.data ?? [];
  const total = page?.meta.page.total ?? 0;
  const exact = page?.meta.page.totalRelation !== 'gte';
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{loading && <LinearProgress />}</Box>
      <TableContainer>
        <Table size="small" aria-label="Journeys" data-testid="trace-list">
          <TableHead>
            <TableRow>
              <TableCell>Journey ID</TableCell>
              <TableCell sortDirection={sortDirection}>
                <TableSortLabel active direction={sortDirection} onClick={onSort}>
                  Start Time
                </TableSortLabel>
              </TableCell>
              <TableCell>Service</TableCell>
              <TableCell align="right">Spans</TableCell>
              <TableCell align="right">Duration</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && !loading && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                    {TRACE_TEXTS.noTraces}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow
                key={row.traceId}
                hover
                onClick={() => onOpen(row.traceId)}
                sx={{ cursor: 'pointer' }}
                data-testid="trace-row"
                data-trace-id={row.traceId}
              >
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 13 }}>{row.traceId}</TableCell>
                <TableCell>{dayjs(row.startTime).format(DISPLAY_DATE_SECONDS_FORMAT)}</TableCell>
                <TableCell>{row.serviceName}</TableCell>
                <TableCell align="right">{row.spanCount}</TableCell>
                <TableCell align="right">{formatTraceDuration(row.duration)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={exact ? total : -1}
        page={pageIndex}
        rowsPerPage={size}
        rowsPerPageOptions={[...TRACE_LIST.pageSizeOptions]}
        onPageChange={(_e, next) => onPage(next)}
        onRowsPerPageChange={(e) => onSize(Number(e.target.value))}
        labelDisplayedRows={({ from, to }) =>
          `${rows.length ? from : 0}–${rows.length ? Math.min(to, from + rows.length - 1) : 0} of ${exact ? total : `more than ${total}`}`
        }
        slotProps={{
          actions: {
            nextButton: { disabled: !page?.links.next },
            previousButton: { disabled: !page?.links.prev && pageIndex === 0 },
          },
        }}
      />
    </Paper>
  );
}
