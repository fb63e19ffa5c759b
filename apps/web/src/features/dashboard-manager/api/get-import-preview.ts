import { useQuery } from '@tanstack/react-query';
import { ImportPreviewSchema, type ImportPreview } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

/**
 * GET /api/canvas/v1/upload/{id}/preview: what an import's ZIP holds, or for a group's id (spec
 * 001 §7's {groupId}/preview) what its deployed dashboards exported as one import would hold.
 */
export function getImportPreview(id: string, signal?: AbortSignal): Promise<ImportPreview> {
  return apiRequest(`/canvas/v1/upload/${encodeURIComponent(id)}/preview`, {
    schema: ImportPreviewSchema,
    signal,
  });
}

/** An import's or a group's preview (an import id or a group id). */
export function useImportPreview(id: string | null) {
  return useQuery({
    queryKey: dashboardManagerKeys.preview(id ?? ''),
    queryFn: ({ signal }) => getImportPreview(id ?? '', signal),
    enabled: Boolean(id),
  });
}
