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
import {
  DataTable,
  NO_MATCHING_RECORDS,
  TABLE_PAGING,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';
import { useTimeRangeParam } from '../../../components/time-range-picker/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useActionHistory } from '../api/get-action-history.ts';
import { HISTORY_PARAMS, rangeParams, readPage, useHistoryParams } from '../url.ts';
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

  const columns: DataTableColumn<ActionHistoryItem>[] = [
    {
      field: 'timestamp',
      headerName: 'Timestamp',
      nowrap: true,
      minWidth: 170,
      text: (r) => timestampText(r._source.timestamp),
    },
    { field: 'workflow', headerName: 'Workflow', text: (r) => r._source.workflowName },
    {
      field: 'application',
      headerName: 'Application',
      nowrap: true,
      minWidth: 130,
      text: (r) => applicationText(r._source.application),
    },
    {
      field: 'trigger',
      headerName: 'Trigger',
      nowrap: true,
      minWidth: 130,
      text: (r) => triggerText(r._source.trigger),
    },
    { field: 'action', headerName: 'Action', text: (r) => actionText(r._source.action) },
    {
      field: 'contactId',
      headerName: 'Contact Id',
      breakAnywhere: true,
      text: (r) => r._source.contactId ?? '—',
      render: (r) =>
        r._source.contactId ? (
          <Link component={RouterLink} to={paths.call.getHref(groupId, r._source.contactId)}>
            {r._source.contactId}
          </Link>
        ) : (
          '—'
        ),
    },
    { field: 'agent', headerName: 'Agent', text: (r) => r._source.agentName ?? '—' },
    {
      field: 'response',
      headerName: 'Response',
      minWidth: 220,
      flex: 2,
      breakAnywhere: true,
      text: (r) => r._source.response,
      render: (r) => (
        <Typography
          variant="body2"
          color={r._source.result === 'failure' ? 'error' : 'text.primary'}
          data-result={r._source.result}
          sx={{ fontSize: 'inherit' }}
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
      <DataTable
        label="Workflow Actions"
        testIds={{ table: 'action-history' }}
        columns={columns}
        rows={history.isError ? [] : history.data?.data}
        getRowId={(r) => r._id}
        loading={history.isFetching}
        emptyText={NO_MATCHING_RECORDS}
        columnVisibilityKey="history/workflow-actions"
        paging={{
          mode: 'server',
          page,
          pageSize: SIZE,
          total: history.data?.total ?? history.data?.data.length ?? 0,
          pageSizeOptions: TABLE_PAGING.history.options,
          onPageChange: (p) => update({ [HISTORY_PARAMS.page]: String(p) }),
        }}
      />
    </>
  );
}
