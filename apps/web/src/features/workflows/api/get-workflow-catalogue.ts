import { queryOptions, useQuery } from '@tanstack/react-query';
import { WorkflowCatalogueSchema, type WorkflowCatalogue } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowsQueryKey } from './workflows-query-key.ts';

/** GET /api/workflows/catalogue: applications, the triggers the caller may use, and actions. */
export function getWorkflowCatalogue(signal?: AbortSignal): Promise<WorkflowCatalogue> {
  return apiRequest('/workflows/catalogue', { schema: WorkflowCatalogueSchema, signal });
}

export const getWorkflowCatalogueQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...workflowsQueryKey(groupId), 'catalogue'],
    queryFn: ({ signal }) => getWorkflowCatalogue(signal),
    staleTime: 5 * 60_000,
  });

export function useWorkflowCatalogue(groupId: string) {
  return useQuery(getWorkflowCatalogueQueryOptions(groupId));
}
