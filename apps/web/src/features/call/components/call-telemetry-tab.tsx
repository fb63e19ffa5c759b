import { CALL_DETAIL_TEXTS, type CallDetail } from '@callsight/shared';
import type { DataTableColumn } from '../../../components/data-table/index.ts';
import { textOrNA } from '../format.ts';
import { HitsTable, timeColumn } from './hits-table.tsx';

type Hit = CallDetail['telemetry']['hits']['hits'][number];

const COLUMNS: DataTableColumn<Hit>[] = [
  timeColumn(),
  { field: 'type', headerName: 'Type', width: 180, text: (h) => h._source.type },
  { field: 'agent', headerName: 'Agent', width: 160, text: (h) => textOrNA(h._source.agent) },
  {
    field: 'data',
    headerName: 'Data',
    minWidth: 240,
    mono: true,
    breakAnywhere: true,
    text: (h) => (h._source.data ? JSON.stringify(h._source.data) : CALL_DETAIL_TEXTS.dash),
  },
];

/** The Telemetry tab: the softphone's telemetry events of the call, data as sent. */
export function CallTelemetryTab({ telemetry }: { telemetry: CallDetail['telemetry'] }) {
  return (
    <HitsTable
      label="Telemetry events"
      hits={telemetry.hits.hits}
      total={telemetry.hits.total}
      columns={COLUMNS}
      emptyText={CALL_DETAIL_TEXTS.noData}
      unit="events"
    />
  );
}
