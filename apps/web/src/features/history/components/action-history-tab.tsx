import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_RANGES,
  WORKFLOW_LIMITS,
  WORKFLOW_TEXTS,
  type ActionHistoryItem,
} from '@callsight/shared';
import { useTimeRangeParam } from '../../../components/time-range-picker/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useActionHistory } from '../api/get-action-history.ts';
import { HISTORY_PARAMS, rangeParams, readPage, useHistoryParams } from '../url.ts';
import { HistoryTable, type HistoryColumn } from './history-table.tsx';
import { RangeToolbar } from './range-toolbar.tsx';
import { actionText, applicationText, timestampText, triggerText } from './labels.ts';

const SIZE = WORKFLOW_LIMITS.historyPageSize;

/** The Workflow Actions tab: every firing of the group's workflows (default last 15 minutes). */
export function ActionHistoryTab() {
  const { groupId = '' } = useParams();
  const [range] = useTimeRangeParam(DEFAULT_RANGES.history);
  const [params, update] = useHistoryParams();
  const page = readPage(params);
  const history = useActionHistory(groupId, { range, page, size: SIZE });

  const columns: HistoryColumn<ActionHistoryItem>[] = [
    {
      id: 'timestamp',
      label: 'Timestamp',
      nowrap: true,
      cell: (r) => timestampText(r._source.timestamp),
    },
    { id: 'workflow', label: 'Workflow', cell: (r) => r._source.workflowName },
    {
      id: 'application',
      nowrap: true,
      label: 'Application',
      cell: (r) => applicationText(r._source.application),
    },
    { id: 'trigger', nowrap: true, label: 'Trigger', cell: (r) => triggerText(r._source.trigger) },
    { id: 'action', label: 'Action', cell: (r) => actionText(r._source.action) },
    {
      id: 'contactId',
      label: 'Contact Id',
      breakAnywhere: true,
      cell: (r) =>
        r._source.contactId ? (
          <Link component={RouterLink} to={paths.call.getHref(groupId, r._source.contactId)}>
            {r._source.contactId}
          </Link>
        ) : (
          '—'
        ),
    },
    { id: 'agent', label: 'Agent', cell: (r) => r._source.agentName ?? '—' },
    {
      id: 'response',
      label: 'Response',
      minWidth: 220,
      breakAnywhere: true,
      cell: (r) => (
        <Typography
          variant="body2"
          color={r._source.result === 'failure' ? 'error' : 'text.primary'}
          data-result={r._source.result}
        >
          {r._source.response}
        </Typography>
      ),
    },
  ];

  return (
    <>
      <RangeToolbar range={range} onRange={(r) => update(rangeParams(r))} />
      {history.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          data-testid="action-history-error"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              Retry
            </Button>
          }
        >
          {WORKFLOW_TEXTS.historyFailed}
        </Alert>
      )}
      <HistoryTable
        label="Workflow Actions"
        testId="action-history"
        columns={columns}
        rows={history.isError ? [] : history.data?.data}
        rowKey={(r) => r._id}
        total={history.data?.total ?? history.data?.data.length ?? 0}
        loading={history.isFetching}
        page={page}
        size={SIZE}
        sizeOptions={[SIZE]}
        onPage={(p) => update({ [HISTORY_PARAMS.page]: String(p) })}
      />
    </>
  );
}
