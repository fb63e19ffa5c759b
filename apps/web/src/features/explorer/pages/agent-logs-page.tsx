import { useParams } from 'react-router';
import Chip from '@mui/material/Chip';
import {
  AGENT_LOG_SORT_COLUMNS,
  EXPLORER_EXPORTS,
  EXPLORER_LIMITS,
  EXPLORER_TEXTS,
  type AgentLogRow,
} from '@callsight/shared';
import { getAgentLogs, useAgentLogs } from '../api/get-agent-logs.ts';
import { AGENT_LOG_COLUMNS, type ExplorerColumn } from '../components/columns.ts';
import { ExplorerTable, listTableProps } from '../components/explorer-table.tsx';
import { ListError } from '../components/list-error.tsx';
import { ListToolbar } from '../components/list-toolbar.tsx';
import { DownloadButton, downloadText } from '../../../components/data-table/index.ts';
import { useExplorerView } from '../state/use-explorer-view.ts';

const LEVEL_COLOURS = { ERROR: 'error', WARN: 'warning', INFO: 'default' } as const;

function levelCell(column: ExplorerColumn<AgentLogRow>, row: AgentLogRow) {
  if (column.id !== 'level') return undefined;
  const color = LEVEL_COLOURS[row.level as keyof typeof LEVEL_COLOURS] ?? 'default';
  return <Chip size="small" label={row.level} color={color} variant="outlined" />;
}

/** /explorer/logs: softphone log lines filtered by agent and level. */
export function AgentLogsPage() {
  const { groupId = '' } = useParams();
  const view = useExplorerView({
    list: 'logs',
    sortColumns: AGENT_LOG_SORT_COLUMNS,
    defaultSort: 'time',
  });
  const logs = useAgentLogs(groupId, view.request);
  const all = () => getAgentLogs(view.request, { size: EXPLORER_LIMITS.downloadSize, from: 0 });

  async function downloadJson() {
    const page = await all();
    downloadText(
      EXPLORER_EXPORTS.agentLogs,
      JSON.stringify(page.rows, null, 2),
      'application/json',
    );
  }

  const empty = !logs.data || logs.data.total === 0;
  return (
    <>
      <ListToolbar list="logs" view={view} />
      {logs.isError && <ListError error={logs.error} onRetry={() => void logs.refetch()} />}
      <ExplorerTable
        label={EXPLORER_TEXTS.softphoneLogsTab}
        testId="agent-logs"
        columns={AGENT_LOG_COLUMNS}
        {...listTableProps(view, logs)}
        rowKey={(row) => row.id}
        renderCell={levelCell}
        csvRows={async () => (await all()).rows}
        actions={<DownloadButton label="Download JSON" run={downloadJson} disabled={empty} />}
      />
    </>
  );
}
