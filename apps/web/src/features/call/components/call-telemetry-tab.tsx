import Typography from '@mui/material/Typography';
import { CALL_DETAIL_TEXTS, type CallDetail } from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { formatDateTime, textOrNA } from '../format.ts';
import { DetailEmpty } from './detail-states.tsx';

type Hit = CallDetail['telemetry']['hits']['hits'][number];

const COLUMNS: DataTableColumn<Hit>[] = [
  {
    field: 'time',
    headerName: 'Time',
    width: 170,
    nowrap: true,
    text: (h) => formatDateTime(h._source.time),
  },
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
  const { hits, total } = telemetry.hits;
  if (hits.length === 0) return <DetailEmpty text={CALL_DETAIL_TEXTS.noData} />;
  return (
    <>
      <DataTable
        label="Telemetry events"
        rows={hits}
        getRowId={(h) => h._id}
        columns={COLUMNS}
        emptyText={CALL_DETAIL_TEXTS.noData}
        maxHeight={640}
      />
      {total.relation === 'gte' && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ p: 1.5 }}>
          Showing the first {total.value} events of this call.
        </Typography>
      )}
    </>
  );
}
