import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BILLING_USAGE_COLUMNS,
  COVERAGE_CSV_HEADERS,
  parseCsvRows,
  type BillingUsage,
  type BillingUsagePage,
  type BillableGroup,
  type CoverageSummary,
  type UsageRecord,
} from '@callsight/shared';
import { callSummaries, groups, journeyTraces, usageDays } from '../src/db/schema/index.ts';
import { drainUsage, rebuildUsage } from '../src/services/usage/rollup.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createTenant, createUser, ingest, signIn } from './factories.ts';

/**
 * Usage metering and billing (issue 22) through the API: the rollup's figures equal the ones
 * computed by hand from known calls, the CSV carries the table's numbers, months follow the
 * group's time zone, and only super users holding user:billing reach billing.
 */

let s: TestServer;
let billingHeaders: Record<string, string>;
let superHeaders: Record<string, string>;
beforeAll(async () => {
  s = await startTestServer();
  const anyGroup = await createGroup(s.database.db);
  const biller = await createUser(s.database.db, {
    isSuper: true,
    platformPermissions: ['user:billing'],
    groups: [anyGroup],
  });
  const plainSuper = await createUser(s.database.db, { isSuper: true, groups: [anyGroup] });
  billingHeaders = authHeaders((await signIn(s.app, biller.email)).token);
  superHeaders = authHeaders((await signIn(s.app, plainSuper.email)).token);
});
afterAll(() => s.close());

async function get<T>(url: string, headers: Record<string, string>) {
  const res = await s.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.body, json: () => res.json<T>(), res };
}

const criteria = (fromTime: string, toTime = 'now') =>
  encodeURIComponent(JSON.stringify({ fromTime, toTime, timezone: 'Australia/Sydney' }));

const NOW = Date.now();
/** Durations of the known calls, and what each counts in rounded minutes. */
const DURATIONS = [61, 60, 0, 125, 1];
const EXPECTED_MINUTES = 2 + 1 + 0 + 3 + 1;

async function tenantWithKnownCalls() {
  const t = await createTenant(s);
  const tag = t.group.id.slice(0, 8);
  await ingest(
    s.app,
    t.key,
    'calls',
    DURATIONS.map((seconds, i) => ({
      contactId: `known-${tag}-${i}`,
      agent: i % 2 === 0 ? 'ann' : 'bob',
      startTime: NOW - 3 * 3_600_000 + i * 60_000,
      endTime: NOW - 3 * 3_600_000 + i * 60_000 + seconds * 1000,
    })),
  );
  return t;
}

describe('usage metering', () => {
  it("a group's billing row equals the minutes counted by hand, each call rounded up", async () => {
    const t = await tenantWithKnownCalls();
    await drainUsage(s.database.db);
    const res = await get<BillingUsage>(
      `/api/billing/${t.group.id}/ap-southeast-2?criteria=${criteria('now-1d')}`,
      billingHeaders,
    );
    expect(res.status, res.body).toBe(200);
    const row = res.json();
    expect(row.UsageLoaded).toBe(true);
    expect(row.GroupName).toBe(t.group.name);
    expect(row.AgentDurationRoundedMin).toBe(EXPECTED_MINUTES);
    expect(row.DurationRoundedMin).toBe(EXPECTED_MINUTES);
    expect(row.AgentInteractionDurationRoundedMin).toBe(EXPECTED_MINUTES);
    // Ended agent calls of more than 0 s, in seconds.
    expect(row.AgentDurationSecFiltered).toBe(61 + 60 + 125 + 1);
    expect(row.AgentCount).toBe(2);
    expect(row.CloudDurationRoundedMin).toBe(0);
    expect(row.AssuranceTestCount).toBe(0);

    // The Usage page of the group's admin: the current month holds them.
    const usage = await get<UsageRecord[]>('/api/usage', t.adminHeaders);
    expect(usage.status, usage.body).toBe(200);
    const [current, ...previous] = usage.json();
    expect(current?.Period).toBe('Current Usage');
    expect(previous).toHaveLength(12);
    const total = usage.json().reduce((sum, r) => sum + r.AgentDurationRoundedMin, 0);
    expect(total).toBe(EXPECTED_MINUTES);
    // A viewer is refused (Usage and Coverage need admin or super).
    expect((await get('/api/usage', t.viewerHeaders)).status).toBe(403);
  });

  it('a later batch that changes a call is counted again, not twice', async () => {
    const t = await tenantWithKnownCalls();
    await drainUsage(s.database.db);
    const tag = t.group.id.slice(0, 8);
    // The first call turns out longer: 61 s becomes 181 s (4 minutes instead of 2).
    await ingest(s.app, t.key, 'calls', [
      {
        contactId: `known-${tag}-0`,
        agent: 'ann',
        startTime: NOW - 3 * 3_600_000,
        endTime: NOW - 3 * 3_600_000 + 181_000,
      },
    ]);
    await drainUsage(s.database.db);
    const row = (
      await get<BillingUsage>(
        `/api/billing/${t.group.id}/ap-southeast-2?criteria=${criteria('now-1d')}`,
        billingHeaders,
      )
    ).json();
    expect(row.AgentDurationRoundedMin).toBe(EXPECTED_MINUTES + 2);
  });

  it("a call counts in its group's local month: 23:30 in Sydney on 31 March is March", async () => {
    const group = await createGroup(s.database.db);
    const db = s.database.db;
    // 2025-03-31 23:30 in Sydney (AEDT, +11) is 12:30 UTC; 2025-04-01 00:30 is 13:30 UTC.
    await db.insert(callSummaries).values([
      {
        groupId: group.id,
        contactId: 'march-last',
        agent: 'ann',
        startTime: new Date('2025-03-31T12:30:00Z'),
        endTime: new Date('2025-03-31T12:32:00Z'),
        durationSeconds: 120,
      },
      {
        groupId: group.id,
        contactId: 'april-first',
        agent: 'bob',
        startTime: new Date('2025-03-31T13:30:00Z'),
        endTime: new Date('2025-03-31T13:30:30Z'),
        durationSeconds: 30,
      },
    ]);
    await drainUsage(db);
    const march = await get<string>(
      `/api/billing/usage/download/all/2025-03?timezone=Australia/Sydney`,
      billingHeaders,
    );
    expect(march.status, march.body).toBe(200);
    const marchRow = parseCsvRows(march.body).rows.find((r) => r.GroupID === group.id);
    expect(marchRow?.AgentDurationRoundedMin).toBe('2');
    const april = await get<string>(
      `/api/billing/usage/download/all/2025-04?timezone=Australia/Sydney`,
      billingHeaders,
    );
    const aprilRow = parseCsvRows(april.body).rows.find((r) => r.GroupID === group.id);
    expect(aprilRow?.AgentDurationRoundedMin).toBe('1');

    // The same instants in New York (us-east-2) are both on 31 March.
    await db.update(groups).set({ region: 'us-east-2' }).where(eq(groups.id, group.id));
    await db.update(callSummaries).set({ agent: 'ann' }).where(eq(callSummaries.groupId, group.id));
    await drainUsage(db);
    const ny = await get<BillingUsage>(
      `/api/billing/${group.id}/us-east-2?criteria=${encodeURIComponent(
        JSON.stringify({ fromTime: '2025-03-31T04:00:00Z', toTime: '2025-04-01T03:59:59Z' }),
      )}`,
      billingHeaders,
    );
    expect(ny.json().AgentDurationRoundedMin).toBe(3);
    // The group is no longer in ap-southeast-2.
    expect(
      (
        await get(
          `/api/billing/${group.id}/ap-southeast-2?criteria=${criteria('now-1d')}`,
          billingHeaders,
        )
      ).status,
    ).toBe(404);
  });

  it('journeys count as cloud minutes; a contact with a measured call is not billed twice', async () => {
    const t = await tenantWithKnownCalls();
    const tag = t.group.id.slice(0, 8);
    const start = new Date(NOW - 2 * 3_600_000);
    const trace = (traceId: string, contact: string | null, ms: number) => ({
      groupId: t.group.id,
      traceId,
      startTime: start,
      endTime: new Date(start.getTime() + ms),
      durationMs: ms,
      spanCount: 1,
      serviceName: 'connect',
      rootSpanName: 'contact',
      softphoneContactId: contact,
      agentUsername: 'cat',
    });
    await s.database.db
      .insert(journeyTraces)
      .values([trace('t-linked', `known-${tag}-3`, 130_000), trace('t-cloud', null, 90_000)]);
    await drainUsage(s.database.db);
    const row = (
      await get<BillingUsage>(
        `/api/billing/${t.group.id}/ap-southeast-2?criteria=${criteria('now-1d')}`,
        billingHeaders,
      )
    ).json();
    expect(row.CloudDurationRoundedMin).toBe(3 + 2);
    expect(row.DurationRoundedMin).toBe(EXPECTED_MINUTES + 2);
    expect(row.AgentCount).toBe(3);

    // Coverage: one of cat's two contacts has collector data (bob's known call), the other none:
    // 50 percent without is low coverage (spec 000 §9), and not "no extension".
    const coverage = await get<CoverageSummary>('/api/coverage?range=now-1d', t.adminHeaders);
    expect(coverage.status, coverage.body).toBe(200);
    const counts = Object.fromEntries(coverage.json().sets.map((x) => [x.set, x.count]));
    expect(counts).toEqual({ All: 3, NoExtension: 0, LowCoverage: 1 });
    const csv = await get<string>(
      '/api/coverage/LowCoverage/download?range=now-1d',
      t.adminHeaders,
    );
    expect(csv.res.headers['recordcount']).toBe('1');
    const parsed = parseCsvRows(csv.body);
    expect(parsed.headers).toEqual([...COVERAGE_CSV_HEADERS.LowCoverage]);
    expect(
      parsed.rows.map((r) => [r.Agent, r.CloudCalls, r.CloudCallsWithoutCollectorData]),
    ).toEqual([['cat', '2', '1']]);
    const none = await get<string>(
      '/api/coverage/NoExtension/download?range=now-1d',
      t.adminHeaders,
    );
    expect(parseCsvRows(none.body).rows).toHaveLength(0);
    expect((await get('/api/coverage?range=now-2d', t.adminHeaders)).status).toBe(400);
  });
});

describe('rebuilding the rollup', () => {
  it('recomputes every day from the stored data, each once, to the same figures', async () => {
    const t = await tenantWithKnownCalls();
    await drainUsage(s.database.db);
    const url = `/api/billing/${t.group.id}/ap-southeast-2?criteria=${criteria('now-1d')}`;
    const before = (await get<BillingUsage>(url, billingHeaders)).json();
    await s.database.db.delete(usageDays).where(eq(usageDays.groupId, t.group.id));
    expect((await get<BillingUsage>(url, billingHeaders)).json().AgentDurationRoundedMin).toBe(0);
    const days = await rebuildUsage(s.database.db);
    expect(days).toBeGreaterThan(0);
    expect((await get<BillingUsage>(url, billingHeaders)).json()).toEqual(before);
  });
});

describe('billing routes', () => {
  it('the CSV has the same numbers as the table, with the row count in recordcount', async () => {
    await tenantWithKnownCalls();
    await drainUsage(s.database.db);
    const groupsRes = await get<{ groups: BillableGroup[] }>(
      `/api/billing/billable-groups?criteria=${criteria('now-30d')}`,
      billingHeaders,
    );
    expect(groupsRes.status, groupsRes.body).toBe(200);
    const listed = groupsRes.json().groups;
    const page = await get<BillingUsagePage>(
      `/api/billing/usage?criteria=${criteria('now-30d')}&page=0&size=10000`,
      billingHeaders,
    );
    expect(page.json().total).toBe(listed.length);
    const csv = await get<string>('/api/billing/usage/download/all/now-30d~now', billingHeaders);
    expect(csv.status, csv.body).toBe(200);
    expect(csv.res.headers['recordcount']).toBe(String(listed.length));
    const parsed = parseCsvRows(csv.body);
    expect(parsed.headers).toEqual(['GroupID', 'GroupName', ...BILLING_USAGE_COLUMNS]);
    for (const row of page.json().rows) {
      const line = parsed.rows.find((r) => r.GroupID === row.GroupID);
      for (const column of BILLING_USAGE_COLUMNS) expect(line?.[column]).toBe(String(row[column]));
    }
    // Each row equals its per-group answer.
    for (const row of page.json().rows.slice(0, 3)) {
      const one = await get<BillingUsage>(
        `/api/billing/${row.GroupID}/${row.Region}?criteria=${criteria('now-30d')}`,
        billingHeaders,
      );
      expect(one.json()).toEqual(row);
    }
  });

  it('a super user without user:billing gets 403, and bad criteria name the field', async () => {
    for (const url of [
      '/api/billing/usage',
      `/api/billing/billable-groups?criteria=${criteria('now-30d')}`,
      '/api/billing/usage/download/all/2025-03',
    ]) {
      expect((await get(url, superHeaders)).status, url).toBe(403);
    }
    const bad = await get<{ error: { fields: Record<string, string> } }>(
      `/api/billing/usage?criteria=${encodeURIComponent('{"fromTime":"yesterday"}')}`,
      billingHeaders,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json().error.fields)).toContain('fromTime');
    const notJson = await get(`/api/billing/usage?criteria=nope`, billingHeaders);
    expect(notJson.status).toBe(400);
    const badPeriod = await get('/api/billing/usage/download/all/2025-13', billingHeaders);
    expect(badPeriod.status).toBe(400);
  });
});
