import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import {
  DEFAULT_SUPPORT_EMAIL,
  SUBSCRIPTION_TEXTS,
  formatDisplayDate,
  parseSubscriptionEnd,
  subscriptionErrorText,
  type SubscriptionState,
} from '@callsight/shared';
import { PublicPage } from '../../../components/public-page/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreateSubscription } from '../api/create-subscription.ts';
import { getPublicSettingsQueryOptions } from '../api/get-public-settings.ts';
import { SubscriptionSuccess } from '../components/subscription-success.tsx';

/**
 * /subscription/:customerCode/:productCode?expiration=…: the marketplace landing page (spec 000
 * §2.2). On load it sends the subscription request once; states requested → subscribed, or
 * error (snackbar with the spec's text), after which the state resets and the user may retry.
 */
export function SubscriptionPage() {
  const { customerCode = '', productCode = '' } = useParams();
  const [search] = useSearchParams();
  const expiration = search.get('expiration');
  const { mutateAsync: subscribe } = useCreateSubscription();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [state, setState] = useState<SubscriptionState>('idle');
  const [failure, setFailure] = useState<{ text: string; duplicate: boolean } | null>(null);

  const send = useCallback(async () => {
    setState('requested');
    setFailure(null);
    try {
      await subscribe({ customerCode, productCode, subscriptionEnd: expiration || null });
      setState('subscribed');
    } catch (err) {
      console.error('Subscription failed', err);
      setState('error');
      const settings = await queryClient
        .fetchQuery(getPublicSettingsQueryOptions())
        .catch(() => null);
      const message = isApiError(err) ? err.message : null;
      const text = subscriptionErrorText(message, settings?.supportEmail ?? DEFAULT_SUPPORT_EMAIL);
      snackbar.show(text, 'error');
      setFailure({ text, duplicate: !!message?.includes(SUBSCRIPTION_TEXTS.alreadyExists) });
      setState('idle');
    }
  }, [subscribe, customerCode, productCode, expiration, queryClient, snackbar]);

  // Sent once on load (the ref keeps a re-run of the effect from sending twice).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void send();
  }, [send]);

  const end = parseSubscriptionEnd(expiration);
  // The marketplace gives the end as a UTC instant: show its UTC date (DD-MM-YYYY).
  const endText =
    end instanceof Date ? formatDisplayDate(end, { style: 'date', utc: true }) : expiration;
  const parts = [
    `Customer ${customerCode}`,
    `Product ${productCode}`,
    ...(expiration ? [`Ends ${endText}`] : []),
  ];
  const details = (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      sx={{ mb: 3, wordBreak: 'break-word' }}
      data-testid="subscription-details"
    >
      {parts.map((part, i) => (
        <Box component="span" key={part} sx={{ whiteSpace: 'nowrap' }}>
          {i > 0 && ' · '}
          {part}
        </Box>
      ))}
    </Typography>
  );

  if (state === 'subscribed') return <SubscriptionSuccess details={details} />;
  if (failure && state === 'idle') {
    return (
      <PublicPage
        title="We could not complete your subscription"
        icon={<ErrorOutlineRoundedIcon color="error" sx={{ fontSize: 56 }} />}
      >
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="subscription-error">
          {failure.text}
        </Typography>
        {details}
        {!failure.duplicate && (
          <Button variant="contained" onClick={() => void send()}>
            Try again
          </Button>
        )}
      </PublicPage>
    );
  }
  return (
    <PublicPage
      title="Confirming your subscription"
      icon={<CircularProgress aria-label="Confirming your subscription" />}
    >
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Please wait while we record your marketplace subscription.
      </Typography>
      {details}
    </PublicPage>
  );
}
