import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DashboardImportSchema,
  type DashboardImport,
  type ImportFromGroup,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

export interface ImportFromGroupRequest {
  groupId: string;
  body: ImportFromGroup;
}

/** POST /api/canvas/v1/upload/{groupId}/dashboards: an import of a group's ticked dashboards. */
export function createImportFromGroup({
  groupId,
  body,
}: ImportFromGroupRequest): Promise<DashboardImport> {
  return apiRequest(`/canvas/v1/upload/${encodeURIComponent(groupId)}/dashboards`, {
    method: 'POST',
    body,
    schema: DashboardImportSchema,
  });
}

export function useCreateImportFromGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImportFromGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardManagerKeys.imports() }),
  });
}
