import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import KeyboardArrowDownRoundedIcon from '@mui/icons-material/KeyboardArrowDownRounded';
import KeyboardArrowRightRoundedIcon from '@mui/icons-material/KeyboardArrowRightRounded';
import ViewColumnRoundedIcon from '@mui/icons-material/ViewColumnRounded';
import {
  DataGrid,
  GridCell,
  GridPreferencePanelsValue,
  GridRow,
  useGridApiRef,
  type GridCellProps,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridRowProps,
  type GridSortModel,
} from '@mui/x-data-grid';
import { readColumnVisibility, saveColumnVisibility } from './column-visibility.ts';
import { CopyCell } from './copy-cell.tsx';
import { DownloadCsvButton } from './download-csv-button.tsx';
import {
  lastPage,
  skeletonRows,
  sortRows,
  toDisplayRows,
  type DisplayRow,
  type SortDirection,
  type SortValue,
} from './display-rows.ts';
import { SKELETON_ROWS, TABLE_PAGING } from './table-constants.ts';

/** A column: the same `text` goes to the screen (unless `render` is given), the CSV and sorting. */
export interface DataTableColumn<Row> {
  field: string;
  headerName: string;
  /** The CSV's name of the column when it is not the header (a field name programs read). */
  csvHeader?: string;
  /** The cell's text; columns without one (action buttons) are left out of the CSV. */
  text?: (row: Row) => string;
  /** What the cell shows instead of its text (chips, links, buttons). */
  render?: (row: Row) => ReactNode;
  sortable?: boolean;
  /** The value client sorting compares (numbers sort as numbers); else the text. */
  sortValue?: (row: Row) => SortValue;
  align?: 'left' | 'right' | 'center';
  /** A fixed width in px; otherwise the column shares the free width (`flex`, default 1). */
  width?: number;
  minWidth?: number;
  /** The widest a shared-width column grows. */
  maxWidth?: number;
  flex?: number;
  /** One line cut with an ellipsis, the whole text on hover; other cells wrap and the row grows. */
  nowrap?: boolean;
  /** Ids and free texts may break inside a word; names break between words only. */
  breakAnywhere?: boolean;
  mono?: boolean;
  /** A click on the text copies it to the clipboard ("Copied!"). */
  copy?: boolean;
  /** Hidden until shown from the Columns menu. */
  hidden?: boolean;
  /** false: always shown, not listed in the Columns menu (action buttons). */
  hideable?: boolean;
  /** Cells of this row that this cell spans (one cell in place of several). */
  colSpan?: (row: Row) => number;
  /** Stays in view at the right edge when the columns are wider than the table (row actions). */
  stickyRight?: boolean;
  /** A class of the whole cell (quality colours). */
  cellClassName?: (row: Row) => string | undefined;
  /** `data-*` attributes of the cell. */
  cellData?: (row: Row) => Record<`data-${string}`, string | undefined>;
}

/** Paging by the server: the rows are one page of `total`. */
export interface ServerPaging {
  mode: 'server';
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting: `total` is a lower bound ("of more than N"). */
  totalIsLowerBound?: boolean;
  /** Cursor paging knows whether a next page exists better than the total. */
  hasNextPage?: boolean;
  pageSizeOptions: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
}

/** Paging of rows all held by the table; the footer shows once they outgrow the smallest page. */
export interface ClientPaging {
  mode: 'client';
  /** The first option is the starting size (default 10). */
  pageSizeOptions?: readonly number[];
  /** A new value goes back to the first page (a new search). */
  resetKey?: string;
}

export interface ServerSorting {
  mode: 'server';
  field: string;
  direction: SortDirection;
  /** A click on a new column asks for it descending, a second click ascending. */
  onChange: (field: string, direction: SortDirection) => void;
}

export interface ClientSorting {
  mode: 'client';
  initial?: { field: string; direction: SortDirection };
}

export interface DataTableTestIds {
  /** The table's outer box. */
  table?: string;
  /** Each data row (default `<table>-row`). */
  row?: string;
  /** The empty text (default `<table>-empty`). */
  empty?: string;
  /** Each skeleton row (default `<table>-skeleton-row`). */
  skeleton?: string;
}

export interface DataTableProps<Row> {
  /** The accessible name of the grid. */
  label: string;
  rows: readonly Row[] | undefined;
  columns: readonly DataTableColumn<Row>[];
  getRowId: (row: Row) => string;
  /** A progress bar over the rows shown (a refetch); `rows` undefined shows skeleton rows. */
  loading?: boolean;
  skeletonRows?: number;
  /** The spec's text of the table when it has no rows. */
  emptyText: string;
  paging?: ServerPaging | ClientPaging;
  sorting?: ServerSorting | ClientSorting;
  /** Saves the shown columns under this key (one per page) and offers a Columns menu. */
  columnVisibilityKey?: string;
  /** A "Download CSV" button: `rows` fetches every row to save (else the table's rows). */
  csv?: { rows?: () => Promise<readonly Row[]>; disabled?: boolean };
  /** Content of the bar above the grid, at its left (a search box). */
  header?: ReactNode;
  /** Buttons of the bar above the grid, at its right, before Download CSV. */
  actions?: ReactNode;
  /** Makes rows expandable: a toggle in the first column shows this under the row. */
  renderDetail?: (row: Row) => ReactNode;
  onRowClick?: (row: Row) => void;
  /** `data-*` attributes of each data row. */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  testIds?: DataTableTestIds;
  /** The grid scrolls inside this height (long lists) instead of growing with its rows. */
  maxHeight?: number;
  /** No outline of its own: the table sits inside another card. */
  bare?: boolean;
  /** Headers tall enough for titles of three lines (narrow columns of long names); else two. */
  tallHeaders?: boolean;
  /** Styles of the grid added to the table's own (colours of cell classes). */
  sx?: SxProps<Theme>;
}

interface TableContext {
  emptyText: string;
  emptyTestId: string;
  rowAttributes: (line: DisplayRow<unknown>) => Record<string, string>;
  cellAttributes: (field: string, line: DisplayRow<unknown>) => Record<string, string | undefined>;
}

const Context = createContext<TableContext | null>(null);

function useTable(): TableContext {
  const table = useContext(Context);
  if (!table) throw new Error('DataTable slots render inside a DataTable');
  return table;
}

const asLine = (row: unknown) => row as DisplayRow<unknown>;

function LineRow(props: GridRowProps) {
  const table = useTable();
  return <GridRow {...props} {...table.rowAttributes(asLine(props.row))} />;
}

function LineCell(props: GridCellProps) {
  const table = useTable();
  return <GridCell {...props} {...table.cellAttributes(props.column.field, asLine(props.row))} />;
}

function EmptyOverlay() {
  const table = useTable();
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center', px: 2 }}>
      <Typography color="text.secondary" data-testid={table.emptyTestId}>
        {table.emptyText}
      </Typography>
    </Box>
  );
}

// Stable slot components (new ones on each render would remount every row).
const SLOTS = { row: LineRow, cell: LineCell, noRowsOverlay: EmptyOverlay } as const;
// The Columns menu lists only the columns a user may hide (not toggles or row buttons).
const SLOT_PROPS = {
  columnsManagement: {
    getTogglableColumns: (all: GridColDef[]) =>
      all.filter((c) => c.hideable !== false).map((c) => c.field),
  },
} as const;
const EXPAND_FIELD = '__expand';
/** Above this many lines the grid draws only the rows in view. */
const VIRTUALIZE_FROM = 200;
const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';

function cellText<Row>(column: DataTableColumn<Row>, row: Row): ReactNode {
  if (column.render) return column.render(row);
  const text = column.text?.(row) ?? '';
  if (column.copy) return <CopyCell value={text} mono={column.mono} />;
  if (column.nowrap)
    return (
      <Box component="span" title={text} className="DataTable-ellipsis">
        {text}
      </Box>
    );
  return text;
}

/**
 * The project's table (MUI X Data Grid, community): server or client paging and sorting,
 * skeleton rows while loading, the spec's empty text, columns shown per page, CSV download,
 * expandable rows and click-to-copy cells.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { columns, paging, sorting, renderDetail, columnVisibilityKey } = props;
  const apiRef = useGridApiRef();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [clientSort, setClientSort] = useState(
    sorting?.mode === 'client' ? (sorting.initial ?? null) : null,
  );
  const clientOptions =
    paging?.mode === 'client'
      ? (paging.pageSizeOptions ?? TABLE_PAGING.default.options)
      : TABLE_PAGING.default.options;
  const [clientSize, setClientSize] = useState<number>(
    clientOptions[0] ?? TABLE_PAGING.default.size,
  );
  const resetKey = paging?.mode === 'client' ? paging.resetKey : undefined;
  const [clientPage, setClientPage] = useState({ key: resetKey, page: 0 });
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>(() => ({
    ...Object.fromEntries(columns.filter((c) => c.hidden).map((c) => [c.field, false])),
    ...(columnVisibilityKey ? readColumnVisibility(columnVisibilityKey) : {}),
  }));

  const data = useMemo(() => props.rows ?? [], [props.rows]);
  const sorted = useMemo(() => {
    if (!clientSort) return data;
    const column = columns.find((c) => c.field === clientSort.field);
    if (!column) return data;
    const value = column.sortValue ?? column.text ?? (() => null);
    return sortRows(data, value, clientSort.direction);
  }, [data, columns, clientSort]);

  // Client paging: the page in view, back to the first one when the reset key changes.
  const requestedPage = clientPage.key === resetKey ? clientPage.page : 0;
  const clientCurrent = Math.min(requestedPage, lastPage(sorted.length, clientSize));
  const pageRows =
    paging?.mode === 'client'
      ? sorted.slice(clientCurrent * clientSize, (clientCurrent + 1) * clientSize)
      : sorted;

  const lines =
    props.rows === undefined
      ? skeletonRows<Row>(props.skeletonRows ?? SKELETON_ROWS.table)
      : toDisplayRows(pageRows, props.getRowId, expanded);

  const table = props.testIds?.table;
  const testIds = {
    row: props.testIds?.row ?? `${table ?? 'table'}-row`,
    empty: props.testIds?.empty ?? `${table ?? 'table'}-empty`,
    skeleton: props.testIds?.skeleton ?? `${table ?? 'table'}-skeleton-row`,
  };
  const rowData = props.rowData;
  const context: TableContext = {
    emptyText: props.emptyText,
    emptyTestId: testIds.empty,
    rowAttributes: (line) =>
      line.kind === 'row'
        ? { 'data-testid': testIds.row, ...(rowData?.(line.row as Row) ?? {}) }
        : { 'data-testid': line.kind === 'skeleton' ? testIds.skeleton : `${testIds.row}-detail` },
    cellAttributes: (field, line) => {
      if (line.kind !== 'row') return {};
      return columns.find((c) => c.field === field)?.cellData?.(line.row as Row) ?? {};
    },
  };

  const shownColumns = columns.filter((c) => visibility[c.field] !== false).length;
  // A column scrolled into view (keyboard, find in page) stops clear of the sticky columns
  // rather than under them (issue 33): the scroll container's padding on that side.
  const stickyWidth = columns
    .filter((c) => c.stickyRight && visibility[c.field] !== false)
    .reduce((sum, c) => sum + (c.width ?? c.minWidth ?? 90), 0);
  const stickySx = stickyWidth > 0 && {
    '& .MuiDataGrid-virtualScroller': { scrollPaddingRight: `${stickyWidth}px` },
  };
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const gridColumns: GridColDef<DisplayRow<Row>>[] = columns.map((column) => ({
    field: column.field,
    headerName: column.headerName,
    sortable: !!column.sortable && !!sorting,
    hideable: column.hideable ?? true,
    disableColumnMenu: true,
    width: column.width,
    minWidth: column.minWidth ?? column.width ?? 90,
    maxWidth: column.maxWidth,
    flex: column.width ? undefined : (column.flex ?? 1),
    align: column.align ?? 'left',
    headerAlign: column.align ?? 'left',
    headerClassName: column.stickyRight ? 'DataTable-stickyRight' : undefined,
    colSpan: (_value, row) => (row.kind === 'row' ? (column.colSpan?.(row.row) ?? 1) : 1),
    cellClassName: ({ row }) =>
      [
        column.nowrap ? 'DataTable-nowrap' : '',
        column.breakAnywhere ? 'DataTable-anywhere' : '',
        column.mono ? 'DataTable-mono' : '',
        column.stickyRight ? 'DataTable-stickyRight' : '',
        row.kind === 'row' ? (column.cellClassName?.(row.row) ?? '') : '',
      ].join(' '),
    renderCell: ({ row }) =>
      row.kind === 'row' ? (
        cellText(column, row.row)
      ) : row.kind === 'skeleton' ? (
        <Skeleton variant="text" sx={{ width: '70%' }} />
      ) : null,
  }));
  if (renderDetail)
    gridColumns.unshift({
      field: EXPAND_FIELD,
      headerName: '',
      width: 52,
      sortable: false,
      hideable: false,
      disableColumnMenu: true,
      resizable: false,
      colSpan: (_value, row) => (row.kind === 'detail' ? shownColumns + 1 : 1),
      cellClassName: ({ row }) => (row.kind === 'detail' ? 'DataTable-detail' : ''),
      renderCell: ({ row }) => {
        if (row.kind === 'detail') return renderDetail(row.row);
        if (row.kind !== 'row') return null;
        const open = expanded.has(row.id);
        return (
          <IconButton
            size="small"
            aria-label={open ? 'Collapse row' : 'Expand row'}
            aria-expanded={open}
            onClick={(event) => {
              event.stopPropagation();
              toggle(row.id);
            }}
          >
            {open ? (
              <KeyboardArrowDownRoundedIcon fontSize="small" />
            ) : (
              <KeyboardArrowRightRoundedIcon fontSize="small" />
            )}
          </IconButton>
        );
      },
    });

  const sortModel: GridSortModel =
    sorting?.mode === 'server'
      ? [{ field: sorting.field, sort: sorting.direction }]
      : clientSort
        ? [{ field: clientSort.field, sort: clientSort.direction }]
        : [];
  const onSortModelChange = (model: GridSortModel) => {
    const first = model[0];
    if (!first?.sort) return;
    if (sorting?.mode === 'server') sorting.onChange(first.field, first.sort);
    else setClientSort({ field: first.field, direction: first.sort });
  };

  const onRowClick = props.onRowClick;
  const showBar = !!(props.header || props.actions || props.csv || columnVisibilityKey);
  const Container = props.bare ? Box : Paper;

  return (
    <Context.Provider value={context}>
      <Container
        {...(props.bare ? {} : { variant: 'outlined' as const })}
        data-testid={table}
        sx={{ minWidth: 0, overflow: 'hidden' }}
      >
        {showBar && (
          <Stack
            direction="row"
            sx={{
              px: 2,
              py: 1,
              gap: 1,
              alignItems: 'center',
              flexWrap: 'wrap',
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>{props.header}</Box>
            {columnVisibilityKey && (
              <Button
                size="small"
                startIcon={<ViewColumnRoundedIcon />}
                onClick={() => apiRef.current?.showPreferences(GridPreferencePanelsValue.columns)}
              >
                Columns
              </Button>
            )}
            {props.actions}
            {props.csv && (
              <DownloadCsvButton
                disabled={props.csv.disabled ?? data.length === 0}
                fetchRows={props.csv.rows ?? (() => Promise.resolve(sorted))}
                columns={columns.filter((c) => c.text && visibility[c.field] !== false)}
              />
            )}
          </Stack>
        )}
        <Box
          sx={{
            position: 'relative',
            display: 'flex',
            flexDirection: 'column',
            maxHeight: props.maxHeight,
            minWidth: 0,
          }}
        >
          {props.loading && props.rows && (
            <LinearProgress
              aria-label={`Loading ${props.label}`}
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2, height: 3 }}
            />
          )}
          <DataGrid<DisplayRow<Row>>
            apiRef={apiRef}
            aria-label={props.label}
            rows={lines}
            columns={gridColumns}
            getRowId={(line) => line.id}
            getRowHeight={() => 'auto'}
            getRowClassName={({ row }) =>
              row.kind === 'detail'
                ? 'DataTable-detailRow'
                : onRowClick && row.kind === 'row'
                  ? 'DataTable-clickable'
                  : ''
            }
            onRowClick={({ row }) => {
              if (onRowClick && row.kind === 'row') onRowClick(row.row);
            }}
            density="compact"
            // Compact density scales these by 0.7: room for two lines of title (34 px), or three.
            columnHeaderHeight={props.tallHeaders ? 80 : 48}
            slots={SLOTS}
            slotProps={SLOT_PROPS}
            // The table pages and sorts itself; the grid shows the lines it is given.
            paginationMode="server"
            sortingMode="server"
            rowCount={lines.length}
            paginationModel={{ page: 0, pageSize: 100 }}
            hideFooter
            sortModel={sortModel}
            onSortModelChange={onSortModelChange}
            sortingOrder={sorting?.mode === 'server' ? ['desc', 'asc'] : ['asc', 'desc']}
            disableColumnSorting={!sorting}
            columnVisibilityModel={visibility}
            onColumnVisibilityModelChange={(model) => {
              setVisibility(model);
              if (columnVisibilityKey) saveColumnVisibility(columnVisibilityKey, model);
            }}
            disableColumnFilter
            disableColumnMenu
            disableRowSelectionOnClick
            rowSelection={false}
            disableVirtualization={lines.length <= VIRTUALIZE_FROM}
            sx={[gridSx, stickySx, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
          />
        </Box>
        {paging?.mode === 'server' && (
          <TablePagination
            component="div"
            data-testid={table ? `${table}-pagination` : undefined}
            count={paging.totalIsLowerBound ? -1 : paging.total}
            page={serverPage(paging)}
            rowsPerPage={paging.pageSize}
            rowsPerPageOptions={[...paging.pageSizeOptions]}
            onPageChange={(_event, page) => paging.onPageChange(page)}
            onRowsPerPageChange={(event) => paging.onPageSizeChange?.(Number(event.target.value))}
            labelDisplayedRows={() => {
              const from = serverPage(paging) * paging.pageSize;
              const total = paging.totalIsLowerBound
                ? `more than ${paging.total.toLocaleString('en-US')}`
                : paging.total;
              return `${pageRows.length ? from + 1 : 0}–${from + pageRows.length} of ${total}`;
            }}
            slotProps={
              paging.hasNextPage === undefined
                ? undefined
                : { actions: { nextButton: { disabled: !paging.hasNextPage } } }
            }
          />
        )}
        {paging?.mode === 'client' && sorted.length > Math.min(...clientOptions) && (
          <TablePagination
            component="div"
            data-testid={table ? `${table}-pagination` : undefined}
            count={sorted.length}
            page={clientCurrent}
            rowsPerPage={clientSize}
            rowsPerPageOptions={[...clientOptions]}
            onPageChange={(_event, page) => setClientPage({ key: resetKey, page })}
            onRowsPerPageChange={(event) => {
              setClientSize(Number(event.target.value));
              setClientPage({ key: resetKey, page: 0 });
            }}
          />
        )}
      </Container>
    </Context.Provider>
  );
}

/** The page asked for, or the last one with rows when the total shrank under it. */
function serverPage(paging: ServerPaging): number {
  if (paging.totalIsLowerBound || paging.total === 0) return paging.page;
  return Math.min(paging.page, lastPage(paging.total, paging.pageSize));
}

const gridSx = {
  border: 0,
  borderRadius: 0,
  '--DataGrid-overlayHeight': '120px',
  fontSize: '0.8125rem',
  // Long titles of narrow columns wrap onto a second line rather than being cut.
  '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, lineHeight: 1.25, whiteSpace: 'normal' },
  '& .MuiDataGrid-columnHeader--alignRight .MuiDataGrid-columnHeaderTitle': { textAlign: 'right' },
  '& .MuiDataGrid-cell': {
    display: 'flex',
    alignItems: 'center',
    py: '6px',
    lineHeight: 1.43,
    whiteSpace: 'normal',
    overflowWrap: 'break-word',
    minWidth: 0,
  },
  '& .MuiDataGrid-cell.DataTable-anywhere': { overflowWrap: 'anywhere' },
  '& .MuiDataGrid-cell.DataTable-mono': { fontFamily: MONO, fontSize: '0.78rem' },
  '& .DataTable-ellipsis': {
    display: 'block',
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .MuiDataGrid-cell.DataTable-detail': {
    display: 'block',
    py: 1.5,
    px: 2,
    bgcolor: 'action.hover',
  },
  '& .DataTable-detailRow:hover': { bgcolor: 'transparent' },
  '& .DataTable-clickable': { cursor: 'pointer' },
  '& .DataTable-stickyRight': {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    // The edge and a soft shadow: columns scroll on under it (issue 33).
    boxShadow: 'inset 1px 0 0 rgba(0, 0, 0, 0.08), -6px 0 6px -6px rgba(0, 0, 0, 0.18)',
  },
  // Focus rings for the keyboard only: a click on a cell does not outline it.
  '& .MuiDataGrid-cell:focus, & .MuiDataGrid-cell:focus-within, & .MuiDataGrid-columnHeader:focus, & .MuiDataGrid-columnHeader:focus-within':
    { outline: 'none' },
  '& .MuiDataGrid-cell:focus-visible, & .MuiDataGrid-columnHeader:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: '-2px',
  },
} as const;
