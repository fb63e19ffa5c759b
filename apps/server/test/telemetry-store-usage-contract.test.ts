import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  COVERAGE_RANGES,
  normalizeExportRequest,
  recordToAttributes,
  type AttributeValue,
  type CoverageSummary,
  type IngestResult,
  type OtlpJsonExportRequest,
} from '@callsight/shared';
import type { TestServer } from './harness.ts';
import { createGroup } from './factories.ts';
import { seededRandom } from './sql/round-trip-support.ts';
import { generateGroupData, type GroupData, type Step } from './support/telemetry-contract-data.ts';
import { openContractStores, type ContractClickHouse } from './support/contract-clickhouse.ts';
import { queryRows, textArrayLiteral } from '../src/db/pg-arrays.ts';
import { forGroup } from '../src/db/group-scope.ts';
import type { TelemetryStore } from '../src/services/telemetry-store/telemetry-store.ts';
import { coverageCsv, coverageSummary } from '../src/services/usage/coverage.ts';
import { drainUsage, rebuildUsage, timeZoneOfRegion } from '../src/services/usage/rollup.ts';
import { fieldsOf, type WorkflowJobPayload } from '../src/services/workflows/run-action.ts';

/**
 * Usage metering, extension coverage and workflow templates' call fields on both telemetry stores
 * (issue 23, decisions CH37-CH41, CH55-CH57): the same generated calls (corrections, resends,
 * moved starts) and journeys over 30 hours (so across a local midnight) for a Sydney and an Ohio
 * group go to PostgreSQL and to ClickHouse; the ClickHouse writers leave the same usage marks as
 * PostgreSQL's triggers, and the usage days, coverage and call fields computed from each store
 * are equal.
 */

type Span = OtlpJsonExportRequest['resourceSpans'][number]['scopeSpans'][number]['spans'][number];

const SEED = Number(process.env.CONTRACT_SEED ?? 37);
const NOW_MS = Math.floor(Date.now() / 60_000) * 60_000;
const NOW = new Date(NOW_MS);
const SPAN_MS = 30 * 3600_000;
const REGIONS = ['ap-southeast-2', 'us-east-2'] as const;

let s: TestServer;
let clickhouse: ContractClickHouse;
let pg: TelemetryStore;
let ch: TelemetryStore;
const groups: { id: string; region: string; data: GroupData }[] = [];
const ingested: { pg: IngestResult[]; ch: IngestResult[] } = { pg: [], ch: [] };
let pgMarks: string[] = [];
let chMarks: string[] = [];

function send(store: TelemetryStore, groupId: string, step: Step) {
  if (step.kind === 'samples') return store.ingestSamples(groupId, step.items);
  if (step.kind === 'calls') return store.ingestCalls(groupId, step.items);
  return store.ingestLogs(groupId, step.items);
}

const groupIds = () => textArrayLiteral(groups.map((g) => g.id));

/** The (group, hour) marks waiting, each once, in order; then none are left. */
async function takeMarks(): Promise<string[]> {
  const rows = await queryRows<{ mark: string }>(
    s.database.db,
    sql`delete from usage_dirty where group_id = any(${groupIds()}::uuid[])
        returning group_id::text || ' ' || to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as mark`,
  );
  return [...new Set(rows.map((r) => r.mark))].sort();
}

async function putMarks(marks: readonly string[]) {
  for (const mark of marks) {
    const [groupId, day, hour] = mark.split(' ');
    await s.database.db.execute(
      sql`insert into usage_dirty (group_id, hour) values (${groupId}::uuid, ${`${day}T${hour}:00:00Z`}::timestamptz)`,
    );
  }
}

/** The usage days of the test groups, every column but updated_at. */
async function usageDays() {
  return queryRows<Record<string, unknown>>(
    s.database.db,
    sql`select group_id, day::text as day, calls, agent_interaction_min,
               agent_duration_sec_filtered::text as agent_duration_sec_filtered, agent_duration_min,
               cloud_duration_min, duration_min, stats_duration_min, agents
        from usage_days where group_id = any(${groupIds()}::uuid[]) order by group_id, day`,
  );
}

/**
 * Runs `work` with PostgreSQL's journeys of the test groups set aside, so that what it computes
 * from ClickHouse cannot come from PostgreSQL's copy of them; the rows come back after, and the
 * marks their moves leave are dropped.
 */
async function withoutPostgresJourneys<T>(work: () => Promise<T>): Promise<T> {
  const db = s.database.db;
  await db.execute(sql`create table usage_contract_journeys as
    select * from journey_traces where group_id = any(${groupIds()}::uuid[])`);
  await db.execute(sql`delete from journey_traces where group_id = any(${groupIds()}::uuid[])`);
  await takeMarks();
  try {
    return await work();
  } finally {
    await db.execute(sql`insert into journey_traces select * from usage_contract_journeys`);
    await db.execute(sql`drop table usage_contract_journeys`);
    await takeMarks();
  }
}

async function clearUsageDays() {
  await s.database.db.execute(
    sql`delete from usage_days where group_id = any(${groupIds()}::uuid[])`,
  );
}

/**
 * Contact records (journeys) over the same hours, as OTLP exports both stores take through
 * storeSpans: some link a call the collector reported, some a contact it never saw, some none;
 * their cloud minutes count in DurationRoundedMin only when the collector did not report the
 * contact. A fifth get a later export with a span starting earlier (a moved start, sometimes
 * into another hour or day) and one ending later (a longer journey), so each store's journeys are
 * counted once at their last version.
 */
function journeyExports(data: GroupData, seed: number): OtlpJsonExportRequest[] {
  const random = seededRandom(seed);
  const first: Span[] = [];
  const later: Span[] = [];
  const ns = (ms: number) => String(BigInt(ms) * 1_000_000n);
  for (let i = 0; i < 40; i++) {
    const r = random();
    const contact =
      r < 0.5
        ? (data.contactIds[Math.floor(random() * 160)] ?? null)
        : r < 0.8
          ? `unseen-${i}`
          : null;
    const startMs = NOW_MS - 10 * 60_000 - Math.floor(random() * SPAN_MS);
    const durationMs = Math.floor(random() * 400_000);
    const agent = random() < 0.8 ? `agent0${i % 9}` : null;
    const traceId = `${i.toString(16).padStart(4, '0')}${'0'.repeat(27)}1`;
    const attributes: Record<string, AttributeValue> = {};
    if (agent) attributes['cx.agent.username'] = agent;
    if (contact) attributes['cx.softphone.contact.id'] = contact;
    first.push({
      traceId,
      spanId: `${i.toString(16).padStart(4, '0')}000000000001`,
      name: 'contact',
      kind: 2,
      startTimeUnixNano: ns(startMs),
      endTimeUnixNano: ns(startMs + durationMs),
      attributes: recordToAttributes(attributes),
    });
    if (i % 5 === 2) {
      const earlier = startMs - Math.floor(random() * 3 * 3600_000);
      later.push({
        traceId,
        spanId: `${i.toString(16).padStart(4, '0')}000000000002`,
        parentSpanId: `${i.toString(16).padStart(4, '0')}000000000001`,
        name: 'cx.queue',
        kind: 1,
        startTimeUnixNano: ns(earlier),
        endTimeUnixNano: ns(startMs + durationMs + Math.floor(random() * 200_000)),
        attributes: [],
      });
    }
  }
  const exportOf = (spans: Span[]): OtlpJsonExportRequest => ({
    resourceSpans: [
      {
        resource: { attributes: recordToAttributes({ 'service.name': 'connect' }) },
        scopeSpans: [{ scope: { name: 'cx.sdk', version: '1.0' }, spans }],
      },
    ],
  });
  return [exportOf(first.slice(0, 20)), exportOf(first.slice(20)), exportOf(later)];
}

async function storeJourneys(
  store: TelemetryStore,
  groupId: string,
  data: GroupData,
  seed: number,
) {
  for (const request of journeyExports(data, seed))
    await store.storeSpans(groupId, normalizeExportRequest(request).spans);
}

beforeAll(async () => {
  ({ s, clickhouse, pg, ch } = await openContractStores(NOW_MS));
  for (const [g, region] of REGIONS.entries()) {
    const group = await createGroup(s.database.db);
    await s.database.db.execute(sql`update groups set region = ${region} where id = ${group.id}`);
    const data = generateGroupData(SEED * 101 + g, NOW_MS, { spanMs: SPAN_MS });
    groups.push({ id: group.id, region, data });
  }
  await takeMarks();
  // All of PostgreSQL's writes, then all of ClickHouse's, so that each store's marks are its own.
  for (const [g, { id, data }] of groups.entries()) {
    for (const step of data.steps) ingested.pg.push(await send(pg, id, step));
    await storeJourneys(pg, id, data, SEED * 7 + g);
  }
  pgMarks = await takeMarks();
  for (const [g, { id, data }] of groups.entries()) {
    for (const step of data.steps) ingested.ch.push(await send(ch, id, step));
    await storeJourneys(ch, id, data, SEED * 7 + g);
  }
  chMarks = await takeMarks();
}, 600_000);

afterAll(async () => {
  await clickhouse?.dispose();
  await s?.close();
});

describe('usage, coverage and call fields on both telemetry stores', { timeout: 180_000 }, () => {
  it('both stores accepted every batch alike', () => {
    expect(ingested.pg.length).toBeGreaterThan(10);
    expect(ingested.ch).toEqual(ingested.pg);
  });

  it("the ClickHouse writers mark the same (group, hour)s as PostgreSQL's triggers", () => {
    expect(pgMarks.length).toBeGreaterThan(20);
    expect(chMarks).toEqual(pgMarks);
  });

  it('the usage days computed from each store are equal, every call counted once', async () => {
    const fromClickHouse = await withoutPostgresJourneys(async () => {
      await clearUsageDays();
      await putMarks(chMarks);
      await drainUsage(s.database.db, ch);
      return usageDays();
    });
    await clearUsageDays();
    await putMarks(pgMarks);
    await drainUsage(s.database.db, pg);
    const fromPostgres = await usageDays();
    expect(fromClickHouse).toEqual(fromPostgres);

    for (const { id, region } of groups) {
      const days = fromPostgres.filter((d) => d.group_id === id);
      // 30 hours of calls: at least two local days in the group's own zone.
      expect(days.length, timeZoneOfRegion(region)).toBeGreaterThanOrEqual(2);
      const [{ n }] = (await queryRows<{ n: number }>(
        s.database.db,
        sql`select count(*)::int as n from call_summaries where group_id = ${id}`,
      )) as [{ n: number }];
      expect(days.reduce((sum, d) => sum + Number(d.calls), 0)).toBe(n);
      // Some journeys are billed as cloud-only minutes and some are not (their call was reported).
      const cloud = days.reduce((sum, d) => sum + Number(d.cloud_duration_min), 0);
      const billed = days.reduce((sum, d) => sum + Number(d.duration_min), 0);
      const agentMin = days.reduce((sum, d) => sum + Number(d.agent_duration_min), 0);
      expect(billed - agentMin).toBeGreaterThan(0);
      expect(billed - agentMin).toBeLessThan(cloud);
      expect(days.some((d) => Number(d.agent_interaction_min) < Number(d.agent_duration_min))).toBe(
        true,
      );
    }
  });

  it('rebuildUsage finds the same days in each store and computes the same figures', async () => {
    for (const { id, region } of groups) {
      const tz = timeZoneOfRegion(region);
      const callDays = await pg.usageCallDays(id, tz);
      expect(callDays.length).toBeGreaterThanOrEqual(2);
      expect(await ch.usageCallDays(id, tz)).toEqual(callDays);
      const journeyDays = await pg.usageJourneyDays(id, tz);
      expect(journeyDays.length).toBeGreaterThanOrEqual(2);
      expect(await ch.usageJourneyDays(id, tz)).toEqual(journeyDays);
    }
    const fromClickHouse = await withoutPostgresJourneys(async () => {
      await clearUsageDays();
      await rebuildUsage(s.database.db, 500, ch);
      return usageDays();
    });
    await clearUsageDays();
    await rebuildUsage(s.database.db, 500, pg);
    const fromPostgres = await usageDays();
    expect(fromClickHouse).toEqual(fromPostgres);
    // At least two local days per group (30 hours of calls), as drainUsage computes.
    for (const { id } of groups)
      expect(fromPostgres.filter((d) => d.group_id === id).length).toBeGreaterThanOrEqual(2);
  });

  it('extension coverage is the same from each store, for every range and set', async () => {
    const coverage = async (store: TelemetryStore) => {
      const answers: unknown[] = [];
      for (const { id } of groups) {
        const scope = forGroup(s.database.db, id);
        for (const { range } of COVERAGE_RANGES) {
          answers.push(await coverageSummary(scope, store, range, NOW));
          for (const set of ['All', 'NoExtension', 'LowCoverage'] as const)
            answers.push(await coverageCsv(scope, store, set, range, NOW));
        }
      }
      return answers;
    };
    const fromPostgres = await coverage(pg);
    expect(await withoutPostgresJourneys(() => coverage(ch))).toEqual(fromPostgres);
    const summaries = fromPostgres.filter((a): a is CoverageSummary => 'sets' in (a as object));
    const count = (set: string) =>
      summaries.reduce((n, x) => n + (x.sets.find((y) => y.set === set)?.count ?? 0), 0);
    expect(count('LowCoverage')).toBeGreaterThan(0);
    // Agents whose contact records have no collector data at all: the journeys' side is compared.
    expect(count('NoExtension')).toBeGreaterThan(0);
  });

  it("a workflow action's call fields are the same from each store", async () => {
    const job = (contactId: string): WorkflowJobPayload => ({
      workflowId: 'w',
      workflowName: 'W',
      application: 'softphone',
      trigger: 'call-start',
      action: {},
      contactId,
      agent: 'fired-agent',
      breach: { metric: 'mos', value: 2, threshold: 3 },
      fields: {},
      firedAt: NOW.toISOString(),
    });
    let withCall = 0;
    for (const { id, data } of groups) {
      const scope = forGroup(s.database.db, id);
      // Every third contact (updated, moved and log-only calls among them) and one never seen.
      for (const contactId of [...data.contactIds.filter((_, i) => i % 3 === 0), 'never-seen']) {
        const direct = await fieldsOf({}, scope, job(contactId));
        expect(await fieldsOf({ callSummary: pg.callSummary }, scope, job(contactId))).toEqual(
          direct,
        );
        expect(await fieldsOf({ callSummary: ch.callSummary }, scope, job(contactId))).toEqual(
          direct,
        );
        if (direct.startTime !== null) withCall++;
      }
    }
    expect(withCall).toBeGreaterThan(60);
  });
});
