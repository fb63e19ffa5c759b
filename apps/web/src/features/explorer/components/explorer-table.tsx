import type { ReactNode } from 'react';
import { EXPLORER_TEXTS, type SortDirection } from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { PAGE_SIZE_OPTIONS, type ExplorerView } from '../state/use-explorer-view.ts';
import type { ExplorerColumn } from './columns.ts';

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
  /** Every matching row, for "Download CSV". */
  csvRows: () => Promise<readonly Row[]>;
  /** More buttons next to Download CSV (Download JSON). */
  actions?: ReactNode;
  /** A last cell of each row (the Details button), kept in view when the table scrolls. */
  rowAction?: { render: (row: Row) => ReactNode; width: number };
  /** Custom rendering of a column's cell (the level chip). */
  renderCell?: (column: ExplorerColumn<Row>, row: Row) => ReactNode | undefined;
}

/** A list's page as its query answers it. */
interface ListQuery<Row> {
  data?: { rows: Row[]; total: number; totalRelation: 'eq' | 'gte' };
  isFetching: boolean;
}

/** The rows, paging, sorting and loading props of a list's table: its view (URL) and query. */
export function listTableProps<Row>(view: ExplorerView, query: ListQuery<Row>) {
  return {
    rows: query.data?.rows,
    total: query.data?.total ?? 0,
    totalRelation: query.data?.totalRelation ?? 'eq',
    loading: query.isFetching,
    sortColumn: view.request.sortColumn,
    sortDirection: view.request.sortDirection,
    onSort: view.toggleSort,
    page: view.request.page,
    size: view.request.size,
    onPage: view.setPage,
    onSize: view.setSize,
  } satisfies Partial<Props<Row>>;
}

/** The grid's column of an explorer column: quality-coloured, numbers right-aligned. */
function toColumn<Row>(
  column: ExplorerColumn<Row>,
  renderCell: Props<Row>['renderCell'],
): DataTableColumn<Row> {
  const custom = renderCell && ((row: Row) => renderCell(column, row) ?? column.text(row));
  return {
    field: column.id,
    headerName: column.label,
    text: column.text,
    render: custom,
    sortable: !!column.sortKey,
    align: column.numeric ? 'right' : 'left',
    nowrap: column.variant !== 'wrap',
    mono: column.variant === 'mono',
    maxWidth: column.maxWidth ?? (column.variant === 'mono' ? 160 : undefined),
    minWidth: column.minWidth ?? (column.variant === 'wrap' ? 240 : column.numeric ? 76 : 90),
    flex: column.variant === 'wrap' ? 3 : column.numeric ? 0.7 : 1,
    cellClassName: (row) => {
      const band = column.band?.(row);
      return band && band !== 'unknown' ? `band-${band}` : undefined;
    },
    cellData: (row) => ({ 'data-band': column.band?.(row) }),
  };
}

/** A server-paged, server-sorted explorer table with quality-coloured cells and CSV download. */
export function ExplorerTable<Row>(props: Props<Row>) {
  const columns = props.columns.map((column) => toColumn(column, props.renderCell));
  // Sorting asks by column id; the API sorts by the column's sort key.
  const sortKeyOf = (id: string) => props.columns.find((c) => c.id === id)?.sortKey;
  const sortedId = props.columns.find((c) => c.sortKey === props.sortColumn)?.id ?? '';
  if (props.rowAction)
    columns.push({
      field: 'actions',
      headerName: '',
      render: props.rowAction.render,
      width: props.rowAction.width,
      align: 'right',
      hideable: false,
      stickyRight: true,
    });
  return (
    <DataTable
      label={props.label}
      testIds={{ table: props.testId, empty: 'explorer-empty' }}
      rows={props.rows}
      columns={columns}
      getRowId={props.rowKey}
      loading={props.loading}
      emptyText={EXPLORER_TEXTS.empty}
      columnVisibilityKey={`explorer/${props.testId}`}
      csv={{ rows: props.csvRows, disabled: !props.rows || props.total === 0 }}
      actions={props.actions}
      paging={{
        mode: 'server',
        page: props.page,
        pageSize: props.size,
        total: props.total,
        totalIsLowerBound: props.totalRelation === 'gte',
        pageSizeOptions: PAGE_SIZE_OPTIONS,
        onPageChange: props.onPage,
        onPageSizeChange: props.onSize,
      }}
      sorting={{
        mode: 'server',
        field: sortedId,
        direction: props.sortDirection,
        onChange: (id) => {
          const key = sortKeyOf(id);
          if (key) props.onSort(key);
        },
      }}
      sx={BAND_SX}
    />
  );
}

/** Quality colours of the cells, by band. */
const BAND_SX = {
  '& .MuiDataGrid-cell.band-good': { color: 'success.dark', bgcolor: 'rgba(22, 163, 74, 0.08)' },
  '& .MuiDataGrid-cell.band-warning': {
    color: 'warning.dark',
    bgcolor: 'rgba(217, 119, 6, 0.12)',
  },
  '& .MuiDataGrid-cell.band-bad': { color: 'error.main', bgcolor: 'rgba(220, 38, 38, 0.10)' },
  '& .MuiDataGrid-cell[class*="band-"]': { fontWeight: 600 },
  '& .MuiDataGrid-cell[data-field]': { fontVariantNumeric: 'tabular-nums' },
  // Tighter cells than other tables: ten quality columns fit a laptop screen.
  '& .MuiDataGrid-cell, & .MuiDataGrid-columnHeader': { px: 1 },
} as const;
