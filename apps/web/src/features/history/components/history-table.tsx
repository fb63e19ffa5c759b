import type { ReactNode } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

export interface HistoryColumn<T> {
  id: string;
  label: string;
  cell: (row: T) => ReactNode;
  width?: number;
  /** Keeps the cell on one line (timestamps); other cells wrap and break long words. */
  nowrap?: boolean;
  /** Room kept for long texts (responses) when the table is narrow. */
  minWidth?: number;
  /** Ids and free texts may break inside a word; names break between words only. */
  breakAnywhere?: boolean;
}

interface Props<T> {
  label: string;
  testId: string;
  columns: readonly HistoryColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string;
  total: number;
  loading: boolean;
  page: number;
  size: number;
  sizeOptions: readonly number[];
  onPage: (page: number) => void;
  onSize?: (size: number) => void;
}

const EMPTY_TEXT = 'Sorry, no matching records found';
const SKELETON_ROWS = 10;

/** A server-paged table of the history screen; 10 skeleton rows while the first page loads. */
export function HistoryTable<T>(props: Props<T>) {
  const { columns, rows } = props;
  return (
    <TableContainer component={Paper} variant="outlined">
      {props.loading && rows && <LinearProgress />}
      <Table size="small" aria-label={props.label} data-testid={props.testId}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.id} sx={{ width: c.width, whiteSpace: 'nowrap' }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {!rows &&
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <TableRow key={i}>
                <TableCell colSpan={columns.length}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ))}
          {rows?.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ py: 6, textAlign: 'center' }}>
                <Typography color="text.secondary" data-testid={`${props.testId}-empty`}>
                  {EMPTY_TEXT}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {rows?.map((row, i) => (
            <TableRow key={props.rowKey(row, i)} hover data-testid={`${props.testId}-row`}>
              {columns.map((c) => (
                <TableCell
                  key={c.id}
                  sx={
                    c.nowrap
                      ? { whiteSpace: 'nowrap' }
                      : {
                          overflowWrap: c.breakAnywhere ? 'anywhere' : 'break-word',
                          minWidth: c.minWidth,
                        }
                  }
                >
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={props.total}
        page={props.total === 0 ? 0 : props.page}
        rowsPerPage={props.size}
        rowsPerPageOptions={[...props.sizeOptions]}
        onPageChange={(_e, page) => props.onPage(page)}
        onRowsPerPageChange={(e) => props.onSize?.(Number(e.target.value))}
        data-testid={`${props.testId}-pagination`}
      />
    </TableContainer>
  );
}
