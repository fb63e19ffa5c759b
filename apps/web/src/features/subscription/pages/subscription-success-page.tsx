import { SubscriptionSuccess } from '../components/subscription-success.tsx';

/** /subscriptionsuccess: the success card on its own, with no request sent. */
export function SubscriptionSuccessPage() {
  return <SubscriptionSuccess />;
}
