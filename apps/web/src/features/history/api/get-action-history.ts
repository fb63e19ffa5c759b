import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ActionHistoryListSchema, type TimeRange } from '@callsight/shared';
import { getWithCount, type CountedAnswer } from '../../../lib/api-with-count.ts';
import { historyQueryKey } from './history-query-key.ts';
import { windowQuery } from './window-query.ts';
import type { z } from 'zod';

export interface ActionHistoryRequest {
  range: TimeRange;
  /** Zero-based page. */
  page: number;
  size: number;
}

type ActionHistoryAnswer = CountedAnswer<z.output<typeof ActionHistoryListSchema>>;

/** GET /api/groups/{group}/watchers/actions/history: one page of firings, newest first. */
export function getActionHistory(
  groupId: string,
  request: ActionHistoryRequest,
  signal?: AbortSignal,
): Promise<ActionHistoryAnswer> {
  return getWithCount(
    `/groups/${encodeURIComponent(groupId)}/watchers/actions/history`,
    ActionHistoryListSchema,
    {
      ...windowQuery(request.range, new Date()),
      from: request.page * request.size,
      size: request.size,
    },
    signal,
  );
}

export const getActionHistoryQueryOptions = (groupId: string, request: ActionHistoryRequest) =>
  queryOptions({
    queryKey: [...historyQueryKey(groupId), 'actions', request],
    queryFn: ({ signal }) => getActionHistory(groupId, request, signal),
    placeholderData: keepPreviousData,
  });

/** Firings keep arriving while the list is open: it refreshes itself every 15 s. */
export const ACTION_HISTORY_REFRESH_MS = 15_000;

export function useActionHistory(groupId: string, request: ActionHistoryRequest) {
  return useQuery({
    ...getActionHistoryQueryOptions(groupId, request),
    refetchInterval: ACTION_HISTORY_REFRESH_MS,
  });
}
