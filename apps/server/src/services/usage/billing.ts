import { asc, eq, gte, isNull, or } from 'drizzle-orm';
import {
  BILLING_USAGE_COLUMNS,
  resolveTimePoint,
  toCsv,
  type BillableGroup,
  type BillingCriteria,
  type BillingUsage,
  type BillingUsagePage,
} from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import { groups } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { monthBounds, usageOfGroups } from './usage-read.ts';

/**
 * Billing usage for platform staff (spec 001 §2, §7): the groups billable in a range and each
 * one's usage, read from the daily rollup.
 */

export interface ResolvedRange {
  from: Date;
  to: Date;
}

/** The instants of billing criteria; a range whose end is before its start names `toTime`. */
export function resolveCriteria(criteria: BillingCriteria, now: Date): ResolvedRange {
  const from = resolveTimePoint(criteria.fromTime, now);
  const to = resolveTimePoint(criteria.toTime, now, { roundUp: true });
  if (to.getTime() < from.getTime()) {
    throw badRequest('The end must not be before the start', {
      toTime: 'The end must not be before the start',
    });
  }
  return { from, to };
}

/**
 * The groups billable in a range (decision B7): active ones, and archived ones archived after the
 * range began (they were in use during it). By name.
 */
export async function billableGroups(db: DbOrTx, range: ResolvedRange): Promise<BillableGroup[]> {
  const rows = await db
    .select({ id: groups.id, name: groups.name, region: groups.region, status: groups.status })
    .from(groups)
    .where(
      or(
        eq(groups.status, 'active'),
        isNull(groups.archivedAt),
        gte(groups.archivedAt, range.from),
      ),
    )
    .orderBy(asc(groups.name), asc(groups.id));
  return rows.map((g) => ({
    GroupID: g.id,
    GroupName: g.name,
    Region: g.region,
    Status: g.status,
  }));
}

function toRow(group: BillableGroup, figures: Record<string, number> | undefined): BillingUsage {
  const row: Record<string, unknown> = {
    GroupID: group.GroupID,
    GroupName: group.GroupName,
    Region: group.Region,
  };
  for (const column of BILLING_USAGE_COLUMNS) row[column] = figures?.[column] ?? 0;
  row.UsageLoaded = true;
  return row as BillingUsage;
}

/** One group's usage (GET /billing/{groupId}/{region}); 404 when the group is not in that region. */
export async function groupUsage(
  db: DbOrTx,
  groupId: string,
  region: string,
  range: ResolvedRange,
): Promise<BillingUsage> {
  const [group] = await db
    .select({ id: groups.id, name: groups.name, region: groups.region, status: groups.status })
    .from(groups)
    .where(eq(groups.id, groupId))
    .limit(1);
  if (!group || group.region !== region) throw notFound(`Group ${groupId} not found in ${region}`);
  const usage = await usageOfGroups(db, [group], range.from, range.to);
  return toRow(
    { GroupID: group.id, GroupName: group.name, Region: group.region, Status: group.status },
    usage.get(group.id),
  );
}

/** A page of billable groups with their usage (the CSV asks one page of 10000). */
export async function usagePage(
  db: DbOrTx,
  range: ResolvedRange,
  page: number,
  size: number,
): Promise<BillingUsagePage> {
  const all = await billableGroups(db, range);
  const slice = all.slice(page * size, page * size + size);
  const usage = await usageOfGroups(
    db,
    slice.map((g) => ({ id: g.GroupID, region: g.Region })),
    range.from,
    range.to,
  );
  return { rows: slice.map((g) => toRow(g, usage.get(g.GroupID))), total: all.length };
}

/** The CSV of billing rows: GroupID, GroupName and the usage columns, as in the table. */
export function billingCsv(rows: readonly BillingUsage[]): string {
  const header = ['GroupID', 'GroupName', ...BILLING_USAGE_COLUMNS];
  return toCsv(
    header,
    rows.map((row) => header.map((column) => String(row[column as keyof BillingUsage]))),
  );
}

/**
 * The range of a download period (decision B6): a month 'YYYY-MM' in the request's time zone, or
 * 'from~to' with relative or ISO ends.
 */
export function periodRange(period: string, timeZone: string, now: Date): ResolvedRange {
  if (/^\d{4}-\d{2}$/.test(period)) {
    const { from, to } = monthBounds(period, timeZone);
    return { from, to: new Date(to.getTime() - 1) };
  }
  const [fromTime = 'now-30d', toTime = 'now'] = period.split('~');
  return resolveCriteria({ fromTime, toTime, timezone: timeZone }, now);
}
