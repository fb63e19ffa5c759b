import { BILLING_PRODUCT } from './metering.ts';
import type { BillingUsageColumn } from './schemas.ts';

/**
 * The words a billing admin reads for each usage figure (decision B1 says what each counts).
 * One map for every screen that shows them: the Usage page's tables and chart, the billing
 * table and chart, and the marketplace's minutes types. CSV files keep the field names.
 */
export const USAGE_FIGURE_LABELS: Record<BillingUsageColumn, string> = {
  AgentInteractionDurationRoundedMin: 'Agent interaction minutes (rounded)',
  AgentDurationSecFiltered: 'Agent seconds (ended calls)',
  DurationRoundedMin: 'Billing minutes (rounded)',
  AgentDurationRoundedMin: 'Agent minutes (rounded)',
  CloudDurationRoundedMin: 'Cloud minutes (rounded)',
  AssuranceTestRoundedMin: 'Assurance test minutes (rounded)',
  AssuranceTestCount: 'Assurance tests',
  HeartbeatTestCount: 'Heartbeat tests',
  [`${BILLING_PRODUCT}StatsDurationRoundedMin`]: 'Measured minutes (rounded)',
  AgentCount: 'Agents',
};
