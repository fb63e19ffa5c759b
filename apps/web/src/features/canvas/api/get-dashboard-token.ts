import { queryOptions, useQuery } from '@tanstack/react-query';
import { GuestTokenSchema, TeamListSchema, type GuestTokenAnswer } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { readCurrentRoleId, saveCurrentRoleId } from '../../../lib/storage.ts';

/**
 * The team a dashboard opens under: `wanted` (else the remembered one) if the user is still in
 * it, else their first team, else 'default' (a user in no team).
 */
async function currentRole(wanted: string | null): Promise<string> {
  const teams = await apiRequest('/api/dataRoles/me', { schema: TeamListSchema });
  const preferred = wanted ?? readCurrentRoleId();
  if (preferred && teams.some((t) => t.id === preferred)) return preferred;
  const first = teams[0]?.id;
  if (first) saveCurrentRoleId(first);
  return first ?? 'default';
}

/**
 * POST /api/dataRoles/{roleId}/token/{dashboardId}: a guest token for the embedded dashboard,
 * ours (provider 'builtin') or a configured Superset's, with where to embed it from; under
 * `roleId` when the user is in that team, else their current team.
 */
export async function getDashboardToken(
  dashboardId: string,
  roleId: string | null = null,
): Promise<GuestTokenAnswer> {
  const role = await currentRole(roleId);
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
    queryFn: () => getDashboardToken(dashboardId, roleId),
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
