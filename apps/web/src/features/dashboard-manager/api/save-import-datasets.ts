import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ImportDatasetsSchema,
  type ImportDatasets,
  type SaveDatasetMappings,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

/** PUT /api/canvas/v1/upload/{id}/datasets: the import's whole dataset mapping (issue 34). */
export function saveImportDatasets(id: string, body: SaveDatasetMappings): Promise<ImportDatasets> {
  return apiRequest(`/canvas/v1/upload/${encodeURIComponent(id)}/datasets`, {
    method: 'PUT',
    body,
    schema: ImportDatasetsSchema,
  });
}

export function useSaveImportDatasets(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDatasetMappings) => saveImportDatasets(id, body),
    onSuccess: (saved) => queryClient.setQueryData(dashboardManagerKeys.datasets(id), saved),
  });
}
