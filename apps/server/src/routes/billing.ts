import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACCESS,
  ApiErrorSchema,
  BILLING_ACCESS,
  BillableGroupsSchema,
  BillingCriteriaQuerySchema,
  BillingDownloadParamsSchema,
  BillingDownloadQuerySchema,
  BillingUsagePageQuerySchema,
  BillingUsagePageSchema,
  BillingUsageSchema,
  CoverageQuerySchema,
  CoverageSetParamsSchema,
  CoverageSummarySchema,
  GROUP_REGIONS,
  RECORD_COUNT_HEADER,
  UsageRecordListSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { groups } from '../db/schema/index.ts';
import { notFound } from '../lib/errors.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import {
  billableGroups,
  billingCsv,
  groupUsage,
  periodRange,
  resolveCriteria,
  usagePage,
} from '../services/usage/billing.ts';
import { coverageCsv, coverageSummary } from '../services/usage/coverage.ts';
import { usageRecords } from '../services/usage/usage-read.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const GroupUsageParams = z.object({
  groupId: z.uuid({ error: 'groupId must be a group id' }),
  region: z.enum(GROUP_REGIONS, { error: `region must be one of ${GROUP_REGIONS.join(', ')}` }),
});

function sendCsv(
  reply: { header(name: string, value: string): unknown; type(t: string): unknown },
  name: string,
  count: number,
) {
  reply.header(RECORD_COUNT_HEADER, String(count));
  reply.header('access-control-expose-headers', RECORD_COUNT_HEADER);
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.type('text/csv; charset=utf-8');
}

/**
 * Billing usage for platform staff holding the billing permission (spec 001 §7), the Usage page
 * and extension coverage of a group for its admins (spec 002 §7.2).
 */
export async function billingRoutes({ app, db, telemetry, authorize }: AppContext) {
  const tags = ['billing'];

  app.get('/api/billing/usage', {
    schema: {
      tags,
      summary: 'Billable groups with their usage, a page at a time (the CSV asks size 10000)',
      querystring: BillingUsagePageQuerySchema,
      response: { 200: BillingUsagePageSchema, ...errors },
    },
    onRequest: authorize(BILLING_ACCESS),
    handler: async (request, reply) => {
      const { criteria, page, size } = request.query;
      const result = await usagePage(db, resolveCriteria(criteria, new Date()), page, size);
      reply.header(RECORD_COUNT_HEADER, String(result.total));
      return result;
    },
  });

  app.get('/api/billing/billable-groups', {
    schema: {
      tags,
      summary: 'The groups billable in a range (active, or archived after it began)',
      querystring: BillingCriteriaQuerySchema,
      response: { 200: BillableGroupsSchema, ...errors },
    },
    onRequest: authorize(BILLING_ACCESS),
    handler: async (request) => ({
      groups: await billableGroups(db, resolveCriteria(request.query.criteria, new Date())),
    }),
  });

  app.get('/api/billing/usage/download/:filter/:period', {
    schema: {
      tags,
      summary:
        "Billing usage as CSV: filter 'all' or 'billable', period 'YYYY-MM' or 'from~to'; rows in recordcount",
      params: BillingDownloadParamsSchema,
      querystring: BillingDownloadQuerySchema,
      response: { 200: z.string(), ...errors },
    },
    onRequest: authorize(BILLING_ACCESS),
    handler: async (request, reply) => {
      const range = periodRange(request.params.period, request.query.timezone, new Date());
      const { rows } = await usagePage(db, range, 0, 100_000);
      const chosen =
        request.params.filter === 'billable'
          ? rows.filter((row) => row.DurationRoundedMin > 0 || row.AgentCount > 0)
          : rows;
      sendCsv(reply, 'tableDownload.csv', chosen.length);
      return billingCsv(chosen);
    },
  });

  app.get('/api/billing/:groupId/:region', {
    schema: {
      tags,
      summary: "One group's usage over the criteria's range (the billing table asks row by row)",
      params: GroupUsageParams,
      querystring: BillingCriteriaQuerySchema,
      response: { 200: BillingUsageSchema, ...errors },
    },
    onRequest: authorize(BILLING_ACCESS),
    handler: async (request) =>
      groupUsage(
        db,
        request.params.groupId,
        request.params.region,
        resolveCriteria(request.query.criteria, new Date()),
      ),
  });

  app.get('/api/usage', {
    schema: {
      tags: ['usage'],
      summary:
        "The group's usage: the current month so far first, then up to 12 previous months (from July 2023)",
      response: { 200: UsageRecordListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request) => {
      const groupId = callerOf(request).groupId;
      const [group] = await db
        .select({ id: groups.id, region: groups.region })
        .from(groups)
        .where(eq(groups.id, groupId))
        .limit(1);
      if (!group) throw notFound('Group not found');
      return usageRecords(db, group, new Date());
    },
  });

  app.get('/api/coverage', {
    schema: {
      tags: ['usage'],
      summary: 'Extension coverage of the group over the last 24 hours, 7 or 28 days',
      querystring: CoverageQuerySchema,
      response: { 200: CoverageSummarySchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request) =>
      coverageSummary(callerScope(db, request), telemetry, request.query.range, new Date()),
  });

  app.get('/api/coverage/:set/download', {
    schema: {
      tags: ['usage'],
      summary: 'One coverage set (All, NoExtension, LowCoverage) as CSV; rows in recordcount',
      params: CoverageSetParamsSchema,
      querystring: CoverageQuerySchema,
      response: { 200: z.string(), ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) => {
      const { csv, count } = await coverageCsv(
        callerScope(db, request),
        telemetry,
        request.params.set,
        request.query.range,
        new Date(),
      );
      sendCsv(reply, `extension-coverage-${request.params.set}.csv`, count);
      return csv;
    },
  });
}
