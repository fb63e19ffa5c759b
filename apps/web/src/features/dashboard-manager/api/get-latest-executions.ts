import { useQuery } from '@tanstack/react-query';
import { ImportExecutionListSchema, type ImportExecution } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

/** GET /api/canvas/v1/executions/latest: each group's latest execution of each type. */
export function getLatestExecutions(signal?: AbortSignal): Promise<ImportExecution[]> {
  return apiRequest('/canvas/v1/executions/latest', {
    schema: ImportExecutionListSchema,
    signal,
  });
}

/** What the Groups tab's status rule reads (spec 001 §4), for every group at once. */
export function useLatestExecutions() {
  return useQuery({
    queryKey: dashboardManagerKeys.latestExecutions(),
    queryFn: ({ signal }) => getLatestExecutions(signal),
  });
}
