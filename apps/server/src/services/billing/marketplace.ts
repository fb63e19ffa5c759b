import { and, asc, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  GROUP_ADMIN_TEXTS,
  usagePeriods,
  type BillingAuditLog,
  type BillingAuditLogPage,
  type LinkSubscription,
  type MarketplaceCustomer,
  type UnlinkedSubscription,
} from '@callsight/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  billingAuditLogs,
  customers,
  groups,
  marketplaceSubscriptions,
} from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { monthMinutes } from '../usage/usage-read.ts';
import { timeZoneOfRegion } from '../usage/rollup.ts';

/** The region a customer without groups is counted in (the groups table's default). */
export const DEFAULT_BILLING_REGION = 'ap-southeast-2';

export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found';

/** A customer's groups as billing needs them, oldest first: the first one is the billed group. */
export interface BillingGroup {
  id: string;
  name: string;
  region: string;
  customerId: string;
}

/** Each customer's groups (archived ones too: their usage of the month still counts), oldest first. */
export async function groupsOfCustomers(
  db: DbOrTx,
  customerIds: readonly string[],
): Promise<Map<string, BillingGroup[]>> {
  const byCustomer = new Map<string, BillingGroup[]>(customerIds.map((id) => [id, []]));
  if (customerIds.length === 0) return byCustomer;
  const rows = await db
    .select({
      id: groups.id,
      name: groups.name,
      region: groups.region,
      customerId: groups.customerId,
    })
    .from(groups)
    .where(inArray(groups.customerId, [...customerIds]))
    .orderBy(asc(groups.createdAt), asc(groups.id));
  for (const row of rows) byCustomer.get(row.customerId)?.push(row);
  return byCustomer;
}

/** The time zone a customer's months are counted in: its first group's region's (decision B2). */
export function customerTimeZone(customerGroups: readonly BillingGroup[]): string {
  return timeZoneOfRegion(customerGroups[0]?.region ?? DEFAULT_BILLING_REGION);
}

type SubscriptionRow = typeof marketplaceSubscriptions.$inferSelect;

/** The subscription whose terms count now: the active one, else the newest. */
function currentSubscription(subs: readonly SubscriptionRow[]): SubscriptionRow | undefined {
  return subs.find((s) => s.status === 'active') ?? subs[0];
}

async function marketplaceCustomers(
  db: DbOrTx,
  now: Date,
  onlyCustomerId?: string,
): Promise<MarketplaceCustomer[]> {
  const subs = await db
    .select({ sub: marketplaceSubscriptions, customerName: customers.name })
    .from(marketplaceSubscriptions)
    .innerJoin(customers, eq(customers.id, marketplaceSubscriptions.customerId))
    .where(
      onlyCustomerId
        ? eq(marketplaceSubscriptions.customerId, onlyCustomerId)
        : isNotNull(marketplaceSubscriptions.customerId),
    )
    .orderBy(desc(marketplaceSubscriptions.createdAt), desc(marketplaceSubscriptions.id));
  const byCustomer = new Map<string, { name: string; subs: SubscriptionRow[] }>();
  for (const { sub, customerName } of subs) {
    if (!sub.customerId) continue;
    const entry = byCustomer.get(sub.customerId) ?? { name: customerName, subs: [] };
    entry.subs.push(sub);
    byCustomer.set(sub.customerId, entry);
  }
  const groupsBy = await groupsOfCustomers(db, [...byCustomer.keys()]);
  const out: MarketplaceCustomer[] = [];
  for (const [customerId, { name, subs: mine }] of byCustomer) {
    const current = currentSubscription(mine);
    if (!current) continue;
    const customerGroups = groupsBy.get(customerId) ?? [];
    const months = usagePeriods(now, customerTimeZone(customerGroups)).map((p) => p.month);
    const minutes = await monthMinutes(db, customerGroups, months, current.billingMinutesType);
    out.push({
      customerName: name,
      customerID: customerId,
      customerCode: current.customerCode,
      subscriptions: mine.map((s) => ({
        includedMinutes: s.includedMinutes,
        billingMinutesType: s.billingMinutesType,
        subscriptionStart: s.createdAt.toISOString(),
        subscriptionEnd: s.subscriptionEnd ? s.subscriptionEnd.toISOString() : null,
        status: s.status,
      })),
      monthMinutes: months.map((month) => ({ month, minutes: minutes.get(month) ?? 0 })),
    });
  }
  return out.sort((a, b) => a.customerName.localeCompare(b.customerName));
}

/**
 * The Marketplace tab (spec 001 §3): customers with at least one linked subscription, each with
 * its subscriptions and the minutes of the current month and the 12 before it (in its first
 * group's time zone, counted in its current subscription's minutes type); and the active
 * subscriptions no customer is linked to yet, newest first.
 */
export async function listMarketplaceCustomers(
  db: DbOrTx,
  now: Date,
): Promise<{ customers: MarketplaceCustomer[]; unlinked: UnlinkedSubscription[] }> {
  const list = await marketplaceCustomers(db, now);
  const unlinked = await db
    .select()
    .from(marketplaceSubscriptions)
    .where(
      and(
        isNull(marketplaceSubscriptions.customerId),
        eq(marketplaceSubscriptions.status, 'active'),
      ),
    )
    .orderBy(desc(marketplaceSubscriptions.createdAt));
  return {
    customers: list,
    unlinked: unlinked.map((s) => ({
      id: s.id,
      customerCode: s.customerCode,
      productCode: s.productCode,
      createdAt: s.createdAt.toISOString(),
    })),
  };
}

/** Who links: the signed-in platform staff member, for the audit row. */
export interface BillingActor {
  userId: string;
  email: string;
}

/**
 * Links a marketplace subscription to the customer it bills, with its included minutes and the
 * minutes type it is billed in (decision B8); linking again moves it. Answers the customer as
 * the Marketplace tab lists it. 404 for an unknown subscription, 400 naming customerId for an
 * unknown customer. Audited installation-wide (no group).
 */
export async function linkSubscription(
  db: Db,
  subscriptionId: string,
  input: LinkSubscription,
  actor?: BillingActor,
  now: Date = new Date(),
): Promise<MarketplaceCustomer | null> {
  await db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(marketplaceSubscriptions)
      .where(eq(marketplaceSubscriptions.id, subscriptionId))
      .for('update');
    if (!sub) throw notFound(SUBSCRIPTION_NOT_FOUND);
    const [customer] = await tx
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(eq(customers.id, input.customerId));
    if (!customer) {
      throw badRequest(GROUP_ADMIN_TEXTS.customerNotFound, {
        customerId: GROUP_ADMIN_TEXTS.customerNotFound,
      });
    }
    await tx
      .update(marketplaceSubscriptions)
      .set({
        customerId: customer.id,
        includedMinutes: input.includedMinutes,
        billingMinutesType: input.billingMinutesType,
      })
      .where(eq(marketplaceSubscriptions.id, sub.id));
    await recordAudit(tx, {
      groupId: null,
      userId: actor?.userId ?? null,
      actor: actor?.email ?? null,
      service: 'billing',
      action: 'linkSubscription',
      targetId: sub.id,
      result: 'success',
      message: `Marketplace subscription ${sub.customerCode} linked to customer "${customer.name}"`,
      details: {
        customerCode: sub.customerCode,
        productCode: sub.productCode,
        customerId: customer.id,
        previousCustomerId: sub.customerId,
        includedMinutes: input.includedMinutes,
        billingMinutesType: input.billingMinutesType,
      },
    });
  });
  const [customer] = await marketplaceCustomers(db, now, input.customerId);
  return customer ?? null;
}

function toAuditLog(row: typeof billingAuditLogs.$inferSelect): BillingAuditLog {
  return {
    id: row.id,
    provider: row.provider,
    customerID: row.customerId ?? '',
    customerName: row.customerName,
    groupID: row.billedGroupId,
    groupName: row.billedGroupName,
    sentAt: row.sentAt.toISOString(),
    status: row.status,
    billingData: { customerCode: row.customerCode, ...row.billingData },
  };
}

/** The billing audit log (spec 001 §3), newest first, one page of `size` and the total. */
export async function listBillingAuditLogs(
  db: DbOrTx,
  page: { page: number; size: number },
): Promise<BillingAuditLogPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(billingAuditLogs)
      .orderBy(desc(billingAuditLogs.sentAt), desc(billingAuditLogs.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ n: count() }).from(billingAuditLogs),
  ]);
  return { logs: rows.map(toAuditLog), total: total?.n ?? 0 };
}
