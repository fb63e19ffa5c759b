import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  IngestCallSchema,
  IngestEventSchema,
  IngestLogSchema,
  IngestSampleSchema,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { ensureDemoData } from '../src/db/bootstrap.ts';
import { forGroup } from '../src/db/group-scope.ts';
import {
  callSampleChunks,
  callSummaries,
  networkLabels,
  softphoneLogs,
  systemSettings,
} from '../src/db/schema/index.ts';
import { callRowFilter } from '../src/services/canvas/datasets.ts';
import { ConcurrencyGate } from '../src/services/telemetry/concurrency-gate.ts';
import type { IngestDeps } from '../src/services/telemetry/ingest-context.ts';
import { DEMO_DEPARTMENTS, DEMO_SITES, demoAgents } from '../src/demo/catalogue.ts';
import { ensureDemoNetworkLabels, findDemoGroupId } from '../src/demo/demo-group.ts';
import { generateCall } from '../src/demo/generate-call.ts';
import { LiveTraffic } from '../src/demo/live-traffic.ts';
import { startDemoTraffic } from '../src/demo/index.ts';
import { callsOfDay, historyDays, utcDayStart } from '../src/demo/schedule.ts';
import { seedDemoHistory } from '../src/demo/seed-history.ts';

const SEED = 7;
const NOW = Date.UTC(2025, 2, 12, 4, 30, 0);
const agents = demoAgents(SEED);
const firstAgent = () => {
  const [agent] = agents;
  if (!agent) throw new Error('no demo agents');
  return agent;
};

describe('demo call generator', () => {
  it('makes the same calls from the same seed and day', () => {
    const day = utcDayStart(NOW);
    const a = callsOfDay(day, { seed: SEED, agents, callsPerDay: 60 });
    const b = callsOfDay(day, { seed: SEED, agents, callsPerDay: 60 });
    expect(a.length).toBeGreaterThan(30);
    expect(b).toEqual(a);
    const other = callsOfDay(day, { seed: SEED + 1, agents, callsPerDay: 60 });
    expect(other.map((c) => c.contactId)).not.toEqual(a.map((c) => c.contactId));
  });

  it('produces items the ingestion API accepts: summaries, seconds, logs and events', () => {
    const calls = callsOfDay(utcDayStart(NOW), { seed: SEED, agents, callsPerDay: 60 });
    for (const call of calls) {
      expect(IngestCallSchema.safeParse(call.call).success).toBe(true);
      for (const s of call.samples) expect(IngestSampleSchema.safeParse(s).success).toBe(true);
      for (const l of call.logs) expect(IngestLogSchema.safeParse(l).success).toBe(true);
      for (const e of call.events) expect(IngestEventSchema.safeParse(e).success).toBe(true);
    }
  });

  it('gives every agent a fixed hierarchy and every call its groups and contact attributes', () => {
    // Deterministic per agent: the same seed gives the same groups; every floor has every queue team.
    expect(demoAgents(SEED).map((a) => a.groups)).toEqual(agents.map((a) => a.groups));
    for (const a of agents) {
      expect(a.groups).toHaveLength(3);
      expect(DEMO_SITES).toContain(a.groups[0]);
      expect(a.groups[1]).toBe(a.department);
    }
    for (const site of ['Sydney', 'Manila'])
      expect(new Set(agents.filter((a) => a.groups[0] === site).map((a) => a.department))).toEqual(
        new Set(DEMO_DEPARTMENTS),
      );
    const calls = callsOfDay(utcDayStart(NOW), { seed: SEED, agents, callsPerDay: 60 });
    const tiers = new Set<string>();
    for (const c of calls) {
      const parsed = IngestCallSchema.parse(c.call);
      expect(parsed.agentGroups).toEqual(c.agent.groups);
      expect(parsed.ctrAttributes?.queue).toBe(c.agent.department);
      tiers.add(parsed.ctrAttributes?.customerTier ?? '');
    }
    expect(tiers.size).toBeGreaterThan(1);
    expect(tiers).not.toContain('');
  });

  it('gives an agent one call at a time and a mix where most calls are good', () => {
    const calls = [...historyDays(NOW, 10, { seed: SEED, agents, callsPerDay: 80 })].flatMap(
      (d) => d.calls,
    );
    const byAgent = new Map<string, { startMs: number; endMs: number }[]>();
    for (const c of calls) byAgent.set(c.agent.email, [...(byAgent.get(c.agent.email) ?? []), c]);
    for (const list of byAgent.values()) {
      list.sort((x, y) => x.startMs - y.startMs);
      list.forEach((c, i) => i > 0 && expect(c.startMs).toBeGreaterThan(list[i - 1]?.endMs ?? 0));
    }
    const share = (p: string) => calls.filter((c) => c.profile === p).length / calls.length;
    expect(share('good')).toBeGreaterThan(0.6);
    for (const p of ['badStretch', 'veryPoor', 'oneWayAudio', 'cpuStarvation'])
      expect(share(p)).toBeGreaterThan(0);
    expect(calls.every((c) => c.endMs <= NOW && c.startMs >= NOW - 10 * 86_400_000)).toBe(true);
  });

  it('makes a one-hour call with one second of stats per second', () => {
    const call = generateCall({
      contactId: 'hour-long',
      agent: firstAgent(),
      startMs: NOW,
      durationSeconds: 3600,
    });
    expect(call.samples).toHaveLength(3600);
    expect(call.endMs - call.startMs).toBe(3_600_000);
    expect(call.logs.length).toBeGreaterThan(5);
  });
});

describe('demo traffic in the database', () => {
  let s: TestServer;
  let deps: IngestDeps;
  let groupId: string;
  const published: string[] = [];

  beforeAll(async () => {
    s = await startTestServer();
    await ensureDemoData(s.database.db, () => {});
    const id = await findDemoGroupId(s.database.db);
    if (!id) throw new Error('demo group missing');
    groupId = id;
    await ensureDemoNetworkLabels(forGroup(s.database.db, groupId));
    deps = {
      db: s.database.db,
      gate: new ConcurrencyGate(1, 100, 60_000),
      push: { publish: (_g, _p, m) => published.push(JSON.stringify(m)) },
      now: () => NOW,
    };
  });
  afterAll(() => s.close());

  const summaries = () =>
    s.database.db.select().from(callSummaries).where(eq(callSummaries.groupId, groupId));

  it('fills the history once through the ingestion services, scored and labelled', async () => {
    const options = { seed: SEED, agents, days: 2, callsPerDay: 30 };
    const expected = [...historyDays(NOW, 2, options)].flatMap((d) => d.calls);
    const progress: number[] = [];
    const counts = await seedDemoHistory(deps, groupId, options, {
      progress: (p) => progress.push(p.daysDone),
    });
    expect(counts?.calls).toBe(expected.length);
    expect(progress).toEqual([1, 2]);

    const rows = await summaries();
    expect(rows).toHaveLength(expected.length);
    const samples = await s.database.db
      .select({ n: sql<number>`coalesce(sum(seconds), 0)::int` })
      .from(callSampleChunks)
      .where(eq(callSampleChunks.groupId, groupId));
    expect(samples[0]?.n).toBe(expected.reduce((n, c) => n + c.samples.length, 0));
    // Scores and tags come from the seconds: good calls keep 10, the bad ones lose points.
    const talked = rows.filter((r) => r.sampleCount > 0);
    expect(talked.every((r) => r.mosAvg !== null && r.endTime !== null)).toBe(true);
    expect(rows.some((r) => r.score === 10)).toBe(true);
    expect(rows.some((r) => r.score < 10 && r.tags.length > 0)).toBe(true);
    // Office agents are on the ranges seeded in Network Labelling.
    const labels = await s.database.db
      .select()
      .from(networkLabels)
      .where(eq(networkLabels.groupId, groupId));
    expect(labels.map((l) => l.label)).toContain('Sydney HQ');
    expect(rows.some((r) => r.networkLabel === 'Sydney HQ')).toBe(true);
    // Seeded calls carry the agent's groups and the contact's attributes, so a team restricted
    // to one site (Agent Group 1) sees some of the calls, not none and not all.
    expect(rows.every((r) => r.agentGroup1 !== null && r.agentGroup2 !== null)).toBe(true);
    expect(rows.every((r) => typeof r.ctrAttributes?.customerTier === 'string')).toBe(true);
    const sydney = callRowFilter(
      [{ type: 'group1', operator: 'equals', value: 'Sydney' }],
      callSummaries,
    );
    const billing = callRowFilter(
      [{ type: 'attributes', field: 'queue', operator: 'equals', value: 'Billing' }],
      callSummaries,
    );
    for (const filter of [sydney, billing]) {
      const seen = await s.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(callSummaries)
        .where(and(eq(callSummaries.groupId, groupId), filter ?? undefined));
      expect(seen[0]?.n).toBeGreaterThan(0);
      expect(seen[0]?.n).toBeLessThan(rows.length);
    }
    const errors = await s.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(softphoneLogs)
      .where(and(eq(softphoneLogs.groupId, groupId), eq(softphoneLogs.level, 'ERROR')));
    expect(rows.reduce((n, r) => n + r.errorLogCount, 0)).toBe(errors[0]?.n);
    // History is not announced call by call; a second start leaves it as it is.
    expect(published).toEqual([]);
    expect(await seedDemoHistory(deps, groupId, options)).toBeNull();
    expect(await summaries()).toHaveLength(expected.length);
  });

  it('streams live calls second by second and ends them', async () => {
    const live = new LiveTraffic(deps, groupId, { seed: SEED, agents, arrivalSeconds: [30, 30] });
    const t0 = NOW + 60_000;
    await live.step(t0);
    const [contactId] = live.inProgress;
    if (!contactId) throw new Error('no live call started');
    expect(published.map((m) => JSON.parse(m) as unknown)).toContainEqual({
      type: 'call',
      startTime: new Date(t0).toISOString(),
    });
    const row = async () =>
      (
        await s.database.db
          .select()
          .from(callSummaries)
          .where(and(eq(callSummaries.groupId, groupId), eq(callSummaries.contactId, contactId)))
      )[0];
    expect((await row())?.endTime).toBeNull();

    await live.step(t0 + 5_000);
    expect((await row())?.sampleCount).toBe(6);
    expect(live.inProgress).toHaveLength(1);
    await live.step(t0 + 30_000);
    expect(live.inProgress).toHaveLength(2);

    await live.hangUpAll(t0 + 31_000);
    const open = await s.database.db
      .select()
      .from(callSummaries)
      .where(and(eq(callSummaries.groupId, groupId), isNull(callSummaries.endTime)));
    expect(open).toEqual([]);
    expect((await row())?.sampleCount).toBe(31);
  });

  it('runs the live calls through the watcher hook, never the seeded history', async () => {
    // A history to fill again (for the days before now): it must not reach the hook.
    await s.database.db
      .delete(systemSettings)
      .where(eq(systemSettings.key, `demo_traffic_history:${groupId}`));
    const before = (await summaries()).length;
    const startedMs = Date.now();
    const hooked: { contactId: string; startMs: number }[] = [];
    const secondsOf = new Set<string>();
    let sawLive: () => void = () => {};
    const liveSeen = new Promise<void>((resolve) => (sawLive = resolve));
    const demo = await startDemoTraffic({
      db: s.database.db,
      push: { publish: () => {} },
      watchers: {
        onSeconds: (_g, seconds) => seconds().forEach((x) => secondsOf.add(x.contactId)),
        onCallSummaries: (_g, calls) => {
          hooked.push(
            ...calls.map((c) => ({ contactId: c.contactId, startMs: c.startTime.getTime() })),
          );
          sawLive();
        },
        onEvents: () => {},
      },
      settings: { historyDays: 1, callsPerDay: 20 },
      log: () => {},
    });
    if (!demo) throw new Error('no demo group');
    await demo.history;
    await liveSeen;
    await demo.stop();
    // Only calls started by the live trickle (now), none of the history's (earlier).
    const live = new Set(hooked.map((c) => c.contactId));
    expect(live.size).toBeGreaterThan(0);
    expect((await summaries()).length).toBeGreaterThan(before + live.size);
    for (const c of hooked) expect(c.startMs).toBeGreaterThanOrEqual(startedMs);
    for (const id of secondsOf) expect(live.has(id)).toBe(true);
  });
});
