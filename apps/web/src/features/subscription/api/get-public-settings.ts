import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicSettingsSchema, type PublicSettings } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/public/settings: what the pages outside sign-in need (the support e-mail). */
export function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return apiRequest('/public/settings', { schema: PublicSettingsSchema, signal, auth: false });
}

export const getPublicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['public-settings'],
    queryFn: ({ signal }) => getPublicSettings(signal),
    staleTime: Infinity,
  });

export function usePublicSettings() {
  return useQuery(getPublicSettingsQueryOptions());
}
