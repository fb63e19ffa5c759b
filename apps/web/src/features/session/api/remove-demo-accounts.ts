import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DemoAccountsRemovedSchema, type DemoAccountsRemoved } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getDemoAccountsQueryOptions } from './get-demo-accounts.ts';

/** DELETE /api/users/demo-accounts (super user): deletes the demo accounts. */
export function removeDemoAccounts(): Promise<DemoAccountsRemoved> {
  return apiRequest('/users/demo-accounts', {
    method: 'DELETE',
    schema: DemoAccountsRemovedSchema,
  });
}

export function useRemoveDemoAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDemoAccounts,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getDemoAccountsQueryOptions().queryKey }),
  });
}
