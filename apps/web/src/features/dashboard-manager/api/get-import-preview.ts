import { useQuery } from '@tanstack/react-query';
import { ImportPreviewSchema, type ImportPreview } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

/** GET /api/canvas/v1/upload/{importId}/preview: what the import's ZIP holds. */
export function getImportPreview(importId: string, signal?: AbortSignal): Promise<ImportPreview> {
  return apiRequest(`/canvas/v1/upload/${encodeURIComponent(importId)}/preview`, {
    schema: ImportPreviewSchema,
    signal,
  });
}

export function useImportPreview(importId: string | null) {
  return useQuery({
    queryKey: dashboardManagerKeys.preview(importId ?? ''),
    queryFn: ({ signal }) => getImportPreview(importId ?? '', signal),
    enabled: Boolean(importId),
  });
}
