import { z } from 'zod';
import { isRelativeTime, parseAbsoluteTime } from '../time-range/index.ts';
import { BILLING_PRODUCT } from './metering.ts';
import { isValidTimeZone } from '../explorer/zoned-time.ts';

/** Usage columns of a billing row, in the spec's order (spec 001 §3), after GroupID and GroupName. */
export const BILLING_USAGE_COLUMNS = [
  'AgentInteractionDurationRoundedMin',
  'AgentDurationSecFiltered',
  'DurationRoundedMin',
  'AgentDurationRoundedMin',
  'CloudDurationRoundedMin',
  'AssuranceTestRoundedMin',
  'AssuranceTestCount',
  'HeartbeatTestCount',
  `${BILLING_PRODUCT}StatsDurationRoundedMin`,
  'AgentCount',
] as const;
export type BillingUsageColumn = (typeof BILLING_USAGE_COLUMNS)[number];

export type UsageFigures = Record<BillingUsageColumn, number>;

const UsageFiguresSchema = z.object(
  Object.fromEntries(BILLING_USAGE_COLUMNS.map((c) => [c, z.number()])) as Record<
    BillingUsageColumn,
    z.ZodNumber
  >,
);

/** One group's usage over a range (spec 001 §3 billing row). */
export const BillingUsageSchema = z
  .object({ GroupID: z.string(), GroupName: z.string(), Region: z.string() })
  .extend(UsageFiguresSchema.shape)
  .extend({ UsageLoaded: z.boolean() });
export type BillingUsage = z.infer<typeof BillingUsageSchema>;

const TimeSchema = z
  .string()
  .trim()
  .refine((t) => isRelativeTime(t) || parseAbsoluteTime(t) !== null, {
    error: 'Must be a relative time (now-30d) or an ISO 8601 date-time',
  });

const TimeZoneSchema = z
  .string()
  .trim()
  .refine(isValidTimeZone, { error: 'Must be an IANA time zone such as Australia/Sydney' });

/** Billing criteria (spec 001 §7): relative or absolute ends and the time zone of the request. */
export const BillingCriteriaSchema = z.object({
  fromTime: TimeSchema.default('now-30d'),
  toTime: TimeSchema.default('now'),
  timezone: TimeZoneSchema.default('UTC'),
});
export type BillingCriteria = z.infer<typeof BillingCriteriaSchema>;

/** `?criteria=<JSON>` as the web app sends it; a bad JSON text names the field. */
export const BillingCriteriaQuerySchema = z.object({
  criteria: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'Must be a JSON object of fromTime, toTime and timezone',
        });
        return z.NEVER;
      }
    })
    .pipe(BillingCriteriaSchema),
});

export const BillingUsagePageQuerySchema = BillingCriteriaQuerySchema.extend({
  page: z.coerce.number().int().min(0).default(0),
  /** Spec 001 §9: the CSV asks one page of 10000. */
  size: z.coerce.number().int().min(1).max(10000).default(10),
});

export const BillingUsagePageSchema = z.object({
  rows: z.array(BillingUsageSchema),
  total: z.number(),
});
export type BillingUsagePage = z.infer<typeof BillingUsagePageSchema>;

/** A group the billing table lists; its usage is fetched per row (spec 001 §4). */
export const BillableGroupSchema = z.object({
  GroupID: z.string(),
  GroupName: z.string(),
  Region: z.string(),
  Status: z.enum(['active', 'archived']),
});
export type BillableGroup = z.infer<typeof BillableGroupSchema>;
export const BillableGroupsSchema = z.object({ groups: z.array(BillableGroupSchema) });

/** Download filters: every group, or the billable ones (active, or with usage in the period). */
export const BILLING_DOWNLOAD_FILTERS = ['all', 'billable'] as const;
export const BillingDownloadParamsSchema = z.object({
  filter: z.enum(BILLING_DOWNLOAD_FILTERS, { error: "Must be 'all' or 'billable'" }),
  /** A month 'YYYY-MM', or 'from~to' with relative or ISO ends (decision B6). */
  period: z
    .string()
    .trim()
    .refine(
      (p) => {
        if (/^\d{4}-(0[1-9]|1[0-2])$/.test(p)) return true;
        const [from, to, rest] = p.split('~');
        if (!from || !to || rest !== undefined) return false;
        return [from, to].every((t) => isRelativeTime(t) || parseAbsoluteTime(t) !== null);
      },
      { error: "Must be a month 'YYYY-MM' or 'from~to' such as now-30d~now" },
    ),
});
export const BillingDownloadQuerySchema = z.object({ timezone: TimeZoneSchema.default('UTC') });

/** One send of usage to a marketplace (spec 001 §3 billing audit log). */
export const BillingAuditLogSchema = z.object({
  id: z.string(),
  provider: z.string(),
  customerID: z.string(),
  customerName: z.string(),
  groupID: z.string().nullable(),
  groupName: z.string().nullable(),
  sentAt: z.string(),
  status: z.enum(['success', 'failed']),
  billingData: z.record(z.string(), z.unknown()),
});
export type BillingAuditLog = z.infer<typeof BillingAuditLogSchema>;

export const BillingAuditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(10),
});

export const BillingAuditLogPageSchema = z.object({
  logs: z.array(BillingAuditLogSchema),
  total: z.number(),
});
export type BillingAuditLogPage = z.infer<typeof BillingAuditLogPageSchema>;

/** Which usage column a subscription's minutes are measured in. */
export const BILLING_MINUTES_TYPES = [
  'DurationRoundedMin',
  'AgentDurationRoundedMin',
  'CloudDurationRoundedMin',
] as const;
export type BillingMinutesType = (typeof BILLING_MINUTES_TYPES)[number];

/** A marketplace customer (spec 001 §3). */
export const MarketplaceCustomerSchema = z.object({
  customerName: z.string(),
  customerID: z.string(),
  customerCode: z.string(),
  subscriptions: z.array(
    z.object({
      includedMinutes: z.number(),
      billingMinutesType: z.enum(BILLING_MINUTES_TYPES),
      subscriptionStart: z.string(),
      subscriptionEnd: z.string().nullable(),
      status: z.string(),
    }),
  ),
  monthMinutes: z.array(z.object({ month: z.string(), minutes: z.number() })),
});
export type MarketplaceCustomer = z.infer<typeof MarketplaceCustomerSchema>;

/** Links a marketplace subscription to the customer it bills (decision B8). */
export const LinkSubscriptionSchema = z.object({
  customerId: z.uuid({ error: 'Must be a customer id' }),
  includedMinutes: z.coerce.number().int().min(0).max(100_000_000).default(0),
  billingMinutesType: z.enum(BILLING_MINUTES_TYPES).default('DurationRoundedMin'),
});
export type LinkSubscription = z.infer<typeof LinkSubscriptionSchema>;

/** A subscription no customer is linked to yet (the Marketplace tab offers to link it). */
export const UnlinkedSubscriptionSchema = z.object({
  id: z.string(),
  customerCode: z.string(),
  productCode: z.string(),
  createdAt: z.string(),
});
export type UnlinkedSubscription = z.infer<typeof UnlinkedSubscriptionSchema>;

export const MarketplaceBillingSchema = z.object({
  customers: z.array(MarketplaceCustomerSchema),
  unlinked: z.array(UnlinkedSubscriptionSchema),
});
export type MarketplaceBilling = z.infer<typeof MarketplaceBillingSchema>;

/** One period of the Usage page (spec 002 §3 usage record); the first is the current one. */
export const UsageRecordSchema = z.object({
  Period: z.string(),
  Month: z.string(),
  From: z.string(),
  To: z.string(),
  AgentCount: z.number(),
  DurationRoundedMin: z.number(),
  AgentDurationRoundedMin: z.number(),
  CloudDurationRoundedMin: z.number(),
  AssuranceTestCount: z.number(),
});
export type UsageRecord = z.infer<typeof UsageRecordSchema>;
export const UsageRecordListSchema = z.array(UsageRecordSchema);

/** Extension coverage windows (spec 002 §7.2) and their toggle labels. */
export const COVERAGE_RANGES = [
  { range: 'now-1d', label: '24h' },
  { range: 'now-7d', label: '7d' },
  { range: 'now-28d', label: '28d' },
] as const;
export type CoverageRange = (typeof COVERAGE_RANGES)[number]['range'];
export const COVERAGE_SETS = ['All', 'NoExtension', 'LowCoverage'] as const;
export type CoverageSet = (typeof COVERAGE_SETS)[number];

/**
 * Low coverage (spec 000 §9): this percent or more of an agent's calls seen in cloud data (contact
 * records) have no agent collector data.
 */
export const LOW_COVERAGE_UNREPORTED_PERCENT = 20;

/** Low coverage: `unreported` of an agent's `cloudCalls` calls in cloud data lack collector data. */
export function isLowCoverage(cloudCalls: number, unreported: number): boolean {
  // In whole numbers, so that exactly 20 percent is low (no float rounding at the boundary).
  return cloudCalls > 0 && unreported * 100 >= LOW_COVERAGE_UNREPORTED_PERCENT * cloudCalls;
}

export const CoverageQuerySchema = z.object({
  range: z
    .enum(['now-1d', 'now-7d', 'now-28d'], { error: "Must be 'now-1d', 'now-7d' or 'now-28d'" })
    .default('now-1d'),
});
export const CoverageSetParamsSchema = z.object({
  set: z.enum(COVERAGE_SETS, { error: "Must be 'All', 'NoExtension' or 'LowCoverage'" }),
});

export const CoverageSummarySchema = z.object({
  range: z.enum(['now-1d', 'now-7d', 'now-28d']),
  from: z.string(),
  to: z.string(),
  sets: z.array(
    z.object({ set: z.enum(COVERAGE_SETS), count: z.number(), description: z.string() }),
  ),
});
export type CoverageSummary = z.infer<typeof CoverageSummarySchema>;

/**
 * Header of the coverage CSVs: one row per agent in every set. Cloud calls are the contact records
 * (journeys) naming the agent; collector calls the calls the agent collector reported for them.
 */
const COVERAGE_AGENT_HEADER = [
  'Agent',
  'CloudCalls',
  'CloudCallsWithoutCollectorData',
  'WithoutCollectorDataPercent',
  'CollectorCalls',
  'LastCloudCall',
] as const;
export const COVERAGE_CSV_HEADERS: Record<CoverageSet, readonly string[]> = {
  All: COVERAGE_AGENT_HEADER,
  NoExtension: COVERAGE_AGENT_HEADER,
  LowCoverage: COVERAGE_AGENT_HEADER,
};

/** What POST /marketplace/billing/run answers: records sent and failed in that run. */
export const BillingRunResultSchema = z.object({ sent: z.number(), failed: z.number() });
export type BillingRunResult = z.infer<typeof BillingRunResultSchema>;
