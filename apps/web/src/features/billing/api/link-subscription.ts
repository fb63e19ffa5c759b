import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { LinkSubscription } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './query-keys.ts';

/** PUT /api/marketplace/subscriptions/{id}/link: the customer a subscription bills. */
export async function linkSubscription(id: string, body: LinkSubscription): Promise<void> {
  await apiRequest(`/marketplace/subscriptions/${encodeURIComponent(id)}/link`, {
    method: 'PUT',
    body,
    schema: z.unknown(),
  });
}

export function useLinkSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: LinkSubscription }) =>
      linkSubscription(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.marketplace() }),
  });
}
