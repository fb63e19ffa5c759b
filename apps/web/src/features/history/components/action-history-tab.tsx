import { useState } from 'react';
import { useParams } from 'react-router';
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
import { RetryAlert } from '../../../components/load-state/index.ts';
import { useTimeRangeParam } from '../../../components/time-range-picker/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useActionHistory } from '../api/get-action-history.ts';
import { HISTORY_PARAMS, rangeParams, readPage, useHistoryParams } from '../url.ts';
import { RangeToolbar } from './range-toolbar.tsx';
import { ContactIdCell, ResponseCell } from './history-cells.tsx';
import { actionText, applicationText, timestampText, triggerText } from './labels.ts';

const SIZE = WORKFLOW_LIMITS.historyPageSize;

/** The Workflow Actions tab: every firing of the group's workflows (default last 15 minutes). */
export function ActionHistoryTab() {
  const { groupId = '' } = useParams();
  const [range] = useTimeRangeParam(DEFAULT_RANGES.history);
  const [params, update] = useHistoryParams();
  const page = readPage(params);
  const history = useActionHistory(groupId, { range, page, size: SIZE });

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // The minimum widths stay under the content width at 1280 px (926 px), so nothing scrolls out
  // of view: one-line cells are cut with an ellipsis (whole text on hover), names wrap, and the
  // response takes the free width, three lines at most until "Show all".
  const columns: DataTableColumn<ActionHistoryItem>[] = [
    {
      field: 'timestamp',
      headerName: 'Timestamp',
      nowrap: true,
      width: 165,
      text: (r) => timestampText(r._source.timestamp),
    },
    {
      field: 'workflow',
      headerName: 'Workflow',
      minWidth: 90,
      flex: 1,
      breakAnywhere: true,
      text: (r) => r._source.workflowName,
    },
    {
      field: 'application',
      headerName: 'Application',
      minWidth: 105,
      flex: 0.8,
      text: (r) => applicationText(r._source.application),
    },
    {
      field: 'trigger',
      headerName: 'Trigger',
      minWidth: 80,
      flex: 0.7,
      text: (r) => triggerText(r._source.trigger),
    },
    {
      field: 'action',
      headerName: 'Action',
      minWidth: 80,
      flex: 0.7,
      text: (r) => actionText(r._source.action),
    },
    {
      field: 'contactId',
      headerName: 'Contact Id',
      width: 135,
      text: (r) => r._source.contactId ?? '—',
      render: (r) =>
        r._source.contactId ? (
          <ContactIdCell
            contactId={r._source.contactId}
            href={paths.call.getHref(groupId, r._source.contactId)}
          />
        ) : (
          '—'
        ),
    },
    {
      field: 'agent',
      headerName: 'Agent',
      nowrap: true,
      minWidth: 110,
      flex: 0.9,
      text: (r) => r._source.agentName ?? '—',
    },
    {
      field: 'response',
      headerName: 'Response',
      minWidth: 150,
      flex: 2,
      text: (r) => r._source.response,
      render: (r) => (
        <ResponseCell
          text={r._source.response}
          failed={r._source.result === 'failure'}
          expanded={expanded.has(r._id)}
          onToggle={() => toggle(r._id)}
        />
      ),
    },
  ];

  return (
    <>
      <RangeToolbar range={range} onRange={(r) => update(rangeParams(r))} />
      {history.isError && (
        <RetryAlert testId="action-history-error" onRetry={() => void history.refetch()}>
          {WORKFLOW_TEXTS.historyFailed}
        </RetryAlert>
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
