import type { BillingCriteria, BillingUsage } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { BillingUsagePageSchema } from '@callsight/shared';

/** Spec 001 §9: the billing CSV asks one page of 10000 rows. */
export const BILLING_CSV_PAGE_SIZE = 10000;

/** GET /api/billing/usage?criteria&page=0&size=10000: every group's row, for Download CSV. */
export async function getAllUsage(
  criteria: BillingCriteria,
  signal?: AbortSignal,
): Promise<BillingUsage[]> {
  const answer = await apiRequest('/billing/usage', {
    schema: BillingUsagePageSchema,
    query: { criteria: JSON.stringify(criteria), page: 0, size: BILLING_CSV_PAGE_SIZE },
    signal,
  });
  return answer.rows;
}
