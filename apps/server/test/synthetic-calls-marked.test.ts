import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CallDetailAnswer,
  CallStatsPage,
  CopilotReply,
  IngestCallInput,
  IngestSampleInput,
  UsageRecord,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { createTenant, ingest } from './factories.ts';
import { openContractClickHouse, type ContractClickHouse } from './support/contract-clickhouse.ts';
import type { ClickHouseClient } from '../src/db/clickhouse/client.ts';
import { forGroup } from '../src/db/group-scope.ts';
import { syntheticJobs } from '../src/db/schema/synthetic.ts';
import { runCanvasChart } from '../src/services/canvas/run-chart.ts';
import { standardDashboards } from '../src/services/canvas/standard-dashboards.ts';
import { EMPTY_DETAILS } from '../src/services/synthetic/jobs.ts';
import { drainUsage } from '../src/services/usage/rollup.ts';

/**
 * Our own test calls are told apart (issue 33 §2): a GSM monitor's or heartbeat test's call,
 * stored through the synthetic results path (the job finisher), is marked as a test call on the
 * server; a collector cannot mark one. Test calls are left out of the explorer's call list (the
 * "Include test calls" filter brings them back), of the copilot's rankings and figures (unless the
 * question asks for test calls), of charts over the calls dataset (Lowest-scoring calls) and of
 * usage (not billed: decided in the report). Both stores answer alike.
 */

let clickhouse: ContractClickHouse;
let pg: TestServer;
let ch: TestServer;

/** The file's one ClickHouse session, handed to the app without its close (disposed last). */
const kept = (client: ClickHouseClient): ClickHouseClient => ({ ...client, close: async () => {} });

beforeAll(async () => {
  clickhouse = await openContractClickHouse();
  pg = await startTestServer();
  ch = await startTestServer({}, { clickHouse: kept(clickhouse.client) });
}, 120_000);

afterAll(async () => {
  await ch?.close();
  await pg?.close();
  await clickhouse?.dispose();
});

const HOUR = 3_600_000;
const T0 = Math.floor((Date.now() - 3 * HOUR) / 60_000) * 60_000;
const isoText = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const WINDOW = `fromTime=${isoText(T0 - HOUR)}&toTime=${isoText(T0 + 2 * HOUR)}`;
const MONITOR_AGENT = 'monitor-agent-mumbai';

function summary(contactId: string, agent: string, offset: number): IngestCallInput {
  return {
    contactId,
    agent,
    direction: 'INBOUND',
    startTime: T0 + offset,
    endTime: T0 + offset + 120_000,
    agentISP: 'Telstra',
    networkType: 'wifi',
  };
}

/** Two minutes of seconds at one MOS (a monitor's call sounds bad: it tops "worst" lists). */
function seconds(contactId: string, offset: number, mos: number): IngestSampleInput[] {
  return Array.from({ length: 120 }, (_, i) => ({
    contactId,
    timestamp: T0 + offset + i * 1000,
    inbound: { mos, packetsCount: 50, packetsLost: mos < 3 ? 10 : 0 },
    outbound: { mos, packetsCount: 50, packetsLost: 0 },
    rttMs: mos < 3 ? 400 : 40,
    jitterMs: mos < 3 ? 60 : 4,
    agentStatus: 'Talk',
  }));
}

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** A GSM monitor's job finished by the synthetic results path, with its agent leg's call. */
async function finishMonitorJob(s: TestServer, t: Tenant, contactId: string, offset: number) {
  const scope = forGroup(s.database.db, t.group.id);
  const [job] = await s.database.db
    .insert(syntheticJobs)
    .values(
      scope.row(syntheticJobs, {
        kind: 'monitor',
        slotAt: new Date(T0 + offset),
        agentType: 'HUMAN_AGENT',
        agentId: MONITOR_AGENT,
        connectRegion: 'Mumbai',
        agentRegion: 'Mumbai',
        status: 'In Progress',
      }),
    )
    .returning();
  if (!job) throw new Error('no job');
  await s.ctx.synthetic.finish(
    { id: job.id, groupId: t.group.id },
    {
      status: 'Completed',
      message: null,
      startedAt: new Date(T0 + offset),
      endedAt: new Date(T0 + offset + 120_000),
      diallerCallId: null,
      receiverCallId: null,
      callContactId: contactId,
      carrier: null,
      mos: 2.1,
      cxScore: 4,
      axScore: 4,
      networkScore: 4,
      details: EMPTY_DETAILS,
      stats: [],
      measures: {},
      recordings: {},
      agentTelemetry: {
        calls: [summary(contactId, MONITOR_AGENT, offset)],
        samples: seconds(contactId, offset, 2.1),
        events: [],
      },
    },
  );
}

/**
 * One agent's call from the collector, one monitor's test call through the synthetic path, and a
 * collector's call that claims to be a test call (the claim is not part of the ingest contract).
 */
async function seed(s: TestServer): Promise<Tenant> {
  const t = await createTenant(s, { features: ['garvis2', 'garvisPreview'] });
  await ingest(s.app, t.key, 'calls', [summary('agent-call', 'alice', 0)]);
  await ingest(s.app, t.key, 'samples', seconds('agent-call', 0, 4.3));
  await finishMonitorJob(s, t, 'monitor-call', 600_000);
  await ingest(s.app, t.key, 'calls', [
    { ...summary('claimed-call', 'bob', 1_200_000), synthetic: true, testCall: true },
  ]);
  await ingest(s.app, t.key, 'samples', seconds('claimed-call', 1_200_000, 4.0));
  return t;
}

async function get<T>(s: TestServer, headers: Record<string, string>, url: string): Promise<T> {
  const res = await s.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function ask(s: TestServer, t: Tenant, question: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/garvis2/ask_preview',
    headers: t.viewerHeaders,
    payload: { question },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CopilotReply>();
}

/** The keys (agents) of the reply's table, in its order. */
function tableKeys(reply: CopilotReply): unknown[] {
  const table = reply.artifacts.find((a) => a.type === 'table');
  if (!table || table.type !== 'table') return [];
  return table.rows.map((r) => r.key);
}

const stores = () =>
  [
    ['postgres', pg],
    ['clickhouse', ch],
  ] as const;

describe('synthetic test calls are marked and left out by default', { timeout: 120_000 }, () => {
  const tenants = new Map<string, Tenant>();
  beforeAll(async () => {
    for (const [name, s] of stores()) tenants.set(name, await seed(s));
  }, 120_000);
  const tenantOf = (name: string) => {
    const t = tenants.get(name);
    if (!t) throw new Error(`no tenant on ${name}`);
    return t;
  };

  it('lists only agents\' calls in the explorer, and the test call with "Include test calls"', async () => {
    for (const [name, s] of stores()) {
      const t = tenantOf(name);
      const byDefault = await get<CallStatsPage>(s, t.viewerHeaders, `/api/calls/stats?${WINDOW}`);
      expect(byDefault.rows.map((r) => r.callContactId).sort(), name).toEqual([
        'agent-call',
        'claimed-call',
      ]);
      expect(byDefault.total, name).toBe(2);
      expect(
        byDefault.rows.every((r) => !r.testCall),
        name,
      ).toBe(true);

      const all = await get<CallStatsPage>(
        s,
        t.viewerHeaders,
        `/api/calls/stats?${WINDOW}&includeTestCalls=true`,
      );
      expect(all.total, name).toBe(3);
      expect(Object.fromEntries(all.rows.map((r) => [r.callContactId, r.testCall])), name).toEqual({
        'agent-call': false,
        'monitor-call': true,
        'claimed-call': false,
      });
      // Sorted by MOS, the monitor's bad call no longer hides the agents' worst.
      const worst = await get<CallStatsPage>(
        s,
        t.viewerHeaders,
        `/api/calls/stats?${WINDOW}&sortColumn=mos&sortDirection=asc&size=1`,
      );
      expect(worst.rows[0]?.callContactId, name).toBe('claimed-call');
    }
    const [pgTenant, chTenant] = [tenantOf('postgres'), tenantOf('clickhouse')];
    for (const query of [
      WINDOW,
      `${WINDOW}&includeTestCalls=true`,
      `${WINDOW}&agent=${MONITOR_AGENT}`,
    ])
      expect(await get(ch, chTenant.viewerHeaders, `/api/calls/stats?${query}`), query).toEqual(
        await get(pg, pgTenant.viewerHeaders, `/api/calls/stats?${query}`),
      );
  });

  it('refuses an includeTestCalls that is not true or false', async () => {
    const t = tenantOf('postgres');
    const res = await pg.app.inject({
      method: 'GET',
      url: `/api/calls/stats?${WINDOW}&includeTestCalls=maybe`,
      headers: t.viewerHeaders,
    });
    expect(res.statusCode).toBe(400);
  });

  it("marks the test call in its detail's summary", async () => {
    for (const [name, s] of stores()) {
      const t = tenantOf(name);
      for (const [id, testCall] of [
        ['monitor-call', true],
        ['agent-call', false],
        ['claimed-call', false],
      ] as const) {
        const detail = await get<CallDetailAnswer>(
          s,
          t.viewerHeaders,
          `/api/viscall2/call/us-east-1/${id}`,
        );
        expect(detail.summary.hits.hits[0]?._source.testCall, `${name} ${id}`).toBe(testCall);
      }
    }
  });

  it("leaves the test agent out of the copilot's worst-agent ranking and figures", async () => {
    for (const [name, s] of stores()) {
      const t = tenantOf(name);
      const ranking = await ask(s, t, 'Which agents had the worst MOS in the last 24 hours?');
      expect(tableKeys(ranking), name).toEqual(['bob', 'alice']);
      const counted = await ask(s, t, 'How many calls in the last 24 hours?');
      expect(counted.response, name).toMatch(/^There were 2 calls in the last 24 hours/);
      // Asked about test calls, it counts them.
      const tests = await ask(
        s,
        t,
        'Which agents had the worst MOS in the last 24 hours including test calls?',
      );
      expect(tableKeys(tests), name).toEqual([MONITOR_AGENT, 'bob', 'alice']);
    }
  });

  it('leaves the test call out of the Lowest-scoring calls chart', async () => {
    for (const [name, s] of stores()) {
      const t = tenantOf(name);
      const spec = standardDashboards(t.group.id)
        .flatMap((d) => d.rows.flatMap((r) => r.cells.map((c) => c.chart)))
        .find((c) => c.id === 'worst-calls');
      if (!spec) throw new Error('no Lowest-scoring calls chart');
      const data = await runCanvasChart(s.ctx.telemetry, s.database.db, t.group.id, spec, {
        from: new Date(T0 - HOUR),
        to: new Date(T0 + 2 * HOUR),
        rules: [],
      });
      const contactColumn = data.columns.findIndex((c) => c.name === 'contact_id');
      expect(data.rows.map((r) => r[contactColumn]).sort(), name).toEqual([
        'agent-call',
        'claimed-call',
      ]);
    }
  });

  it("does not bill the test call: usage counts only the agents' calls", async () => {
    for (const [name, s] of stores()) {
      const t = tenantOf(name);
      await drainUsage(s.database.db, s.ctx.telemetry);
      const usage = await get<UsageRecord[]>(s, t.adminHeaders, '/api/usage');
      const sum = (field: 'AgentDurationRoundedMin' | 'DurationRoundedMin' | 'AgentCount') =>
        usage.reduce((total, r) => total + r[field], 0);
      // Two calls of two minutes each, two agents: the monitor's call and agent are not counted.
      expect(sum('AgentDurationRoundedMin'), name).toBe(4);
      expect(sum('DurationRoundedMin'), name).toBe(4);
      expect(sum('AgentCount'), name).toBe(2);
    }
  });
});
