import { useMemo } from 'react';
import {
  queryOptions,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { CallDetailSchema, type CallDetail } from '@callsight/shared';
import { readCurrentRoleId } from '../../../lib/storage.ts';
import { embedFetch } from '../embed/embed-api.ts';
import { dashboardTokenQueryOptions } from './get-dashboard-token.ts';

/**
 * GET /api/embed/dashboards/{dashboardId}/calls/{contactId}?includeTelemetry=: a call linked from
 * an embedded dashboard, read with the dashboard's guest token (decision C12): what the
 * call-detail API answers, for a call within the token's team's rules (else 404).
 */
export function getEmbedCall(
  dashboardId: string,
  contactId: string,
  token: string,
  includeTelemetry: boolean,
  signal?: AbortSignal,
): Promise<CallDetail> {
  const query = new URLSearchParams({ includeTelemetry: String(includeTelemetry) });
  return embedFetch(
    `/api/embed/dashboards/${encodeURIComponent(dashboardId)}/calls/${encodeURIComponent(contactId)}?${query.toString()}`,
    token,
    CallDetailSchema,
    undefined,
    signal,
  );
}

/**
 * The query of a call opened over an embedded dashboard, given the call and whether to include
 * telemetry (the call detail's `load`). It reads with the frame's guest token: the cached one
 * while fresh, else a renewed one (the same cache entry as the frame's, so never another team's).
 */
export const embedCallQueryOptions =
  (queryClient: QueryClient, groupId: string, dashboardId: string, roleId: string | null) =>
  (contactId: string, includeTelemetry: boolean) => {
    // Any query key, as the call detail's loaders take.
    const queryKey: QueryKey = [
      'embed-call',
      groupId,
      roleId ?? '',
      dashboardId,
      contactId,
      includeTelemetry,
    ];
    return queryOptions({
      queryKey,
      queryFn: async ({ signal }) => {
        const { token } = await queryClient.fetchQuery(
          dashboardTokenQueryOptions(groupId, dashboardId, roleId),
        );
        return getEmbedCall(dashboardId, contactId, token, includeTelemetry, signal);
      },
      // A call outside the team's rules stays so for this view; other failures get retries.
      retry: (count, error) => !('status' in error && error.status === 404) && count < 2,
    });
  };

/**
 * The loader of calls opened over an embedded dashboard, under the frame's team (default: the
 * remembered one, as DashboardFrame's).
 */
export function useEmbedCallLoader(
  groupId: string,
  dashboardId: string,
  roleId: string | null = readCurrentRoleId(),
) {
  const queryClient = useQueryClient();
  return useMemo(
    () => embedCallQueryOptions(queryClient, groupId, dashboardId, roleId),
    [queryClient, groupId, dashboardId, roleId],
  );
}
