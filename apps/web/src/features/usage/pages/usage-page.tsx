import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { USAGE_TEXTS } from '@callsight/shared';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { useUsage } from '../api/get-usage.ts';
import { UsageChart } from '../components/usage-chart.tsx';
import { UsageTable } from '../components/usage-table.tsx';

/**
 * /admin/billing: the group's usage, the month under way in 'Current Usage' and the months
 * before it in 'Previous 12 months' (spec 002 §2.15), with a chart of billing minutes.
 */
export function UsagePage() {
  const { groupId = '' } = useParams();
  const usage = useUsage(groupId);
  const records = usage.data;
  const current = records?.slice(0, 1);
  const previous = records?.slice(1);

  return (
    <Box>
      <PageHeader title={USAGE_TEXTS.title} subtitle="Billing usage of this group." />
      {usage.isError && (
        <RetryAlert testId="usage-error" onRetry={() => void usage.refetch()}>
          {USAGE_TEXTS.fetchError}
        </RetryAlert>
      )}
      {records && records.length > 0 && <UsageChart records={records} />}
      <UsageTable
        title={USAGE_TEXTS.current}
        first="Period"
        rows={usage.isError ? [] : current}
        testId="usage-current"
      />
      <UsageTable
        title={USAGE_TEXTS.previous}
        first="Month"
        rows={usage.isError ? [] : previous}
        testId="usage-previous"
      />
      <Typography variant="body2" color="text.secondary" data-testid="usage-note">
        {USAGE_TEXTS.note}
      </Typography>
    </Box>
  );
}
