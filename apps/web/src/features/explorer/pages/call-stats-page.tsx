import { useCallback, useEffect, useRef } from 'react';
import { Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  CALL_STATS_SORT_COLUMNS,
  EXPLORER_LIMITS,
  EXPLORER_TEXTS,
  type CallStatsRow,
} from '@callsight/shared';
import { TestCallBadge } from '../../../components/test-call-badge/index.ts';
import { usePageMessages } from '../../../lib/socket.ts';
import { callStatsKey, getCallStats, useCallStats } from '../api/get-call-stats.ts';
import { CallDetailModal } from '../components/call-detail-modal.tsx';
import { CALL_STATS_COLUMNS, type ExplorerColumn } from '../components/columns.ts';
import { ExplorerTable, listTableProps } from '../components/explorer-table.tsx';
import { ListError } from '../components/list-error.tsx';
import { ListToolbar } from '../components/list-toolbar.tsx';
import { useExplorerView } from '../state/use-explorer-view.ts';

/** Push page of the explorer (spec 002 §7.6); the server announces new calls there. */
export const EXPLORER_PUSH_PAGE = 'explorer';
/** New calls arrive in bursts: refresh at most this often. */
const REFRESH_THROTTLE_MS = 2_000;

/** Refreshes the call lists when the server announces a new call, at most every 2 s. */
function useRefreshOnNewCalls(groupId: string) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const onMessage = useCallback(
    (data: unknown) => {
      const isCall =
        typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'call';
      if (!isCall || timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        void queryClient.invalidateQueries({ queryKey: callStatsKey(groupId) });
      }, REFRESH_THROTTLE_MS);
    },
    [queryClient, groupId],
  );
  usePageMessages(EXPLORER_PUSH_PAGE, onMessage);
}

/** A test call's agent with its "Test call" badge (issue 33); other cells as their text. */
function renderCallCell(column: ExplorerColumn<CallStatsRow>, row: CallStatsRow) {
  if (column.id !== 'agent' || !row.testCall) return undefined;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {column.text(row)}
      </Box>
      <TestCallBadge />
    </Stack>
  );
}

/** /explorer/calls: the Call Stats Log, with a Details modal at /explorer/calls/call/{contactId}. */
export function CallStatsPage() {
  const { groupId = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const view = useExplorerView({
    list: 'calls',
    sortColumns: CALL_STATS_SORT_COLUMNS,
    defaultSort: 'timestamp',
  });
  const calls = useCallStats(groupId, view.request);
  useRefreshOnNewCalls(groupId);
  const listPath = `/${groupId}/explorer/calls`;

  const allRows = async () =>
    (await getCallStats(view.request, { size: EXPLORER_LIMITS.downloadSize, from: 0 })).rows;

  return (
    <>
      <ListToolbar list="calls" view={view} />
      {calls.isError && <ListError error={calls.error} onRetry={() => void calls.refetch()} />}
      <ExplorerTable
        label={EXPLORER_TEXTS.callStatsTab}
        testId="call-stats"
        columns={CALL_STATS_COLUMNS}
        {...listTableProps(view, calls)}
        rowKey={(row) => row.callContactId}
        renderCell={renderCallCell}
        csvRows={allRows}
        rowAction={{
          width: 84,
          render: (row) => (
            <Button
              size="small"
              aria-label={`${EXPLORER_TEXTS.details} ${row.callContactId}`}
              onClick={() =>
                void navigate(`${listPath}/call/${encodeURIComponent(row.callContactId)}${search}`)
              }
            >
              {EXPLORER_TEXTS.details}
            </Button>
          ),
        }}
      />
      <Routes>
        <Route path="call/:contactId/*" element={<CallDetailModal listPath={listPath} />} />
      </Routes>
    </>
  );
}
