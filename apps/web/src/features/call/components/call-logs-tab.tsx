import Chip from '@mui/material/Chip';
import { CALL_DETAIL_TEXTS, type CallDetail, type LogLevel } from '@callsight/shared';
import type { DataTableColumn } from '../../../components/data-table/index.ts';
import { HitsTable, timeColumn } from './hits-table.tsx';

const LEVEL_COLORS: Record<LogLevel, 'info' | 'warning' | 'error'> = {
  INFO: 'info',
  WARN: 'warning',
  ERROR: 'error',
};

type Hit = CallDetail['logs']['hits']['hits'][number];

const COLUMNS: DataTableColumn<Hit>[] = [
  timeColumn(),
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
  return (
    <HitsTable
      label="Softphone logs"
      hits={logs.hits.hits}
      total={logs.hits.total}
      columns={COLUMNS}
      emptyText={CALL_DETAIL_TEXTS.noLogs}
      unit="lines"
    />
  );
}
