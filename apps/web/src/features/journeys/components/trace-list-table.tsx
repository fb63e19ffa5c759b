import {
  TRACE_LIST,
  TRACE_TEXTS,
  formatDisplayDate,
  formatDurationMs,
  type TraceListPage,
} from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';

type Trace = TraceListPage['data'][number];

const COLUMNS: DataTableColumn<Trace>[] = [
  {
    field: 'traceId',
    headerName: 'Journey ID',
    flex: 2,
    mono: true,
    breakAnywhere: true,
    text: (t) => t.traceId,
  },
  {
    field: 'startTime',
    headerName: 'Start Time',
    sortable: true,
    nowrap: true,
    minWidth: 160,
    text: (t) => formatDisplayDate(t.startTime),
  },
  { field: 'serviceName', headerName: 'Service', text: (t) => t.serviceName },
  { field: 'spanCount', headerName: 'Spans', align: 'right', text: (t) => String(t.spanCount) },
  {
    field: 'duration',
    headerName: 'Duration',
    align: 'right',
    text: (t) => formatDurationMs(t.duration),
  },
];

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
  return (
    <DataTable
      label="Journeys"
      testIds={{ table: 'trace-list', row: 'trace-row' }}
      // A failed fetch shows the empty text under its alert, not endless skeletons.
      rows={page?.data ?? (loading ? undefined : [])}
      columns={COLUMNS}
      getRowId={(t) => t.traceId}
      loading={loading}
      emptyText={TRACE_TEXTS.noTraces}
      onRowClick={(t) => onOpen(t.traceId)}
      rowData={(t) => ({ 'data-trace-id': t.traceId })}
      sorting={{ mode: 'server', field: 'startTime', direction: sortDirection, onChange: onSort }}
      paging={{
        mode: 'server',
        page: pageIndex,
        pageSize: size,
        total: page?.meta.page.total ?? 0,
        totalIsLowerBound: page?.meta.page.totalRelation === 'gte',
        hasNextPage: !!page?.links.next,
        pageSizeOptions: TRACE_LIST.pageSizeOptions,
        onPageChange: onPage,
        onPageSizeChange: onSize,
      }}
    />
  );
}
