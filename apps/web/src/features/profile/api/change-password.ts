import { useMutation } from '@tanstack/react-query';
import {
  ChangePasswordResultSchema,
  type ChangePasswordInput,
  type ChangePasswordResult,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/users/password: changes the signed-in user's password; ends their other sessions. */
export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResult> {
  return apiRequest('/users/password', {
    method: 'PUT',
    body: input,
    schema: ChangePasswordResultSchema,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
