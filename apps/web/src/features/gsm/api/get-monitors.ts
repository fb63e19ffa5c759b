import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  MonitorListSchema,
  SYNTHETIC_LIMITS,
  type Monitor,
  type TimeRange,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { windowQuery } from '../synthetic/window-query.ts';
import { monitorPath, monitorsQueryKey } from './monitors-query-key.ts';

/** GET /api/gsm/monitors: the monitors created in the window (default last 30 days). */
export function getMonitors(range: TimeRange, signal?: AbortSignal): Promise<Monitor[]> {
  return apiRequest(monitorPath(), {
    schema: MonitorListSchema,
    query: windowQuery(range),
    signal,
  });
}

export const getMonitorsQueryOptions = (groupId: string, range: TimeRange) =>
  queryOptions({
    queryKey: [...monitorsQueryKey(groupId), 'list', range],
    queryFn: ({ signal }) => getMonitors(range, signal),
    placeholderData: keepPreviousData,
    // Refetches at most every 2 s (spec 002 §2.1), however often a remount or refresh asks.
    staleTime: SYNTHETIC_LIMITS.refetchThrottleMs,
  });

export function useMonitors(groupId: string, range: TimeRange) {
  return useQuery(getMonitorsQueryOptions(groupId, range));
}
