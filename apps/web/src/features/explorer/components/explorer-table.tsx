import type { ReactNode } from 'react';
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
import { EXPLORER_TEXTS, type QualityBand, type SortDirection } from '@callsight/shared';
import { PAGE_SIZE_OPTIONS } from '../state/use-explorer-view.ts';
import type { ExplorerColumn } from './columns.ts';

const BAND_COLOURS: Record<QualityBand, string> = {
  good: 'success.dark',
  warning: 'warning.dark',
  bad: 'error.main',
  unknown: 'text.secondary',
};
const BAND_BACKGROUNDS: Record<QualityBand, string> = {
  good: 'rgba(22, 163, 74, 0.08)',
  warning: 'rgba(217, 119, 6, 0.12)',
  bad: 'rgba(220, 38, 38, 0.10)',
  unknown: 'transparent',
};

interface Props<Row> {
  label: string;
  testId: string;
  columns: ExplorerColumn<Row>[];
  rows: Row[] | undefined;
  total: number;
  /** 'gte' when the server stopped counting: the total is a lower bound. */
  totalRelation: 'eq' | 'gte';
  rowKey: (row: Row) => string;
  loading: boolean;
  sortColumn: string;
  sortDirection: SortDirection;
  onSort: (column: string) => void;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  /** Extra cells at the end of each row (the Details button). */
  actions?: (row: Row) => ReactNode;
  /** Custom rendering of a column's cell (the level chip). */
  renderCell?: (column: ExplorerColumn<Row>, row: Row) => ReactNode | undefined;
}

/** A server-paged, server-sorted table of the explorer with quality-coloured cells. */
/** The Details column stays in view when the columns are wider than the screen. */
const actionsCellSx = {
  position: 'sticky',
  right: 0,
  backgroundColor: 'background.paper',
  boxShadow: 'inset 1px 0 0 rgba(0, 0, 0, 0.08)',
} as const;

export function ExplorerTable<Row>(props: Props<Row>) {
  const { columns, rows, actions } = props;
  const span = columns.length + (actions ? 1 : 0);
  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{props.loading && <LinearProgress />}</Box>
      <TableContainer>
        <Table
          size="small"
          aria-label={props.label}
          data-testid={props.testId}
          sx={{
            '& th, & td': { px: 1, fontSize: '0.8125rem' },
            '& th:first-of-type, & td:first-of-type': { pl: 2 },
          }}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.numeric ? 'right' : 'left'}
                  sortDirection={
                    column.sortKey && column.sortKey === props.sortColumn
                      ? props.sortDirection
                      : false
                  }
                  sx={{ fontWeight: 600, lineHeight: 1.25, verticalAlign: 'bottom' }}
                >
                  {column.sortKey ? (
                    <TableSortLabel
                      // The arrow shows on the sorted column only: hidden ones would widen every column.
                      sx={
                        column.sortKey === props.sortColumn
                          ? undefined
                          : { '& .MuiTableSortLabel-icon': { display: 'none' } }
                      }
                      active={column.sortKey === props.sortColumn}
                      direction={column.sortKey === props.sortColumn ? props.sortDirection : 'desc'}
                      onClick={() => column.sortKey && props.onSort(column.sortKey)}
                    >
                      {column.label}
                    </TableSortLabel>
                  ) : (
                    column.label
                  )}
                </TableCell>
              ))}
              {actions && <TableCell aria-label="Actions" sx={actionsCellSx} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={span} sx={{ py: 6, textAlign: 'center' }}>
                  <Typography color="text.secondary" data-testid="explorer-empty">
                    {EXPLORER_TEXTS.empty}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows?.map((row) => (
              <TableRow key={props.rowKey(row)} hover data-testid={`${props.testId}-row`}>
                {columns.map((column) => {
                  const band = column.band?.(row);
                  const custom = props.renderCell?.(column, row);
                  return (
                    <TableCell
                      key={column.id}
                      align={column.numeric ? 'right' : 'left'}
                      data-column={column.id}
                      data-band={band}
                      title={
                        column.variant === 'mono' || column.maxWidth ? column.text(row) : undefined
                      }
                      sx={{
                        whiteSpace: column.variant === 'wrap' ? 'normal' : 'nowrap',
                        fontVariantNumeric: column.numeric ? 'tabular-nums' : undefined,
                        fontFamily:
                          column.variant === 'mono'
                            ? 'ui-monospace, SFMono-Regular, Menlo, monospace'
                            : undefined,
                        fontSize: column.variant === 'mono' ? '0.78rem' : undefined,
                        ...(column.variant === 'mono' || column.maxWidth
                          ? {
                              maxWidth: column.maxWidth ?? 140,
                              overflow: 'hidden',
                              textOverflow: 'ellipsis',
                            }
                          : {}),
                        wordBreak: column.variant === 'wrap' ? 'break-word' : undefined,
                        minWidth: column.variant === 'wrap' ? 240 : undefined,
                        ...(band && band !== 'unknown'
                          ? {
                              color: BAND_COLOURS[band],
                              backgroundColor: BAND_BACKGROUNDS[band],
                              fontWeight: 600,
                            }
                          : {}),
                      }}
                    >
                      {custom ?? column.text(row)}
                    </TableCell>
                  );
                })}
                {actions && (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', ...actionsCellSx }}>
                    {actions(row)}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={props.totalRelation === 'gte' ? -1 : props.total}
        labelDisplayedRows={({ from, to }) =>
          `${from}–${to} of ${props.totalRelation === 'gte' ? `more than ${props.total.toLocaleString('en-US')}` : props.total}`
        }
        page={
          props.total > 0 && props.page * props.size >= props.total
            ? Math.max(0, Math.ceil(props.total / props.size) - 1)
            : props.page
        }
        rowsPerPage={props.size}
        rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
        onPageChange={(_, page) => props.onPage(page)}
        onRowsPerPageChange={(event) => props.onSize(Number(event.target.value))}
      />
    </Paper>
  );
}
