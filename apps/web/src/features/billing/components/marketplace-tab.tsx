import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendRoundedIcon from '@mui/icons-material/SendRounded';
import { BILLING_TEXTS } from '@callsight/shared';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { LoadState, RetryAlert } from '../../../components/load-state/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useMarketplaceBilling } from '../api/get-marketplace.ts';
import { useRunBilling } from '../api/run-billing.ts';
import { MarketplaceCustomerCard } from './marketplace-customer-card.tsx';
import { UnlinkedSubscriptions } from './unlinked-subscriptions.tsx';

/**
 * Marketplace ({base}/marketplace): customers with their subscriptions and monthly minutes,
 * subscriptions still to link to a customer, and a button that sends last month's usage.
 */
export function MarketplaceTab() {
  const marketplace = useMarketplaceBilling();
  const run = useRunBilling();
  const confirm = useConfirm();
  const snackbar = useSnackbar();

  const onRun = async () => {
    const ok = await confirm({
      title: BILLING_TEXTS.runBilling,
      message:
        "Send last month's usage of every linked subscription to its marketplace? Each send is written to the Billing Audit Logs.",
      okText: BILLING_TEXTS.runBilling,
    });
    if (!ok) return;
    try {
      const result = await run.mutateAsync();
      snackbar.show(
        BILLING_TEXTS.billingRunDone(result.sent, result.failed),
        result.failed > 0 ? 'warning' : 'success',
      );
    } catch (err) {
      snackbar.show(isApiError(err) ? err.message : 'The billing run failed.', 'error');
    }
  };

  const data = marketplace.data;
  return (
    <Box data-testid="marketplace-tab">
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={run.isPending ? <CircularProgress size={16} /> : <SendRoundedIcon />}
          disabled={run.isPending}
          onClick={() => void onRun()}
        >
          {BILLING_TEXTS.runBilling}
        </Button>
      </Stack>
      {marketplace.isError ? (
        <RetryAlert testId="marketplace-error" onRetry={() => void marketplace.refetch()}>
          {BILLING_TEXTS.marketplaceError}
        </RetryAlert>
      ) : !data ? (
        <LoadState failed={false} failedText="" onRetry={() => undefined} />
      ) : (
        <>
          {data.unlinked.length > 0 && <UnlinkedSubscriptions subscriptions={data.unlinked} />}
          {data.customers.length === 0 ? (
            <Typography
              color="text.secondary"
              sx={{ py: 6, textAlign: 'center' }}
              data-testid="marketplace-empty"
            >
              {BILLING_TEXTS.noMarketplace}
            </Typography>
          ) : (
            data.customers.map((c) => <MarketplaceCustomerCard key={c.customerID} customer={c} />)
          )}
        </>
      )}
    </Box>
  );
}
