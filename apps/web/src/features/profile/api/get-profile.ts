import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProfileSchema, type Profile } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/users/profile: the signed-in user with the groups they can switch to. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiRequest('/users/profile', { schema: ProfileSchema, signal });
}

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 5 * 60_000,
  });

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
