import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq } from 'drizzle-orm';
import { REGION_TIME_ZONES, USAGE_START_DAY, roundedMinutes, zonedDay } from '@callsight/shared';
import { callSummaries, groups } from '../../src/db/schema/index.ts';
import { drainUsage, rollupPass } from '../../src/services/usage/rollup.ts';
import { dayRangeOf, monthBounds, usageOfRanges } from '../../src/services/usage/usage-read.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import { createGroup } from '../factories.ts';
import { roundTripParameters, seededRandom } from './round-trip-support.ts';

/**
 * Property: whatever calls are written, in whatever statements, order and interleaving with
 * rollup passes, and however they are rewritten later, the usage read back for each month of
 * the group's time zone equals the one computed here from the calls (issue 22: each call rounded
 * up to its minute, months of the region's zone, nothing before July 2023). On both databases.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** Instants near the edges that matter: month ends, daylight-saving changes, July 2023. */
const EDGES = [
  '2023-06-30T14:00:00Z',
  '2023-07-01T04:00:00Z',
  '2025-03-31T13:00:00Z',
  '2025-12-31T13:00:00Z',
  '2026-01-01T05:00:00Z',
  '2026-03-08T07:00:00Z',
  '2026-04-04T15:00:00Z',
  '2026-10-03T16:00:00Z',
  '2026-11-01T06:00:00Z',
].map((t) => Date.parse(t));
const SPAN_FROM = Date.parse('2023-06-01T00:00:00Z');
const SPAN_TO = Date.parse('2026-11-20T00:00:00Z');

interface Call {
  contactId: string;
  agent: string | null;
  startMs: number;
  durationSeconds: number | null;
}

function drawCalls(seed: number, count: number, prefix: string): Call[] {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const nearEdge = random() < 0.6;
    const startMs = nearEdge
      ? pick(EDGES) + Math.round((random() - 0.5) * 6 * 3_600_000)
      : SPAN_FROM + Math.floor(random() * (SPAN_TO - SPAN_FROM));
    const durationSeconds =
      random() < 0.1
        ? null
        : random() < 0.5
          ? pick([0, 1, 59, 60, 61, 119, 120, 121])
          : Math.floor(random() * 7200);
    return {
      contactId: `${prefix}-${i}`,
      agent: random() < 0.15 ? null : pick(['ann', 'bob', 'cat', 'dan', 'eve']),
      startMs,
      durationSeconds,
    };
  });
}

/** The months of the calls in the zone, with their expected figures. */
function expected(calls: readonly Call[], timeZone: string) {
  const months = new Map<string, { minutes: number; agents: Set<string> }>();
  for (const c of calls) {
    const day = zonedDay(new Date(c.startMs), timeZone);
    if (day < USAGE_START_DAY) continue;
    const month = day.slice(0, 7);
    const m = months.get(month) ?? { minutes: 0, agents: new Set<string>() };
    m.minutes += roundedMinutes(c.durationSeconds ?? 0);
    if (c.agent) m.agents.add(c.agent);
    months.set(month, m);
  }
  return months;
}

const row = (groupId: string, c: Call) => ({
  groupId,
  contactId: c.contactId,
  agent: c.agent,
  startTime: new Date(c.startMs),
  durationSeconds: c.durationSeconds,
});

describe('usage rollup round trip (property)', () => {
  it('reads back, month by month, the minutes and agents of every call written', async () => {
    const db = s.database.db;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          count: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 21, max: 600 })),
          region: fc.constantFrom('ap-southeast-2', 'us-east-2'),
          statementSize: fc.integer({ min: 1, max: 250 }),
          passEvery: fc.integer({ min: 1, max: 4 }),
          rewriteShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
        }),
        async ({ seed, count, region, statementSize, passEvery, rewriteShare }) => {
          run++;
          const group = await createGroup(db);
          await db
            .update(groups)
            .set({ region: region as 'ap-southeast-2' | 'us-east-2' })
            .where(eq(groups.id, group.id));
          const calls = drawCalls(seed, count, `r${run}`);
          // Written in shuffled order, several calls per statement, with passes in between.
          const random = seededRandom(seed ^ 0x9e3779b9);
          const order = [...calls].sort(() => random() - 0.5);
          for (let i = 0, n = 0; i < order.length; i += statementSize, n++) {
            await db
              .insert(callSummaries)
              .values(order.slice(i, i + statementSize).map((c) => row(group.id, c)));
            if (n % passEvery === 0) await rollupPass(db, 1 + Math.floor(random() * 50));
          }
          // Some calls are corrected later (a longer duration, another start, another agent).
          const rewritten = calls.filter(() => random() < rewriteShare);
          for (const c of rewritten) {
            c.durationSeconds = Math.floor(random() * 900);
            c.startMs += Math.round((random() - 0.5) * 48 * 3_600_000);
            c.agent = random() < 0.5 ? c.agent : 'fay';
          }
          // As a later summary does: an UPDATE (the old hour and the new one are both marked).
          for (const c of rewritten) {
            const { groupId: _g, contactId: _c, ...changes } = row(group.id, c);
            await db
              .update(callSummaries)
              .set(changes)
              .where(
                and(eq(callSummaries.groupId, group.id), eq(callSummaries.contactId, c.contactId)),
              );
          }
          await drainUsage(db);

          const timeZone = REGION_TIME_ZONES[region as keyof typeof REGION_TIME_ZONES];
          const want = expected(calls, timeZone);
          const months = [...want.keys()].sort();
          const figures = await usageOfRanges(
            db,
            months.map((month) => {
              const { from, to } = monthBounds(month, timeZone);
              return dayRangeOf({ id: group.id, region }, from, new Date(to.getTime() - 1));
            }),
          );
          const got = months.map((month, i) => ({
            month,
            minutes: figures[i]?.AgentDurationRoundedMin,
            agents: figures[i]?.AgentCount,
          }));
          const wanted = months.map((month) => ({
            month,
            minutes: want.get(month)?.minutes,
            agents: want.get(month)?.agents.size,
          }));
          expect(got).toEqual(wanted);
        },
      ),
      roundTripParameters(20),
    );
  });
});
