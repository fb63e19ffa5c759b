import { useQuery } from '@tanstack/react-query';
import { LogicalDashboardListSchema, type LogicalDashboard } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

/** GET /api/dashboards/{groupId}/custom: a group's logical (custom) dashboards. */
export function getLogicalDashboards(
  groupId: string,
  signal?: AbortSignal,
): Promise<LogicalDashboard[]> {
  return apiRequest(`/dashboards/${encodeURIComponent(groupId)}/custom`, {
    schema: LogicalDashboardListSchema,
    signal,
  });
}

export function useLogicalDashboards(groupId: string | null | undefined) {
  return useQuery({
    queryKey: dashboardManagerKeys.logicalDashboards(groupId ?? ''),
    queryFn: ({ signal }) => getLogicalDashboards(groupId ?? '', signal),
    enabled: Boolean(groupId),
  });
}
