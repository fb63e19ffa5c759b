import { useQuery } from '@tanstack/react-query';
import { DashboardInfoSchema, type DashboardInfo } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/groups/dashboard/{name}: the dashboard a canvas name opens in the group: the one its
 * logical dashboard is mapped to in Dashboard Manager, else the standard one.
 */
export function useCanvasDashboard(groupId: string, key: string, enabled: boolean) {
  return useQuery<DashboardInfo>({
    queryKey: ['canvas-dashboard', groupId, key],
    queryFn: () =>
      apiRequest(`/api/groups/dashboard/${encodeURIComponent(key)}`, {
        schema: DashboardInfoSchema,
      }),
    enabled,
    retry: false,
  });
}
