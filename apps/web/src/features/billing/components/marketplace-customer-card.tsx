import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { USAGE_FIGURE_LABELS, type MarketplaceCustomer } from '@callsight/shared';
import { dateText } from './billing-columns.ts';
import { BarChart } from '../../../components/charts/index.ts';

/** One marketplace customer: its subscriptions and the minutes of each month. */
export function MarketplaceCustomerCard({ customer }: { customer: MarketplaceCustomer }) {
  // Oldest month on the left (the answer lists them newest first).
  const bars = [...customer.monthMinutes]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((m) => ({ label: m.month, value: m.minutes }));
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2 }}
      data-testid="marketplace-customer"
      data-customer-id={customer.customerID}
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h3">
          {customer.customerName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Customer code {customer.customerCode}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
          {customer.customerID}
        </Typography>
      </Stack>
      <Table size="small" aria-label={`Subscriptions of ${customer.customerName}`} sx={{ mb: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>Included Minutes</TableCell>
            <TableCell>Minutes Type</TableCell>
            <TableCell>Start</TableCell>
            <TableCell>End</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {customer.subscriptions.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                No subscriptions
              </TableCell>
            </TableRow>
          )}
          {customer.subscriptions.map((s, i) => (
            <TableRow key={`${s.subscriptionStart}-${i}`} data-testid="marketplace-subscription">
              <TableCell>{s.includedMinutes}</TableCell>
              <TableCell>{USAGE_FIGURE_LABELS[s.billingMinutesType]}</TableCell>
              <TableCell>{dateText(s.subscriptionStart)}</TableCell>
              <TableCell>{dateText(s.subscriptionEnd)}</TableCell>
              <TableCell>{s.status}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {bars.length > 0 ? (
        <BarChart title={`Monthly minutes of ${customer.customerName}`} bars={bars} height={180} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          No monthly minutes yet.
        </Typography>
      )}
    </Paper>
  );
}
