import { useQuery } from '@tanstack/react-query';
import { ImportExecutionListSchema, type ImportExecution } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

/**
 * GET /api/canvas/v1/executions: a group's executions (by status too), newest first. Every
 * group's status comes from /executions/latest (get-latest-executions.ts), not from this list.
 */
export function getExecutions(
  filter: { groupId: string; status?: string },
  signal?: AbortSignal,
): Promise<ImportExecution[]> {
  return apiRequest('/canvas/v1/executions', {
    schema: ImportExecutionListSchema,
    query: { groupId: filter.groupId, status: filter.status },
    signal,
  });
}

/** One group's executions (its detail page). */
export function useExecutions(groupId: string) {
  return useQuery({
    queryKey: dashboardManagerKeys.executions(groupId),
    queryFn: ({ signal }) => getExecutions({ groupId }, signal),
  });
}
