import { useQuery } from '@tanstack/react-query';
import { GuestTokenSchema, TeamListSchema, type GuestTokenAnswer } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** The team the user last chose (spec 002 §6: remembered as currentRoleId). */
const CURRENT_ROLE_KEY = 'currentRoleId';

export const readCurrentRoleId = (): string | null => localStorage.getItem(CURRENT_ROLE_KEY);
export const saveCurrentRoleId = (id: string) => localStorage.setItem(CURRENT_ROLE_KEY, id);

/**
 * The team a dashboard opens under: the remembered one if the user is still in it, else their
 * first team, else 'default' (a user in no team).
 */
async function currentRole(): Promise<string> {
  const teams = await apiRequest('/api/dataRoles/me', { schema: TeamListSchema });
  const remembered = readCurrentRoleId();
  if (remembered && teams.some((t) => t.id === remembered)) return remembered;
  const first = teams[0]?.id;
  if (first) saveCurrentRoleId(first);
  return first ?? 'default';
}

/**
 * POST /api/dataRoles/{roleId}/token/{dashboardId}: a guest token for the embedded dashboard,
 * ours (provider 'builtin') or a configured Superset's, with where to embed it from.
 */
export async function getDashboardToken(dashboardId: string): Promise<GuestTokenAnswer> {
  const roleId = await currentRole();
  return apiRequest(
    `/api/dataRoles/${encodeURIComponent(roleId)}/token/${encodeURIComponent(dashboardId)}`,
    { schema: GuestTokenSchema, method: 'POST' },
  );
}

/**
 * A guest token, renewed a minute before it expires (tokens last 5 minutes). Superset's embedded
 * SDK renews its own through getDashboardToken, so a Superset token is not renewed here.
 */
export function useDashboardToken(groupId: string, dashboardId: string) {
  return useQuery({
    queryKey: ['dashboard-token', groupId, dashboardId],
    queryFn: () => getDashboardToken(dashboardId),
    staleTime: 4 * 60_000,
    refetchInterval: (query) => (query.state.data?.provider === 'superset' ? false : 4 * 60_000),
    retry: false,
  });
}
