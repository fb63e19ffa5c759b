import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProfileSchema, type Profile, type ProfileUpdate } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getProfileQueryOptions } from './get-profile.ts';

/** PUT /api/users/profile: changes the user's own name and picture. */
export function updateProfile(input: ProfileUpdate): Promise<Profile> {
  return apiRequest('/users/profile', { method: 'PUT', body: input, schema: ProfileSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
    },
  });
}
