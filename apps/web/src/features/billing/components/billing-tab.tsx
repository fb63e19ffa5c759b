import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  BILLING_TEXTS,
  DEFAULT_RANGES,
  USAGE_FIGURE_LABELS,
  type BillingUsage,
} from '@callsight/shared';
import { DataTable, TABLE_PAGING } from '../../../components/data-table/index.ts';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { TimeRangePicker, useTimeRangeParam } from '../../../components/time-range-picker/index.ts';
import { toBillingCriteria } from '../api/criteria.ts';
import { getAllUsage } from '../api/get-all-usage.ts';
import { useBillableGroups } from '../api/get-billable-groups.ts';
import { usePageUsage } from '../api/get-group-usage.ts';
import { billingKeys } from '../api/query-keys.ts';
import { BILLING_COLUMNS, pendingUsage } from './billing-columns.ts';
import { BarChart } from '../../../components/charts/index.ts';

const PAGE_SIZE = TABLE_PAGING.default.size;

/**
 * Billing ({base}/billing): the billable groups of a range (default last 30 days), 10 a page.
 * Only the page in view fetches its groups' usage, at most 5 requests at once; a row shows a
 * dash in each usage cell until its usage has loaded. Download CSV fetches every group first.
 */
export function BillingTab() {
  const queryClient = useQueryClient();
  const [range, setRange] = useTimeRangeParam(DEFAULT_RANGES.billing);
  const criteria = useMemo(() => toBillingCriteria(range), [range]);
  const groups = useBillableGroups(criteria);

  // A new range starts again at the first page.
  const rangeKey = `${range.from}~${range.to}`;
  const [paging, setPaging] = useState({ key: rangeKey, page: 0 });
  const page = paging.key === rangeKey ? paging.page : 0;
  const all = groups.data;
  const visible = useMemo(
    () => (all ?? []).slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE),
    [all, page],
  );
  const { usage, failed } = usePageUsage(visible, criteria);
  const rows = useMemo<BillingUsage[] | undefined>(
    () => (all ? visible.map((g) => usage.get(g.GroupID) ?? pendingUsage(g)) : undefined),
    [all, visible, usage],
  );
  const bars = useMemo(
    () =>
      (rows ?? [])
        .filter((r) => r.UsageLoaded)
        .map((r) => ({ label: r.GroupName, value: r.DurationRoundedMin })),
    [rows],
  );
  const loadingUsage = !!rows && rows.some((r) => !r.UsageLoaded) && !failed;

  const retry = () =>
    void queryClient.refetchQueries({
      queryKey: billingKeys.all,
      predicate: (q) => q.state.status === 'error',
    });

  return (
    <Box data-testid="billing-tab">
      {(groups.isError || failed) && (
        <RetryAlert testId="billing-error" onRetry={retry}>
          {BILLING_TEXTS.fetchError}
        </RetryAlert>
      )}
      {bars.length > 0 && (
        <BarChart
          title={`${USAGE_FIGURE_LABELS.DurationRoundedMin} by group (this page)`}
          bars={bars}
          testId="billing-chart"
        />
      )}
      <DataTable
        label="Billing"
        testIds={{ table: 'billing-table', row: 'billing-row', empty: 'billing-empty' }}
        columns={BILLING_COLUMNS}
        tallHeaders
        rows={groups.isError ? [] : rows}
        getRowId={(r) => r.GroupID}
        rowData={(r) => ({ 'data-loaded': String(r.UsageLoaded), 'data-group-id': r.GroupID })}
        loading={loadingUsage}
        // A failed fetch is said once, in the alert above.
        emptyText={groups.isError ? '' : BILLING_TEXTS.noData}
        header={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <TimeRangePicker
              value={range}
              onChange={(r) => setRange(r)}
              data-testid="billing-range"
            />
            <Typography variant="caption" color="text.secondary">
              Days counted in {criteria.timezone}
            </Typography>
          </Box>
        }
        csv={{ rows: () => getAllUsage(criteria), disabled: !all || all.length === 0 }}
        paging={{
          mode: 'server',
          page,
          pageSize: PAGE_SIZE,
          total: all?.length ?? 0,
          pageSizeOptions: TABLE_PAGING.default.options,
          onPageChange: (p) => setPaging({ key: rangeKey, page: p }),
        }}
      />
    </Box>
  );
}
