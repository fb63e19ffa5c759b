import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_LOG_SORT_COLUMNS,
  AgentLogQuerySchema,
  CALL_STATS_SORT_COLUMNS,
  CallStatsQuerySchema,
  ChartSpecSchema,
  CopilotQuerySchema,
  SORT_DIRECTIONS,
  type CopilotQueryInput,
  type CopilotResult,
  type AgentLogQueryInput,
  type CallStatsQueryInput,
  type ChartData,
  type IngestCallInput,
  type IngestResult,
  type TeamCondition,
} from '@callsight/shared';
import type { TestServer } from './harness.ts';
import { createGroup } from './factories.ts';
import { generateGroupData, type GroupData, type Step } from './support/telemetry-contract-data.ts';
import { openContractStores, type ContractClickHouse } from './support/contract-clickhouse.ts';
import { chForGroup } from '../src/db/clickhouse/group-scope.ts';
import { migrateClickHouse, readMigrations } from '../src/db/clickhouse/migrate.ts';
import { RETENTION_TABLES, retentionDaysOf } from '../src/db/clickhouse/retention.ts';
import type { SchemaTarget } from '../src/db/clickhouse/render-migration.ts';
import { toSummarySource } from '../src/services/call-detail/call-summary-source.ts';
import { noHits } from '../src/services/call-detail/call-logs.ts';
import type { CallSummaryRow } from '../src/services/telemetry/call-summaries.ts';
import { wholeGroup, type CallScope } from '../src/services/telemetry-store/call-scope.ts';
import type { TelemetryStore } from '../src/services/telemetry-store/telemetry-store.ts';

/**
 * Contract of the telemetry store (issue 23): the same generated telemetry, sent to PostgreSQL
 * (TEST_DB: PGlite or a server) and to ClickHouse (chDB in process, or the server at
 * CLICKHOUSE_URL), reads back alike through every query of the store: the explorer's call list
 * for every sort column and direction, filters, pages and counts; call summaries, seconds and
 * logs; the agent log. CONTRACT_SEED replays another draw.
 */

const SEED = Number(process.env.CONTRACT_SEED ?? 23);
/** Recent times: ClickHouse's retention TTL drops anything older than CLICKHOUSE_RETENTION_DAYS. */
const NOW_MS = Math.floor(Date.now() / 60_000) * 60_000;
const NOW = new Date(NOW_MS);
const TARGET = (retentionDays = 395): SchemaTarget => ({
  database: clickhouse.client.database,
  retentionDays,
});

let s: TestServer;
let clickhouse: ContractClickHouse;
let pg: TelemetryStore;
let ch: TelemetryStore;
const groups: { id: string; data: GroupData }[] = [];
let emptyGroupId = '';
const ingested: { group: number; step: number; pg: IngestResult; ch: IngestResult }[] = [];

function groupAt(index: number) {
  const group = groups[index];
  if (!group) throw new Error(`no group ${index}`);
  return group;
}

function send(store: TelemetryStore, groupId: string, step: Step) {
  if (step.kind === 'samples') return store.ingestSamples(groupId, step.items);
  if (step.kind === 'calls') return store.ingestCalls(groupId, step.items);
  return store.ingestLogs(groupId, step.items);
}

beforeAll(async () => {
  ({ s, clickhouse, pg, ch } = await openContractStores(NOW_MS));
  for (let g = 0; g < 3; g++) {
    const group = await createGroup(s.database.db);
    groups.push({ id: group.id, data: generateGroupData(SEED * 101 + g, NOW_MS) });
  }
  emptyGroupId = (await createGroup(s.database.db)).id;
  for (const [g, { id, data }] of groups.entries()) {
    for (const [i, step] of data.steps.entries()) {
      ingested.push({
        group: g,
        step: i,
        pg: await send(pg, id, step),
        ch: await send(ch, id, step),
      });
    }
  }
}, 600_000);

afterAll(async () => {
  await clickhouse?.dispose();
  await s?.close();
});

/** Fills in a query in UTC over the seven hours before NOW (the generated calls' range). */
const window = { fromTime: isoText(NOW_MS - 7 * 3600_000), toTime: isoText(NOW_MS) };
function isoText(ms: number) {
  return new Date(ms).toISOString().slice(0, 19);
}

/** A group's id (its whole group) or a CallScope, as the store's reads take it. */
type Scoped = string | CallScope;
const scopeOf = (scoped: Scoped): CallScope =>
  typeof scoped === 'string' ? wholeGroup(scoped) : scoped;

async function sameCallStats(scoped: Scoped, input: CallStatsQueryInput, totalCap?: number) {
  const query = CallStatsQuerySchema.parse({ ...window, ...input });
  const [expected, actual] = await Promise.all([
    pg.listCallStats(scopeOf(scoped), query, NOW, totalCap),
    ch.listCallStats(scopeOf(scoped), query, NOW, totalCap),
  ]);
  expect(actual, JSON.stringify(input)).toEqual(expected);
  return expected;
}

async function sameAgentLogs(scoped: Scoped, input: AgentLogQueryInput, totalCap?: number) {
  const query = AgentLogQuerySchema.parse({ ...window, ...input });
  const [expected, actual] = await Promise.all([
    pg.listAgentLogs(scopeOf(scoped), query, NOW, totalCap),
    ch.listAgentLogs(scopeOf(scoped), query, NOW, totalCap),
  ]);
  expect(actual, JSON.stringify(input)).toEqual(expected);
  return expected;
}

/** A copilot answer with fractions to 9 digits: averages are summed in another order. */
const rounded = (result: CopilotResult) =>
  JSON.parse(
    JSON.stringify(result, (_k, v: unknown) =>
      typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(9)) : v,
    ),
  ) as unknown;

/**
 * Teams of the draw (issue 33; its calls carry the hierarchy ['Sales', null, 'Tier 2'] and CTR
 * queues a and b on some calls), each with the test's own reading of its conditions.
 */
const TEAMS: {
  name: string;
  rules: TeamCondition[];
  passes: (call: IngestCallInput) => boolean;
}[] = [
  {
    name: 'agent group 1 Sales',
    rules: [{ type: 'group1', operator: 'equals', value: 'Sales' }],
    passes: (call) => call.agentGroups?.[0] === 'Sales',
  },
  {
    name: 'queue a and agent group 3 Tier…',
    rules: [
      { type: 'attributes', field: 'queue', operator: 'equals', value: 'a' },
      { type: 'group3', operator: 'startsWith', value: 'Tier' },
    ],
    passes: (call) =>
      call.ctrAttributes?.queue === 'a' && (call.agentGroups?.[2] ?? '').startsWith('Tier'),
  },
];

/** The contacts of the group whose stored summary (the last one sent) passes the team. */
function teamContacts(data: GroupData, passes: (call: IngestCallInput) => boolean) {
  const last = new Map<string, IngestCallInput>();
  for (const step of data.steps)
    if (step.kind === 'calls') for (const call of step.items) last.set(call.contactId, call);
  return new Set([...last].filter(([, call]) => passes(call)).map(([contactId]) => contactId));
}

/** A stored Float32 as ClickHouse writes it (4.3) or as a summary derives it (4.300000190734863). */
const f32 = (v: number | null) => (v === null ? null : Math.fround(v));

/** A summary row without the columns each store stamps with its own clock. */
const comparable = (row: CallSummaryRow | null) => {
  if (!row) return null;
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
};

describe(
  `telemetry store contract (PostgreSQL ↔ ClickHouse on ${process.env.CLICKHOUSE_URL ? 'a server' : 'chDB'})`,
  { timeout: 180_000 },
  () => {
    it('answers every ingestion request alike', () => {
      expect(ingested.length).toBeGreaterThan(30);
      for (const step of ingested)
        expect(step.ch, `group ${step.group} step ${step.step}`).toEqual(step.pg);
      // The draw holds duplicates (resent seconds and lines) for the comparison to mean something.
      expect(ingested.some((step) => step.pg.duplicates > 0)).toBe(true);
    });

    it('lists the calls alike for every sort column and direction, page by page', async () => {
      for (const { id } of groups) {
        const all = await sameCallStats(id, { size: 1000 });
        expect(all.total).toBeGreaterThan(150);
        // NULL metrics and tied starts are in the draw: the orders must agree on them too.
        expect(all.rows.some((r) => r.mos.avg === null)).toBe(true);
        const starts = all.rows.map((r) => r.timestamp);
        expect(new Set(starts).size).toBeLessThan(starts.length);
        for (const sortColumn of CALL_STATS_SORT_COLUMNS) {
          for (const sortDirection of SORT_DIRECTIONS) {
            const base = { sortColumn, sortDirection } as const;
            await sameCallStats(id, { ...base, size: 1000 });
            for (const from of [0, 25, 140, 400])
              await sameCallStats(id, { ...base, size: 25, from });
          }
        }
      }
    });

    it('filters alike: agent, contact id, ISP and numeric ranges', async () => {
      for (const { id, data } of groups) {
        const [a0 = '', a1 = ''] = data.agents;
        const [c0 = '', c1 = '', c2 = ''] = data.contactIds;
        const filters: CallStatsQueryInput[] = [
          { agent: a0 },
          { agent: [a0, a1], sortColumn: 'mos', sortDirection: 'asc' },
          { contactId: [c0, c1, c2, 'orphan-1', 'no-such-call'] },
          { agentISP: data.isps[1] ?? '', sortColumn: 'agent' },
          { agentISP: [data.isps[0] ?? '', data.isps[2] ?? ''], sortColumn: 'rtt' },
          { mosFrom: '3.5', sortColumn: 'mos' },
          { mosFrom: '2', mosTo: '4.2', sortColumn: 'jitter', sortDirection: 'asc' },
          { mosTo: '4.10' },
          { jitterFrom: '10', jitterTo: '45', sortColumn: 'durationSeconds' },
          { rttFrom: '100', sortColumn: 'agentISP', sortDirection: 'asc' },
          { packetsLostFractionFrom: '0.01', sortColumn: 'packetsLostFraction' },
          { packetsLostFractionTo: '0', sortColumn: 'packetsLostFraction', sortDirection: 'asc' },
          { durationSecondsFrom: '30', durationSecondsTo: '60', sortColumn: 'durationSeconds' },
          { agent: a1, mosFrom: '1', rttTo: '300', size: 5, from: 2 },
        ];
        let matched = 0;
        for (const filter of filters) {
          const { total } = await sameCallStats(id, { size: 100, ...filter });
          if (total > 0) matched++;
        }
        // Some filters may match nothing in a draw; most must match calls, or both stores could be empty.
        expect(matched, id).toBeGreaterThan(filters.length / 2);
      }
    });

    it('counts alike past the cap, and over windows in other time zones', async () => {
      const { id } = groupAt(0);
      const capped = await sameCallStats(id, { size: 10 }, 50);
      expect(capped.totalRelation).toBe('gte');
      const agent = await sameCallStats(
        id,
        { size: 10, agent: groups[0]?.data.agents[0] ?? '' },
        5,
      );
      expect(agent.rows.length).toBeGreaterThan(0);
      const sydney = {
        timezone: 'Australia/Sydney',
        fromTime: new Date(NOW_MS - 3 * 3600_000 + 11 * 3600_000).toISOString().slice(0, 19),
        toTime: new Date(NOW_MS - 3600_000 + 11 * 3600_000).toISOString().slice(0, 19),
      };
      expect(
        (await sameCallStats(id, { ...sydney, size: 1000, sortColumn: 'rtt' })).total,
      ).toBeGreaterThan(0);
      expect((await sameAgentLogs(id, { ...sydney, size: 1000 })).total).toBeGreaterThan(0);
      // No window: the explorer default (the last 4 hours before NOW).
      const open = CallStatsQuerySchema.parse({ size: 1000 });
      const openPg = await pg.listCallStats(wholeGroup(id), open, NOW);
      expect(await ch.listCallStats(wholeGroup(id), open, NOW)).toEqual(openPg);
      expect(openPg.total).toBeGreaterThan(0);
    });

    it('reads every call summary alike, starts moved by later writes included', async () => {
      // Calls whose start moved (their summary came after their seconds or was changed) left a
      // deleted row at the old start (decision CH3): the draw must hold some.
      const [moved] = await clickhouse.client.query<{ n: string }>(
        'SELECT countIf(is_deleted = 1) AS n FROM call_summaries',
      );
      expect(Number(moved?.n)).toBeGreaterThan(10);
      let found = 0;
      for (const { id, data } of groups) {
        for (const contactId of [...data.contactIds, 'no-such-call']) {
          const [expected, actual] = await Promise.all([
            pg.callSummary(wholeGroup(id), contactId),
            ch.callSummary(wholeGroup(id), contactId),
          ]);
          expect(comparable(actual), contactId).toEqual(comparable(expected));
          if (expected) found++;
          if (expected && actual)
            expect(toSummarySource(actual)).toEqual(toSummarySource(expected));
        }
      }
      // Every group's calls have summaries (not a comparison of two nulls).
      expect(found).toBeGreaterThan(300);
    });

    it("reads calls' seconds and log lines alike", async () => {
      let seconds = 0;
      let logLines = 0;
      for (const { id, data } of groups) {
        for (const [i, contactId] of data.contactIds.entries()) {
          if (i % 3 !== 0 && !contactId.startsWith('orphan')) continue;
          const expected = await pg.callSeconds(wholeGroup(id), contactId, 86_400);
          expect(await ch.callSeconds(wholeGroup(id), contactId, 86_400), contactId).toEqual(
            expected,
          );
          expect(await ch.callSeconds(wholeGroup(id), contactId, 7)).toEqual(expected.slice(0, 7));
          seconds += expected.length;
          for (const limit of [10_000, 2]) {
            const logs = await pg.callLogs(wholeGroup(id), contactId, limit);
            expect(await ch.callLogs(wholeGroup(id), contactId, limit)).toEqual(logs);
            logLines += logs.hits.hits.length;
          }
        }
      }
      expect(seconds).toBeGreaterThan(1000);
      expect(logLines).toBeGreaterThan(20);
    });

    it('lists the agent log alike for every sort, filter and page', async () => {
      for (const { id, data } of groups) {
        const all = await sameAgentLogs(id, { size: 1000 });
        expect(all.total).toBeGreaterThan(200);
        for (const sortColumn of AGENT_LOG_SORT_COLUMNS) {
          for (const sortDirection of SORT_DIRECTIONS) {
            for (const from of [0, 30, 250])
              await sameAgentLogs(id, { sortColumn, sortDirection, size: 30, from });
          }
        }
        const filtered = [
          await sameAgentLogs(id, { agent: data.agents[3] ?? '', sortColumn: 'level' }),
          await sameAgentLogs(id, { level: ['ERROR', 'warn'], sortColumn: 'agent', size: 100 }),
          await sameAgentLogs(id, {
            level: 'INFO',
            agent: [data.agents[0] ?? '', data.agents[1] ?? ''],
          }),
        ];
        for (const { total } of filtered) expect(total).toBeGreaterThan(0);
        expect((await sameAgentLogs(id, { size: 5 }, 40)).totalRelation).toBe('gte');
      }
    });

    it("never answers one group's rows to another", async () => {
      const scoped = await clickhouse.client.query<{ group_id: string }>(
        'SELECT DISTINCT group_id FROM call_summaries',
      );
      expect(scoped.map((r) => r.group_id).sort()).toEqual(groups.map((g) => g.id).sort());
      // The groups share contact ids: an empty group sees none of them, in either store.
      const empty = emptyGroupId;
      const [contactId = ''] = groups[0]?.data.contactIds ?? [];
      for (const store of [pg, ch]) {
        const list = await store.listCallStats(
          wholeGroup(empty),
          CallStatsQuerySchema.parse({ ...window }),
          NOW,
        );
        expect(list).toEqual({ rows: [], total: 0, totalRelation: 'eq' });
        const logs = await store.listAgentLogs(
          wholeGroup(empty),
          AgentLogQuerySchema.parse({ ...window }),
          NOW,
        );
        expect(logs).toEqual({ rows: [], total: 0, totalRelation: 'eq' });
        expect(await store.callSummary(wholeGroup(empty), contactId)).toBeNull();
        expect(await store.callSeconds(wholeGroup(empty), contactId, 100)).toEqual([]);
        expect((await store.callLogs(wholeGroup(empty), contactId, 100)).hits.hits).toEqual([]);
      }
      // Group A's answers for a shared contact id are A's own, not B's.
      const [a, b] = [groupAt(0), groupAt(1)];
      const summaryA = await ch.callSummary(wholeGroup(a.id), contactId);
      const summaryB = await ch.callSummary(wholeGroup(b.id), contactId);
      expect(summaryA?.groupId).toBe(a.id);
      expect(summaryB?.groupId).toBe(b.id);
      // A query that does not hold its group is refused before it runs.
      const scope = chForGroup(clickhouse.client, a.id);
      await expect(scope.query('SELECT count() FROM call_seconds')).rejects.toThrow(/group_id/);
    });

    it('keeps per-call aggregates of the seconds equal to the summaries (materialized view)', async () => {
      for (const { id, data } of groups) {
        const rows = await chForGroup(clickhouse.client, id).query<{
          contact_id: string;
          seconds: string;
          first_ms: string;
          last_ms: string;
          packets_count: string;
          packets_lost: string;
          rtt_max_ms: number | null;
          jitter_max_ms: number | null;
          rtt_avg_ms: number | null;
        }>(
          `SELECT contact_id, sum(seconds) AS seconds,
           toUnixTimestamp64Milli(min(first_t)) AS first_ms,
           toUnixTimestamp64Milli(max(last_t)) AS last_ms,
           sum(packets_count) AS packets_count, sum(packets_lost) AS packets_lost,
           max(rtt_max_ms) AS rtt_max_ms, max(jitter_max_ms) AS jitter_max_ms,
           avgMerge(rtt_avg_ms) AS rtt_avg_ms
         FROM call_aggregates WHERE group_id = {group_id:UUID}
         GROUP BY contact_id ORDER BY contact_id`,
        );
        expect(rows.length).toBeGreaterThan(100);
        for (const r of rows) {
          const summary = await pg.callSummary(wholeGroup(id), r.contact_id);
          expect(data.contactIds).toContain(r.contact_id);
          expect({
            sampleCount: Number(r.seconds),
            first: Number(r.first_ms),
            last: Number(r.last_ms),
            packetsCount: Number(r.packets_count),
            packetsLost: Number(r.packets_lost),
            rttMaxMs: f32(r.rtt_max_ms),
            jitterMaxMs: f32(r.jitter_max_ms),
          }).toEqual({
            sampleCount: summary?.sampleCount,
            first: summary?.firstSampleAt?.getTime(),
            last: summary?.lastSampleAt?.getTime(),
            packetsCount: summary?.packetsCount,
            packetsLost: summary?.packetsLost,
            rttMaxMs: f32(summary?.rttMaxMs ?? null),
            jitterMaxMs: f32(summary?.jitterMaxMs ?? null),
          });
          if (r.rtt_avg_ms === null || Number.isNaN(r.rtt_avg_ms))
            expect(summary?.rttAvgMs).toBeNull();
          else expect(r.rtt_avg_ms).toBeCloseTo(summary?.rttAvgMs ?? NaN, 3);
        }
      }
    });

    it("answers the copilot's queries alike", async () => {
      const window = { from: new Date(NOW_MS - 7 * 3600_000), to: NOW, label: 'today' };
      const inputs: CopilotQueryInput[] = [
        { metrics: ['callCount', 'mos', 'jitter', 'packetLoss', 'rtt', 'duration', 'score'] },
        { metrics: ['mos', 'callCount'], groupBy: 'agent' },
        {
          metrics: ['jitter', 'share'],
          groupBy: 'isp',
          thresholds: [{ metric: 'jitter', op: 'gt', value: 20 }],
        },
        { metrics: ['callCount', 'score'], groupBy: 'insight', tags: ['*'] },
        { metrics: ['callCount'], groupBy: 'hour' },
        { metrics: ['mos'], groupBy: 'day', matches: [{ field: 'agent', value: 'ALICE' }] },
        { metrics: ['share'], shareMatches: [{ field: 'networkType', value: 'wifi' }] },
        { metrics: ['mos'], list: true, rank: { order: 'worst', limit: 7 } },
        {
          metrics: ['packetLoss'],
          list: true,
          thresholds: [{ metric: 'packetLoss', op: 'gte', value: 1 }],
        },
        { metrics: ['duration'], list: true, rank: { order: 'highest', limit: 100 } },
      ];
      let answered = 0;
      for (const { id } of [...groups, { id: emptyGroupId }]) {
        for (const input of inputs) {
          const query = CopilotQuerySchema.parse(input);
          for (const timeZone of ['UTC', 'Australia/Sydney']) {
            const [expected, actual] = await Promise.all([
              pg.copilotQuery(wholeGroup(id), query, window, timeZone),
              ch.copilotQuery(wholeGroup(id), query, window, timeZone),
            ]);
            expect(rounded(actual), JSON.stringify(input)).toEqual(rounded(expected));
            const counted =
              expected.kind === 'groups'
                ? expected.rows.some((row) => row.total > 0)
                : expected.total > 0;
            if (id !== emptyGroupId && counted) answered++;
          }
        }
        const sorted = (known: Record<string, readonly string[] | undefined>) =>
          Object.fromEntries(Object.entries(known).map(([k, v]) => [k, [...(v ?? [])].sort()]));
        const known = sorted(await pg.copilotKnownValues(wholeGroup(id), NOW));
        expect(sorted(await ch.copilotKnownValues(wholeGroup(id), NOW))).toEqual(known);
        if (id !== emptyGroupId)
          expect(Object.values(known).some((values) => values.length > 0)).toBe(true);
      }
      // The empty group counts no call by design; the others count calls for most queries.
      expect(answered).toBeGreaterThan(groups.length * inputs.length);
      const some = await pg.copilotQuery(
        wholeGroup(groupAt(0).id),
        CopilotQuerySchema.parse(inputs[1]),
        window,
        'UTC',
      );
      expect(some.kind === 'groups' && some.rows.length).toBeGreaterThan(1);
    });

    it("narrows the call list and the agent log to a team's calls, alike", async () => {
      for (const { id, data } of groups) {
        for (const team of TEAMS) {
          const inTeam = teamContacts(data, team.passes);
          const scope = { groupId: id, rules: team.rules };
          const whole = await sameCallStats(id, { size: 1000 });
          expect(whole.total).toBe(whole.rows.length);
          const listed = await sameCallStats(scope, { size: 1000 });
          // The team's calls exactly, in the group's order (not two empty answers, not the group).
          expect(listed.rows, team.name).toEqual(
            whole.rows.filter((r) => inTeam.has(r.callContactId)),
          );
          expect(listed.total).toBe(listed.rows.length);
          expect(listed.total, team.name).toBeGreaterThan(3);
          expect(listed.total).toBeLessThan(whole.total);
          for (const sortColumn of ['mos', 'agent', 'durationSeconds'] as const) {
            const sorted = await sameCallStats(id, {
              sortColumn,
              sortDirection: 'asc',
              size: 1000,
            });
            const page = await sameCallStats(scope, {
              sortColumn,
              sortDirection: 'asc',
              size: 3,
              from: 1,
            });
            const team = sorted.rows.filter((r) => inTeam.has(r.callContactId));
            expect(page.rows).toEqual(team.slice(1, 4));
            expect(page.total).toBe(team.length);
          }
          const agent = listed.rows[0]?.agent ?? '';
          const byAgent = await sameCallStats(scope, { agent, size: 1000 });
          expect(byAgent.rows).toEqual(listed.rows.filter((r) => r.agent === agent));
          expect((await sameCallStats(scope, { size: 1 }, 2)).totalRelation).toBe('gte');

          const lines = await sameAgentLogs(id, { size: 1000 });
          expect(lines.total).toBe(lines.rows.length);
          const teamLines = await sameAgentLogs(scope, { size: 1000 });
          // A line of another team's call, or of no call, is not the team's.
          expect(teamLines.rows, team.name).toEqual(
            lines.rows.filter((l) => l.contactId !== null && inTeam.has(l.contactId)),
          );
          expect(teamLines.total).toBe(teamLines.rows.length);
          expect(teamLines.total, team.name).toBeGreaterThan(0);
          expect(teamLines.total).toBeLessThan(lines.total);
          const levelPage = await sameAgentLogs(scope, {
            sortColumn: 'level',
            size: 2,
            from: 1,
          });
          expect(levelPage.total).toBe(teamLines.total);
        }
      }
    });

    it("reads a call outside the team as absent, and a team's call whole, alike", async () => {
      const team = TEAMS[0];
      if (!team) throw new Error('no team');
      let inside = 0;
      let denied = 0;
      for (const [g, { id, data }] of groups.entries()) {
        const inTeam = teamContacts(data, team.passes);
        const scope = { groupId: id, rules: team.rules };
        for (const [i, contactId] of [...data.contactIds, 'no-such-call'].entries()) {
          if (g > 0 && i % 3 !== 0) continue;
          const group = wholeGroup(id);
          const [summary, seconds, logs] = await Promise.all([
            pg.callSummary(group, contactId),
            pg.callSeconds(group, contactId, 86_400),
            pg.callLogs(group, contactId, 10_000),
          ]);
          const passes = inTeam.has(contactId);
          for (const store of [pg, ch]) {
            const at = `${store.kind} ${contactId}`;
            expect(await store.callPassesRules(scope, contactId), at).toBe(passes);
            const own = await store.callSummary(scope, contactId);
            expect(comparable(own), at).toEqual(passes ? comparable(summary) : null);
            expect(await store.callSeconds(scope, contactId, 86_400), at).toEqual(
              passes ? seconds : [],
            );
            expect(await store.callLogs(scope, contactId, 10_000), at).toEqual(
              passes ? logs : noHits(),
            );
          }
          if (passes && summary) inside++;
          if (!passes && (summary || seconds.length || logs.hits.hits.length)) denied++;
        }
        // Another group with the same rules has none of this group's calls.
        const [first] = inTeam;
        expect(first).toBeDefined();
        for (const store of [pg, ch])
          expect(
            await store.callSummary({ groupId: emptyGroupId, rules: team.rules }, first ?? ''),
          ).toBeNull();
      }
      // The team's calls are read whole, and calls the group holds are refused.
      expect(inside).toBeGreaterThan(20);
      expect(denied).toBeGreaterThan(50);
    });

    it("answers the copilot and the canvas under a team alike, over the team's calls", async () => {
      const window = { from: new Date(NOW_MS - 7 * 3600_000), to: NOW, label: 'today' };
      const inputs: CopilotQueryInput[] = [
        { metrics: ['callCount', 'mos', 'jitter', 'packetLoss', 'rtt', 'duration', 'score'] },
        { metrics: ['mos', 'callCount'], groupBy: 'agent' },
        { metrics: ['callCount', 'score'], groupBy: 'insight', tags: ['*'] },
        { metrics: ['mos'], list: true, rank: { order: 'worst', limit: 100 } },
      ];
      const count = ChartSpecSchema.parse({
        id: 'team-count',
        title: 'Calls',
        vizType: 'big_number_total',
        datasetId: 'calls',
        metrics: [{ aggregate: 'COUNT', label: 'count' }],
      });
      const table = ChartSpecSchema.parse({
        id: 'team-calls',
        title: 'Calls',
        vizType: 'table',
        datasetId: 'calls',
        groupby: ['contact_id'],
        metrics: [{ aggregate: 'COUNT', label: 'count' }],
      });
      const logCount = { ...count, id: 'team-log-count', datasetId: 'softphone_logs' as const };
      const chartOf = (data: ChartData) => data.rows.map((row) => row[0]);
      for (const { id, data } of groups) {
        for (const team of TEAMS) {
          const inTeam = teamContacts(data, team.passes);
          const scope = { groupId: id, rules: team.rules };
          const listed = await sameCallStats(scope, { size: 1000 });
          expect(listed.total).toBeGreaterThan(0);
          const results: CopilotResult[] = [];
          for (const input of inputs) {
            const query = CopilotQuerySchema.parse(input);
            const [expected, actual] = await Promise.all([
              pg.copilotQuery(scope, query, window, 'UTC'),
              ch.copilotQuery(scope, query, window, 'UTC'),
            ]);
            expect(rounded(actual), `${team.name} ${JSON.stringify(input)}`).toEqual(
              rounded(expected),
            );
            results.push(expected);
          }
          // Counted over the team's calls only: the explorer's list of them.
          const [totals, byAgent, , worst] = results;
          expect(totals?.kind === 'groups' && totals.rows[0]?.total).toBe(listed.total);
          const agents = new Set(listed.rows.map((r) => r.agent));
          expect(byAgent?.kind === 'groups' && byAgent.rows.map((r) => r.key)).toEqual(
            [...agents].sort(),
          );
          expect(worst?.kind === 'calls' && worst.total).toBe(listed.total);
          for (const row of worst?.kind === 'calls' ? worst.rows : [])
            expect(inTeam.has(row.contactId)).toBe(true);
          // The parser names only the team's agents and networks.
          const sorted = (known: Record<string, readonly string[] | undefined>) =>
            Object.fromEntries(Object.entries(known).map(([k, v]) => [k, [...(v ?? [])].sort()]));
          const known = sorted(await pg.copilotKnownValues(scope, NOW));
          expect(sorted(await ch.copilotKnownValues(scope, NOW))).toEqual(known);
          expect(known.agent).toEqual([...agents].filter((a) => a !== null).sort());
          const isps = listed.rows.flatMap((r) => (r.agentISP === null ? [] : [r.agentISP]));
          expect(known.isp).toEqual([...new Set(isps)].sort());

          // The canvas's charts take the team from the scope (no rules in their context).
          const ctx = { from: window.from, to: window.to };
          const [pc, cc] = await Promise.all([
            pg.canvasChart(scope, count, ctx),
            ch.canvasChart(scope, count, ctx),
          ]);
          expect(cc).toEqual(pc);
          expect(chartOf(pc)).toEqual([listed.total]);
          const [pt, ct] = await Promise.all([
            pg.canvasChart(scope, table, ctx),
            ch.canvasChart(scope, table, ctx),
          ]);
          expect(ct).toEqual(pt);
          expect(new Set(chartOf(pt))).toEqual(new Set(listed.rows.map((r) => r.callContactId)));
          const lines = await sameAgentLogs(scope, { size: 1000 });
          const [pl, cl] = await Promise.all([
            pg.canvasChart(scope, logCount, ctx),
            ch.canvasChart(scope, logCount, ctx),
          ]);
          expect(cl).toEqual(pl);
          expect(chartOf(pl)).toEqual([lines.total]);
        }
      }
    });

    it('runs its migrations once, and follows a change of the retention setting', async () => {
      const { client } = clickhouse;
      expect(await migrateClickHouse(client, TARGET())).toEqual([]);
      const ledger = await client.query<{ version: number }>(
        'SELECT version FROM schema_migrations FINAL ORDER BY version',
      );
      // Every migration file once, whatever files later issues add.
      const files = (await readMigrations()).map((m) => m.version);
      expect(files.slice(0, 4)).toEqual([1, 2, 3, 4]);
      expect(ledger.map((r) => Number(r.version))).toEqual(files);
      const retention = async () =>
        (
          await client.query<{ name: string; engine_full: string }>(
            `SELECT name, engine_full FROM system.tables
           WHERE database = currentDatabase() AND name IN {names:Array(String)} ORDER BY name`,
            { names: RETENTION_TABLES.map((t) => t.table) },
          )
        ).map((r) => [r.name, retentionDaysOf(r.engine_full)]);
      expect(await retention()).toEqual(RETENTION_TABLES.map((t) => [t.table, 395]).sort());
      await migrateClickHouse(client, TARGET(400));
      expect(await retention()).toEqual(RETENTION_TABLES.map((t) => [t.table, 400]).sort());
      // The telemetry (hours old) is still there.
      const { id } = groupAt(0);
      expect((await sameCallStats(id, { size: 1000 })).total).toBeGreaterThan(150);
    });

    it('marks our own test calls and leaves them out of lists, the copilot, charts and usage, alike', async () => {
      // A group of its own (issue 33): an agent's call, and a monitor's test call stored through
      // the synthetic path's origin; a collector's later summary of it does not unmark it.
      const { id } = await createGroup(s.database.db);
      const call = (contactId: string, agent: string, offset: number): IngestCallInput => ({
        contactId,
        agent,
        startTime: NOW_MS - 2 * 3600_000 + offset,
        endTime: NOW_MS - 2 * 3600_000 + offset + 90_000,
      });
      const seconds = (contactId: string, offset: number, mos: number) =>
        Array.from({ length: 90 }, (_, i) => ({
          contactId,
          timestamp: NOW_MS - 2 * 3600_000 + offset + i * 1000,
          inbound: { mos, packetsCount: 50, packetsLost: 0 },
          rttMs: 40,
          jitterMs: 4,
        }));
      for (const store of [pg, ch]) {
        await store.ingestCalls(id, [call('agent-call', 'alice', 0)]);
        await store.ingestCalls(id, [call('test-call', 'monitor-agent-mumbai', 60_000)], {
          synthetic: true,
        });
        await store.ingestSamples(id, [
          ...seconds('agent-call', 0, 4.3),
          ...seconds('test-call', 60_000, 2.0),
        ]);
        await store.ingestCalls(id, [call('test-call', 'monitor-agent-mumbai', 60_000)]);
      }
      const listed = await sameCallStats(id, { size: 100 });
      expect(listed.rows.map((r) => [r.callContactId, r.testCall])).toEqual([
        ['agent-call', false],
      ]);
      const all = await sameCallStats(id, { size: 100, includeTestCalls: 'true' });
      expect(all.rows.map((r) => [r.callContactId, r.testCall])).toEqual([
        ['test-call', true],
        ['agent-call', false],
      ]);
      for (const [contactId, synthetic] of [
        ['test-call', true],
        ['agent-call', false],
      ] as const) {
        const [expected, actual] = await Promise.all([
          pg.callSummary(wholeGroup(id), contactId),
          ch.callSummary(wholeGroup(id), contactId),
        ]);
        expect(comparable(actual)).toEqual(comparable(expected));
        expect(expected?.synthetic, contactId).toBe(synthetic);
        expect(actual && toSummarySource(actual).testCall, contactId).toBe(synthetic);
      }

      const window = { from: new Date(NOW_MS - 7 * 3600_000), to: NOW, label: 'today' };
      const byAgent = async (testCalls?: boolean) => {
        const query = CopilotQuerySchema.parse({
          metrics: ['mos', 'callCount'],
          groupBy: 'agent',
          rank: { order: 'worst', limit: 10 },
          ...(testCalls ? { testCalls } : {}),
        });
        const [expected, actual] = await Promise.all([
          pg.copilotQuery(wholeGroup(id), query, window, 'UTC'),
          ch.copilotQuery(wholeGroup(id), query, window, 'UTC'),
        ]);
        expect(rounded(actual)).toEqual(rounded(expected));
        return expected.kind === 'groups' ? expected.rows.map((r) => r.key) : [];
      };
      expect(await byAgent()).toEqual(['alice']);
      expect(await byAgent(true)).toEqual(['alice', 'monitor-agent-mumbai']);

      const table = ChartSpecSchema.parse({
        id: 'worst-calls',
        title: 'Lowest-scoring calls',
        vizType: 'table',
        datasetId: 'calls',
        groupby: ['contact_id', 'agent'],
        metrics: [{ aggregate: 'AVG', column: 'mos_avg', label: 'MOS' }],
      });
      const ctx = { from: window.from, to: window.to };
      const [pc, cc] = await Promise.all([
        pg.canvasChart(wholeGroup(id), table, ctx),
        ch.canvasChart(wholeGroup(id), table, ctx),
      ]);
      expect(cc).toEqual(pc);
      expect(pc.rows.map((row) => row[0])).toEqual(['agent-call']);

      const day = {
        day: isoText(NOW_MS).slice(0, 10),
        from: new Date(NOW_MS - 24 * 3600_000),
        to: NOW,
      };
      const [pu, cu] = await Promise.all([
        pg.usageCallFigures(id, [day]),
        ch.usageCallFigures(id, [day]),
      ]);
      expect(cu).toEqual(pu);
      expect(pu.map((d) => [d.calls, d.agentDurationMin, d.agents])).toEqual([[1, 2, ['alice']]]);
    });

    it('pages and filters by the current version only, while older versions are unmerged', async () => {
      // Last: it adds a group of its own, which the tests of the shared draw do not expect.
      // ClickHouse picks a page's keys first, then reads its rows (decision CH44): a call whose
      // first version had the worst jitter and whose later seconds brought it down must sort
      // and filter by its current value, not by the stale row still in another part.
      const { id } = await createGroup(s.database.db);
      const second = (contactId: string, t: number, jitterMs: number) => ({
        contactId,
        timestamp: NOW_MS - 3600_000 + t * 1000,
        inbound: { mos: 4.2, packetsCount: 50, packetsLost: 0 },
        rttMs: 40,
        jitterMs,
      });
      const seconds = (contactId: string, from: number, to: number, jitterMs: number) =>
        Array.from({ length: to - from }, (_, k) => second(contactId, from + k, jitterMs));
      await clickhouse.client.command('SYSTEM STOP MERGES call_summaries');
      try {
        for (const store of [pg, ch]) {
          await store.ingestSamples(id, [
            ...seconds('was-worst', 0, 10, 80),
            ...seconds('steady', 0, 10, 20),
          ]);
          await store.ingestSamples(id, seconds('was-worst', 10, 100, 1));
        }
        const [versions] = await clickhouse.client.query<{ n: string }>(
          `SELECT count() AS n FROM call_summaries WHERE group_id = {g:UUID} AND contact_id = 'was-worst'`,
          { g: id },
        );
        expect(Number(versions?.n)).toBeGreaterThan(1);
        const worst = await sameCallStats(id, { sortColumn: 'jitter', size: 1 });
        expect(worst.rows.map((r) => r.callContactId)).toEqual(['steady']);
        const high = await sameCallStats(id, { jitterFrom: '50', size: 10 });
        expect(high.total).toBe(0);
        const nextPage = await sameCallStats(id, { sortColumn: 'jitter', size: 1, from: 1 });
        expect(nextPage.rows.map((r) => r.callContactId)).toEqual(['was-worst']);
      } finally {
        await clickhouse.client.command('SYSTEM START MERGES call_summaries');
      }
    });
  },
);
