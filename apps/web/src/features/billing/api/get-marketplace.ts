import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './query-keys.ts';
import { MarketplaceBillingSchema, type MarketplaceBilling } from '@callsight/shared';

/** GET /api/marketplace/customerMarketplaceBilling: customers and subscriptions not yet linked. */
export function getMarketplaceBilling(signal?: AbortSignal): Promise<MarketplaceBilling> {
  return apiRequest('/marketplace/customerMarketplaceBilling', {
    schema: MarketplaceBillingSchema,
    signal,
  });
}

export const getMarketplaceBillingQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.marketplace(),
    queryFn: ({ signal }) => getMarketplaceBilling(signal),
  });

export function useMarketplaceBilling() {
  return useQuery(getMarketplaceBillingQueryOptions());
}
