import { useQuery } from '@tanstack/react-query';
import { DashboardImportListSchema, type DashboardImport } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardManagerKeys } from './query-keys.ts';

/** GET /api/canvas/v1/upload: every dashboard import, newest first. */
export function getImports(signal?: AbortSignal): Promise<DashboardImport[]> {
  return apiRequest('/canvas/v1/upload', { schema: DashboardImportListSchema, signal });
}

export function useImports() {
  return useQuery({
    queryKey: dashboardManagerKeys.imports(),
    queryFn: ({ signal }) => getImports(signal),
  });
}
