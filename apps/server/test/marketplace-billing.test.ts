import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  zonedMidnight,
  type BillingAuditLogPage,
  type MarketplaceCustomer,
  type UnlinkedSubscription,
} from '@callsight/shared';
import type { Db } from '../src/db/client.ts';
import {
  auditLog,
  billingAuditLogs,
  billingUsageRecords,
  groups,
  marketplaceSubscriptions,
  usageDays,
  usageDirty,
  users,
} from '../src/db/schema/index.ts';
import {
  createAwsMeteringAdapter,
  type MeteringAdapter,
} from '../src/adapters/marketplace-metering/index.ts';
import {
  BILLING_SETTLE_MS,
  previousMonth,
  runMonthlyBilling,
  startBillingJob,
} from '../src/services/billing/billing-run.ts';
import { monthBounds } from '../src/services/usage/usage-read.ts';
import { listMarketplaceCustomers } from '../src/services/billing/marketplace.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { startMeteringServer, type MeteringServer } from './support/marketplace-metering-server.ts';

let meter: MeteringServer;
let aws: MeteringAdapter;
let s: TestServer;
let db: Db;

beforeAll(async () => {
  meter = await startMeteringServer();
  aws = createAwsMeteringAdapter({
    region: 'us-east-1',
    endpoint: meter.url,
    credentials: { accessKeyId: 'AKIDBILLING', secretAccessKey: 'test-secret' },
    // One attempt per run: a failure waits for the next run (the job's own retry).
    maxAttempts: 1,
  });
});
afterAll(() => meter.close());
const ENV = { MARKETPLACE_BILLING_JOB: 'false' };

// A fresh database per test: the run bills every subscription it finds.
beforeEach(async () => {
  meter.reset();
  s = await startTestServer(ENV);
  db = s.database.db;
});
afterEach(() => s.close());

/** February 2026 ends in Sydney at 2026-02-28T13:00Z and in New York at 2026-03-01T05:00Z. */
const SYDNEY_MARCH = zonedMidnight(2026, 3, 1, 'Australia/Sydney');
const NEW_YORK_MARCH = zonedMidnight(2026, 3, 1, 'America/New_York');
const HOUR = 3_600_000;
/** Two hours after February ended in both time zones. */
const RUN_AT = new Date(NEW_YORK_MARCH.getTime() + 2 * HOUR + 17 * 60_000);

/**
 * A customer with a Sydney group (its first) and a New York group, their February usage and a
 * linked subscription; days just outside February hold usage that must not count.
 */
async function billedCustomer(opts: { code: string; includedMinutes: number; link?: boolean }) {
  const sydney = await createGroup(db, { name: `Sydney ${opts.code}` });
  await db
    .update(groups)
    .set({ region: 'ap-southeast-2', createdAt: new Date('2024-01-01T00:00:00Z') })
    .where(eq(groups.id, sydney.id));
  const [ohio] = await db
    .insert(groups)
    .values({
      customerId: sydney.customerId,
      name: `New York ${opts.code}`,
      region: 'us-east-2',
      createdAt: new Date('2024-02-01T00:00:00Z'),
    })
    .returning();
  if (!ohio) throw new Error('group not created');
  await db.insert(usageDays).values([
    { groupId: sydney.id, day: '2026-01-31', durationMin: 777 },
    { groupId: sydney.id, day: '2026-02-01', durationMin: 100, agentDurationMin: 40 },
    { groupId: sydney.id, day: '2026-02-28', durationMin: 50 },
    { groupId: sydney.id, day: '2026-03-01', durationMin: 999 },
    { groupId: ohio.id, day: '2026-02-15', durationMin: 30, agentDurationMin: 5 },
    { groupId: ohio.id, day: '2026-03-01', durationMin: 555 },
  ]);
  const [sub] = await db
    .insert(marketplaceSubscriptions)
    .values({
      customerCode: opts.code,
      productCode: 'prod-callsight',
      createdAt: new Date('2025-12-01T00:00:00Z'),
      includedMinutes: opts.includedMinutes,
      ...(opts.link === false ? {} : { customerId: sydney.customerId }),
    })
    .returning();
  if (!sub) throw new Error('subscription not created');
  return { sydney, ohio, sub, customerId: sydney.customerId, customerName: sydney.customerName };
}

const recordsOf = (subscriptionId: string) =>
  db
    .select()
    .from(billingUsageRecords)
    .where(eq(billingUsageRecords.subscriptionId, subscriptionId));
const auditRows = () => db.select().from(billingAuditLogs).orderBy(billingAuditLogs.sentAt);

describe('monthly billing run', () => {
  it('sends minutes − included minutes of the previous month once it ended in every group', async () => {
    const c = await billedCustomer({ code: 'cust-feb', includedMinutes: 100 });

    // February is over in Sydney (the customer's time zone) but not yet in New York.
    const early = await runMonthlyBilling(db, aws, new Date(SYDNEY_MARCH.getTime() + 3 * HOUR));
    expect(early).toEqual({ created: 0, sent: 0, failed: 0, deferred: 0 });
    expect(meter.received).toEqual([]);

    const run = await runMonthlyBilling(db, aws, RUN_AT);
    expect(run).toEqual({ created: 1, sent: 1, failed: 0, deferred: 0 });
    expect(meter.received).toHaveLength(1);
    expect(meter.received[0]?.body).toEqual({
      ProductCode: 'prod-callsight',
      UsageRecords: [
        {
          CustomerIdentifier: 'cust-feb',
          Dimension: 'DurationRoundedMin',
          // 100 + 50 (Sydney) + 30 (New York) − 100 included.
          Quantity: 80,
          Timestamp: Math.floor(RUN_AT.getTime() / HOUR) * 3600,
        },
      ],
    });

    const [record] = await recordsOf(c.sub.id);
    expect(record).toMatchObject({
      month: '2026-02',
      status: 'sent',
      attempts: 1,
      quantity: 80,
      dimension: 'DurationRoundedMin',
      meteringRecordId: 'mr-1',
      lastError: null,
    });
    const [audit] = await auditRows();
    expect(audit).toMatchObject({
      provider: 'aws-marketplace',
      customerId: c.customerId,
      customerName: c.customerName,
      customerCode: 'cust-feb',
      billedGroupId: c.sydney.id,
      billedGroupName: `Sydney cust-feb`,
      status: 'success',
    });
    expect(audit?.billingData).toMatchObject({
      month: '2026-02',
      dimension: 'DurationRoundedMin',
      quantity: 80,
      minutes: 180,
      includedMinutes: 100,
      usageHour: new Date(Math.floor(RUN_AT.getTime() / HOUR) * HOUR).toISOString(),
      meteringRecordId: 'mr-1',
    });
  });

  it('retries a failed send on the next run with the same hour; the marketplace gets it once', async () => {
    const c = await billedCustomer({ code: 'cust-retry', includedMinutes: 0 });
    await db
      .update(marketplaceSubscriptions)
      .set({ billingMinutesType: 'AgentDurationRoundedMin' })
      .where(eq(marketplaceSubscriptions.id, c.sub.id));
    meter.forceNext({ status: 500, type: 'InternalServiceErrorException', message: 'try later' });

    const first = await runMonthlyBilling(db, aws, RUN_AT);
    expect(first).toMatchObject({ created: 1, sent: 0, failed: 1 });
    const [failed] = await recordsOf(c.sub.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.lastError).toMatch(/InternalServiceErrorException: try later \(HTTP 500\)/);
    expect(meter.metered).toEqual([]);

    // Usage changes after the record was made: the quantity stays the one first sent.
    await db
      .insert(usageDays)
      .values({ groupId: c.ohio.id, day: '2026-02-20', agentDurationMin: 7 });

    const second = await runMonthlyBilling(db, aws, new Date(RUN_AT.getTime() + HOUR));
    expect(second).toEqual({ created: 0, sent: 1, failed: 0, deferred: 0 });
    const third = await runMonthlyBilling(db, aws, new Date(RUN_AT.getTime() + 2 * HOUR));
    expect(third).toEqual({ created: 0, sent: 0, failed: 0, deferred: 0 });

    expect(meter.received).toHaveLength(2);
    const stamps = meter.received.map((r) => r.body.UsageRecords?.[0]?.Timestamp);
    expect(stamps[0]).toBe(Math.floor(RUN_AT.getTime() / HOUR) * 3600);
    expect(stamps[1]).toBe(stamps[0]);
    expect(meter.metered).toHaveLength(1);
    expect(meter.metered[0]).toMatchObject({
      customerIdentifier: 'cust-retry',
      dimension: 'AgentDurationRoundedMin',
      quantity: 45,
    });

    const [sent] = await recordsOf(c.sub.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const audits = await auditRows();
    expect(audits.map((a) => a.status)).toEqual(['failed', 'success']);
    expect(audits[0]?.billingData).toMatchObject({
      quantity: 45,
      minutes: 45,
      includedMinutes: 0,
      error: expect.stringMatching(/HTTP 500/) as unknown,
    });
    // The retry's audit row carries the figures the quantity came from, not today's usage.
    expect(audits[1]?.billingData).toMatchObject({ quantity: 45, minutes: 45, attempt: 2 });
  });

  it('never sends twice, also when two runs overlap, and bills nothing under the included minutes', async () => {
    await billedCustomer({ code: 'cust-a', includedMinutes: 0 });
    await billedCustomer({ code: 'cust-b', includedMinutes: 1000 });
    const [one, two] = await Promise.all([
      runMonthlyBilling(db, aws, RUN_AT),
      runMonthlyBilling(db, aws, RUN_AT),
    ]);
    expect((one?.sent ?? 0) + (two?.sent ?? 0)).toBe(2);
    await runMonthlyBilling(db, aws, new Date(RUN_AT.getTime() + HOUR));
    expect(meter.received).toHaveLength(1);
    expect(meter.metered.map((m) => [m.customerIdentifier, m.quantity]).sort()).toEqual([
      ['cust-a', 180],
      ['cust-b', 0],
    ]);
    expect(await db.select().from(billingAuditLogs)).toHaveLength(2);
  });

  it('gives up after five failed attempts and on a refusal for good', async () => {
    const c = await billedCustomer({ code: 'cust-gone', includedMinutes: 0 });
    meter.unsubscribed.add('cust-gone');
    expect(await runMonthlyBilling(db, aws, RUN_AT)).toMatchObject({ sent: 0, failed: 1 });
    const [refused] = await recordsOf(c.sub.id);
    expect(refused).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: 'CustomerNotSubscribed',
    });
    expect(await runMonthlyBilling(db, aws, new Date(RUN_AT.getTime() + HOUR))).toMatchObject({
      sent: 0,
      failed: 0,
    });

    const d = await billedCustomer({ code: 'cust-down', includedMinutes: 0 });
    meter.unsubscribed.clear();
    const down = { status: 503, type: 'ServiceUnavailableException', message: 'down' };
    meter.forceNext(down, down, down, down, down, down);
    const base = RUN_AT.getTime() + 2 * HOUR;
    for (let i = 0; i < 5; i++) await runMonthlyBilling(db, aws, new Date(base + i * 50 * 60_000));
    const [left] = await recordsOf(d.sub.id);
    expect(left).toMatchObject({ status: 'failed', attempts: 5 });
    await runMonthlyBilling(db, aws, new Date(base + 5 * HOUR));
    expect(meter.metered).toEqual([]);
  });

  it('waits for the usage rollup, and re-stamps a record never sent when its hour has passed', async () => {
    const c = await billedCustomer({ code: 'cust-late', includedMinutes: 0 });
    await db
      .insert(usageDirty)
      .values({ groupId: c.ohio.id, hour: new Date('2026-02-27T10:00:00Z') });
    expect(await runMonthlyBilling(db, aws, RUN_AT)).toMatchObject({ created: 0, deferred: 1 });
    await db.delete(usageDirty);

    // A record made, then the process stopped before sending it; it restarts 8 hours later.
    const brokenAdapter: MeteringAdapter = {
      provider: 'aws-marketplace',
      name: 'stops',
      batchMeterUsage: () => Promise.reject(new Error('stopped')),
    };
    await runMonthlyBilling(db, brokenAdapter, RUN_AT);
    await db
      .update(billingUsageRecords)
      .set({ attempts: 0, status: 'pending', sentAt: null })
      .where(eq(billingUsageRecords.subscriptionId, c.sub.id));
    const later = new Date(RUN_AT.getTime() + 8 * HOUR);
    expect(await runMonthlyBilling(db, aws, later)).toMatchObject({ sent: 1 });
    expect(meter.received[0]?.body.UsageRecords?.[0]?.Timestamp).toBe(
      Math.floor(later.getTime() / HOUR) * 3600,
    );
  });

  it('leaves a record tried before and now too old for the marketplace failed, for staff', async () => {
    const c = await billedCustomer({ code: 'cust-old', includedMinutes: 0 });
    meter.forceNext({ status: 500, type: 'InternalServiceErrorException', message: 'no' });
    await runMonthlyBilling(db, aws, RUN_AT);
    expect(await runMonthlyBilling(db, aws, new Date(RUN_AT.getTime() + 7 * HOUR))).toMatchObject({
      sent: 0,
      failed: 1,
    });
    const [record] = await recordsOf(c.sub.id);
    expect(record).toMatchObject({ status: 'failed', attempts: 5 });
    expect(record?.lastError).toMatch(/older than the marketplace accepts/);
    expect(meter.received).toHaveLength(1);
  });

  it('runs from the hourly job until stopped', async () => {
    await billedCustomer({ code: 'cust-job', includedMinutes: 0 });
    const logs: string[] = [];
    const log = {
      info: (_: object, msg: string) => logs.push(msg),
      warn: (_: object, msg: string) => logs.push(msg),
      error: (_: object, msg: string) => logs.push(msg),
    };
    const job = startBillingJob(db, aws, log, {
      firstRunMs: 0,
      everyMs: 60_000,
      now: () => RUN_AT,
    });
    await expect.poll(() => meter.metered.length, { timeout: 5000 }).toBe(1);
    await job.stop();
    expect(logs).toContain('billing run');
  });
});

describe('marketplace routes', () => {
  async function staff(billing: boolean) {
    const group = await createGroup(db);
    const user = await createUser(db, { isSuper: true });
    if (billing) {
      await db
        .update(users)
        .set({ platformPermissions: ['user:billing'] })
        .where(eq(users.id, user.id));
    }
    return authHeaders((await signIn(s.app, user.email)).token, group.id);
  }

  it('answers 403 to a super user without user:billing', async () => {
    const headers = await staff(false);
    const c = await billedCustomer({ code: 'cust-403', includedMinutes: 0, link: false });
    const calls = [
      { method: 'GET', url: '/api/marketplace/customerMarketplaceBilling' },
      {
        method: 'PUT',
        url: `/api/marketplace/subscriptions/${c.sub.id}/link`,
        payload: { customerId: c.customerId },
      },
      { method: 'POST', url: '/api/marketplace/billing/run' },
      { method: 'GET', url: '/api/marketplace/billingAuditLogs' },
    ] as const;
    for (const call of calls) {
      const res = await s.app.inject({ ...call, headers });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json<{ error: { code: string } }>().error.code).toBeTruthy();
    }
    const [sub] = await db
      .select()
      .from(marketplaceSubscriptions)
      .where(eq(marketplaceSubscriptions.id, c.sub.id));
    expect(sub?.customerId).toBeNull();
  });

  it('lists, links (audited), runs and pages the audit log for billing staff', async () => {
    const headers = await staff(true);
    const c = await billedCustomer({ code: 'cust-route', includedMinutes: 0, link: false });

    const before = await s.app.inject({
      method: 'GET',
      url: '/api/marketplace/customerMarketplaceBilling',
      headers,
    });
    expect(before.statusCode).toBe(200);
    const listed = before.json<{
      customers: MarketplaceCustomer[];
      unlinked: UnlinkedSubscription[];
    }>();
    expect(listed.customers).toEqual([]);
    expect(listed.unlinked).toEqual([
      {
        id: c.sub.id,
        customerCode: 'cust-route',
        productCode: 'prod-callsight',
        createdAt: '2025-12-01T00:00:00.000Z',
      },
    ]);

    const missing = await s.app.inject({
      method: 'PUT',
      url: '/api/marketplace/subscriptions/00000000-0000-4000-8000-000000000000/link',
      headers,
      payload: { customerId: c.customerId },
    });
    expect(missing.statusCode).toBe(404);
    const unknownCustomer = await s.app.inject({
      method: 'PUT',
      url: `/api/marketplace/subscriptions/${c.sub.id}/link`,
      headers,
      payload: { customerId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknownCustomer.statusCode).toBe(400);
    expect(
      unknownCustomer.json<{ error: { fields: Record<string, string> } }>().error.fields,
    ).toHaveProperty('customerId');

    const linked = await s.app.inject({
      method: 'PUT',
      url: `/api/marketplace/subscriptions/${c.sub.id}/link`,
      headers,
      payload: {
        customerId: c.customerId,
        includedMinutes: 20,
        billingMinutesType: 'AgentDurationRoundedMin',
      },
    });
    expect(linked.statusCode).toBe(200);
    const customer = linked.json<{ customer: MarketplaceCustomer }>().customer;
    expect(customer).toMatchObject({
      customerID: c.customerId,
      customerName: c.customerName,
      customerCode: 'cust-route',
      subscriptions: [
        {
          includedMinutes: 20,
          billingMinutesType: 'AgentDurationRoundedMin',
          subscriptionStart: '2025-12-01T00:00:00.000Z',
          subscriptionEnd: null,
          status: 'active',
        },
      ],
    });
    const audit = await db.select().from(auditLog).where(eq(auditLog.targetId, c.sub.id));
    expect(audit).toMatchObject([
      { service: 'billing', action: 'linkSubscription', result: 'success', groupId: null },
    ]);

    // Minutes per month in the customer's first group's time zone (Sydney), as of a fixed now.
    const asOf = await listMarketplaceCustomers(db, new Date('2026-03-10T00:00:00Z'));
    const months = asOf.customers[0]?.monthMinutes ?? [];
    expect(months[0]).toEqual({ month: '2026-03', minutes: 0 });
    expect(months.find((m) => m.month === '2026-02')).toEqual({ month: '2026-02', minutes: 45 });
    expect(months).toHaveLength(13);
    expect(asOf.unlinked).toEqual([]);

    // February through the AWS adapter, then a run now through the app's own (local) adapter,
    // which bills the month before today's (no usage: 0) once it is due.
    expect(await runMonthlyBilling(db, aws, RUN_AT)).toMatchObject({ sent: 1 });
    const now = new Date();
    const last = previousMonth(now, 'Australia/Sydney');
    const due =
      now.getTime() >=
      Math.max(
        monthBounds(last, 'Australia/Sydney').to.getTime(),
        monthBounds(last, 'America/New_York').to.getTime(),
      ) +
        BILLING_SETTLE_MS;
    const run = await s.app.inject({
      method: 'POST',
      url: '/api/marketplace/billing/run',
      headers,
    });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({ sent: due ? 1 : 0, failed: 0 });

    const page = await s.app.inject({
      method: 'GET',
      url: '/api/marketplace/billingAuditLogs?page=0&size=10',
      headers,
    });
    expect(page.statusCode).toBe(200);
    const logs = page.json<BillingAuditLogPage>();
    expect(logs.total).toBe(due ? 2 : 1);
    // Newest first: the local run's row (sent today) before February's.
    expect(logs.logs.at(-1)).toMatchObject({
      provider: 'aws-marketplace',
      customerID: c.customerId,
      customerName: c.customerName,
      groupID: c.sydney.id,
      groupName: 'Sydney cust-route',
      status: 'success',
      billingData: {
        customerCode: 'cust-route',
        month: '2026-02',
        quantity: 25,
        minutes: 45,
        includedMinutes: 20,
      },
    });
    if (due) {
      expect(logs.logs[0]).toMatchObject({
        provider: 'local',
        billingData: { month: last, quantity: 0, minutes: 0 },
      });
    }
    const second = await s.app.inject({
      method: 'GET',
      url: '/api/marketplace/billingAuditLogs?page=1&size=1',
      headers,
    });
    expect(second.json<BillingAuditLogPage>().logs).toHaveLength(due ? 1 : 0);
  });
});
