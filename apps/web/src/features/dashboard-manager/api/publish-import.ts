import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ImportExecutionSchema, type ImportExecution, type PublishImport } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

/** POST /api/canvas/v1/import: publish an import to a group (201 with the execution). */
export function publishImport(body: PublishImport): Promise<ImportExecution> {
  return apiRequest('/canvas/v1/import', {
    method: 'POST',
    body,
    schema: ImportExecutionSchema,
  });
}

export function usePublishImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardManagerKeys.executions() }),
  });
}
