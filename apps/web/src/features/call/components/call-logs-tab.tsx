import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { CALL_DETAIL_TEXTS, type CallDetail, type LogLevel } from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { formatDateTime } from '../format.ts';
import { DetailEmpty } from './detail-states.tsx';

const LEVEL_COLORS: Record<LogLevel, 'info' | 'warning' | 'error'> = {
  INFO: 'info',
  WARN: 'warning',
  ERROR: 'error',
};

type Hit = CallDetail['logs']['hits']['hits'][number];

const COLUMNS: DataTableColumn<Hit>[] = [
  {
    field: 'time',
    headerName: 'Time',
    width: 170,
    nowrap: true,
    text: (h) => formatDateTime(h._source.time),
  },
  {
    field: 'level',
    headerName: 'Level',
    width: 90,
    text: (h) => h._source.level,
    render: ({ _source: log }) => (
      <Chip size="small" variant="outlined" color={LEVEL_COLORS[log.level]} label={log.level} />
    ),
  },
  { field: 'agent', headerName: 'Agent', width: 160, text: (h) => h._source.agent },
  {
    field: 'text',
    headerName: 'Text',
    minWidth: 240,
    mono: true,
    breakAnywhere: true,
    text: (h) => h._source.text,
  },
];

/** The Softphone Logs tab: the call's log lines in time order. */
export function CallLogsTab({ logs }: { logs: CallDetail['logs'] }) {
  const { hits, total } = logs.hits;
  if (hits.length === 0) return <DetailEmpty text={CALL_DETAIL_TEXTS.noLogs} />;
  return (
    <>
      <DataTable
        label="Softphone logs"
        rows={hits}
        getRowId={(h) => h._id}
        columns={COLUMNS}
        emptyText={CALL_DETAIL_TEXTS.noLogs}
        maxHeight={640}
      />
      {total.relation === 'gte' && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ p: 1.5 }}>
          Showing the first {total.value} lines of this call.
        </Typography>
      )}
    </>
  );
}
