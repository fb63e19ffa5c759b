import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LogicalDashboardSchema, type LogicalDashboard } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

/** PUT /api/dashboards/custom/{logicalId}: maps a logical dashboard to a deployed title. */
export function mapLogicalDashboard(
  logicalId: string,
  dashboardName: string | null,
): Promise<LogicalDashboard> {
  return apiRequest(`/dashboards/custom/${encodeURIComponent(logicalId)}`, {
    method: 'PUT',
    body: { dashboardName },
    schema: LogicalDashboardSchema,
  });
}

/** Saves every mapping given (logical id → deployed title, null unmaps), one PUT each. */
export function useMapLogicalDashboards(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mappings: { id: string; dashboardName: string | null }[]) =>
      Promise.all(mappings.map((m) => mapLogicalDashboard(m.id, m.dashboardName))),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: dashboardManagerKeys.logicalDashboards(groupId) }),
  });
}
