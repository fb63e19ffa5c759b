import { queryOptions, useQuery } from '@tanstack/react-query';
import { ActiveTeamSchema, GuestTokenSchema, type GuestTokenAnswer } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { readCurrentRoleId } from '../../../lib/storage.ts';

/**
 * The team a dashboard opens under: the one every screen's call data is read under (the picked
 * team as the server resolves it, decision T2), or 'default' for none.
 */
async function currentRole(): Promise<string> {
  const { team } = await apiRequest('/api/dataRoles/active', { schema: ActiveTeamSchema });
  return team?.id ?? 'default';
}

/**
 * POST /api/dataRoles/{roleId}/token/{dashboardId}: a guest token for the embedded dashboard,
 * ours (provider 'builtin') or a configured Superset's, with where to embed it from; under the
 * user's active team (currentRoleId, which callers key their caches by).
 */
export async function getDashboardToken(dashboardId: string): Promise<GuestTokenAnswer> {
  const role = await currentRole();
  return apiRequest(
    `/api/dataRoles/${encodeURIComponent(role)}/token/${encodeURIComponent(dashboardId)}`,
    { schema: GuestTokenSchema, method: 'POST' },
  );
}

/** The key of a dashboard's guest token: per group, team and dashboard (a team's own rows). */
export const dashboardTokenKey = (groupId: string, roleId: string | null, dashboardId: string) =>
  ['dashboard-token', groupId, roleId ?? '', dashboardId] as const;

/**
 * A dashboard's guest token under a team, fresh for 4 minutes (tokens last 5): the frame's, and
 * the one a call opened from it reads with (get-embed-call.ts), from the same cache entry.
 */
export const dashboardTokenQueryOptions = (
  groupId: string,
  dashboardId: string,
  roleId: string | null,
) =>
  queryOptions({
    queryKey: dashboardTokenKey(groupId, roleId, dashboardId),
    queryFn: () => getDashboardToken(dashboardId),
    staleTime: 4 * 60_000,
    retry: false,
  });

/**
 * A guest token under a team (default: the remembered one), renewed a minute before it expires
 * (tokens last 5 minutes). Superset's embedded SDK renews its own through getDashboardToken, so
 * a Superset token is not renewed here.
 */
export function useDashboardToken(
  groupId: string,
  dashboardId: string,
  roleId: string | null = readCurrentRoleId(),
) {
  return useQuery({
    ...dashboardTokenQueryOptions(groupId, dashboardId, roleId),
    refetchInterval: (query) => (query.state.data?.provider === 'superset' ? false : 4 * 60_000),
  });
}
