import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DashboardImportSchema,
  type DashboardImport,
  type UploadMetadata,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

export interface UploadImportRequest {
  metadata: UploadMetadata;
  /** Left out when a draft is edited without a new ZIP. */
  file: File | null;
}

/** The multipart body: `metadata` as JSON text, then the ZIP (when there is one) as `file`. */
export function uploadFormData({ metadata, file }: UploadImportRequest): FormData {
  const form = new FormData();
  form.append('metadata', JSON.stringify(metadata));
  if (file) form.append('file', file, file.name);
  return form;
}

/** POST /api/canvas/v1/upload (multipart): a new import, or a draft edited (metadata.importId). */
export function uploadImport(request: UploadImportRequest): Promise<DashboardImport> {
  return apiRequest('/canvas/v1/upload', {
    method: 'POST',
    body: uploadFormData(request),
    schema: DashboardImportSchema,
  });
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardManagerKeys.imports() }),
  });
}
