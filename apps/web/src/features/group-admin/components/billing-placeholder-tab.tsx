import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { GROUP_ADMIN_TEXTS } from '@callsight/shared';

/** Billing, Billing Audit Logs and Marketplace: titled, empty until the billing issue lands. */
export function BillingPlaceholderTab({ title, emptyText }: { title: string; emptyText: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 } }} data-testid="billing-placeholder">
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {emptyText}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {GROUP_ADMIN_TEXTS.billingLater}
      </Typography>
    </Paper>
  );
}
