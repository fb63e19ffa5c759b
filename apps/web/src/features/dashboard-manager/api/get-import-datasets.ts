import { useQuery } from '@tanstack/react-query';
import { ImportDatasetsSchema, type ImportDatasets } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

/**
 * GET /api/canvas/v1/upload/{id}/datasets (issue 34): an import's datasets, the columns its
 * charts read from each and how, their mapping to ours, and our datasets with their columns.
 */
export function getImportDatasets(id: string, signal?: AbortSignal): Promise<ImportDatasets> {
  return apiRequest(`/canvas/v1/upload/${encodeURIComponent(id)}/datasets`, {
    schema: ImportDatasetsSchema,
    signal,
  });
}

export function useImportDatasets(id: string) {
  return useQuery({
    queryKey: dashboardManagerKeys.datasets(id),
    queryFn: ({ signal }) => getImportDatasets(id, signal),
  });
}
