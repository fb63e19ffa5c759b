import { useQuery } from '@tanstack/react-query';
import { GroupDashboardsSchema, type GroupDashboards } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

/** GET /api/canvas/v1/upload/{groupId}/dashboards: a group's draft and deployed dashboards. */
export function getGroupDashboards(
  groupId: string,
  signal?: AbortSignal,
): Promise<GroupDashboards> {
  return apiRequest(`/canvas/v1/upload/${encodeURIComponent(groupId)}/dashboards`, {
    schema: GroupDashboardsSchema,
    signal,
  });
}

/** None asked while no group is chosen. */
export function useGroupDashboards(groupId: string | null | undefined) {
  return useQuery({
    queryKey: dashboardManagerKeys.groupDashboards(groupId ?? ''),
    queryFn: ({ signal }) => getGroupDashboards(groupId ?? '', signal),
    enabled: Boolean(groupId),
  });
}
