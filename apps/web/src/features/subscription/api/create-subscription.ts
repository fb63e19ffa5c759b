import { useMutation } from '@tanstack/react-query';
import {
  SubscriptionSchema,
  type Subscription,
  type SubscriptionRequestInput,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/subscription/ (public): records the marketplace customer's subscription. */
export function createSubscription(body: SubscriptionRequestInput): Promise<Subscription> {
  return apiRequest('/subscription/', {
    method: 'POST',
    body,
    schema: SubscriptionSchema,
    auth: false,
  });
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
