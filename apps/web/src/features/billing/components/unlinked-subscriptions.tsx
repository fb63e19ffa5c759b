import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BILLING_MINUTES_TYPES,
  BILLING_TEXTS,
  LinkSubscriptionSchema,
  USAGE_FIGURE_LABELS,
  type BillingMinutesType,
  type Customer,
  type UnlinkedSubscription,
} from '@callsight/shared';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useCustomers } from '../api/get-customers.ts';
import { useLinkSubscription } from '../api/link-subscription.ts';
import { dateText } from './billing-columns.ts';

function UnlinkedRow({
  subscription,
  customers,
}: {
  subscription: UnlinkedSubscription;
  customers: readonly Customer[];
}) {
  const snackbar = useSnackbar();
  const link = useLinkSubscription();
  const [customerId, setCustomerId] = useState('');
  const [minutes, setMinutes] = useState('0');
  const [type, setType] = useState<BillingMinutesType>('DurationRoundedMin');
  const parsed = LinkSubscriptionSchema.safeParse({
    customerId,
    includedMinutes: minutes,
    billingMinutesType: type,
  });
  const label = subscription.customerCode;

  const submit = async () => {
    if (!parsed.success) return;
    try {
      await link.mutateAsync({ id: subscription.id, body: parsed.data });
      snackbar.show(BILLING_TEXTS.linked, 'success');
    } catch (err) {
      snackbar.show(
        isApiError(err) && err.status >= 400 && err.status < 500
          ? err.message
          : BILLING_TEXTS.linkError,
        'error',
      );
    }
  };

  return (
    <TableRow data-testid="unlinked-subscription">
      <TableCell sx={{ fontFamily: 'monospace' }}>{subscription.customerCode}</TableCell>
      <TableCell>{subscription.productCode}</TableCell>
      <TableCell>{dateText(subscription.createdAt)}</TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        <TextField
          select
          size="small"
          fullWidth
          label="Customer"
          value={customerId}
          onChange={(e) => setCustomerId(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': `Customer of ${label}` } }}
        >
          {customers.map((c) => (
            <MenuItem key={c.customerID} value={c.customerID}>
              {c.customerName}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell sx={{ width: 140 }}>
        <TextField
          size="small"
          type="number"
          label="Included Minutes"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          error={!!minutes && parsed.error?.issues.some((i) => i.path[0] === 'includedMinutes')}
          slotProps={{ htmlInput: { min: 0, 'aria-label': `Included minutes of ${label}` } }}
        />
      </TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        <TextField
          select
          size="small"
          fullWidth
          label="Minutes Type"
          value={type}
          onChange={(e) => setType(e.target.value as BillingMinutesType)}
          slotProps={{ htmlInput: { 'aria-label': `Minutes type of ${label}` } }}
        >
          {BILLING_MINUTES_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {USAGE_FIGURE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
      </TableCell>
      <TableCell align="right">
        <Button
          variant="contained"
          size="small"
          disabled={!parsed.success || link.isPending}
          onClick={() => void submit()}
          aria-label={`${BILLING_TEXTS.linkAction} ${label}`}
        >
          {BILLING_TEXTS.linkAction}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** Marketplace subscriptions no customer is linked to yet, each with a form to link it. */
export function UnlinkedSubscriptions({
  subscriptions,
}: {
  subscriptions: readonly UnlinkedSubscription[];
}) {
  const customers = useCustomers(subscriptions.length > 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="unlinked-subscriptions">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {BILLING_TEXTS.unlinkedTitle}
      </Typography>
      <Table size="small" aria-label={BILLING_TEXTS.unlinkedTitle}>
        <TableHead>
          <TableRow>
            <TableCell>Customer Code</TableCell>
            <TableCell>Product Code</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell>Included Minutes</TableCell>
            <TableCell>Minutes Type</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {subscriptions.map((s) => (
            <UnlinkedRow key={s.id} subscription={s} customers={customers.data ?? []} />
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
