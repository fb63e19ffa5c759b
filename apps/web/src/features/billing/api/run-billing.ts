import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './query-keys.ts';
import { BillingRunResultSchema, type BillingRunResult } from '@callsight/shared';

/** POST /api/marketplace/billing/run: sends last month's usage of every linked subscription. */
export function runBilling(): Promise<BillingRunResult> {
  return apiRequest('/marketplace/billing/run', { method: 'POST', schema: BillingRunResultSchema });
}

export function useRunBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runBilling,
    // New audit log rows and monthly minutes; usage itself is unchanged.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.auditLogsAll }),
        queryClient.invalidateQueries({ queryKey: billingKeys.marketplace() }),
      ]),
  });
}
