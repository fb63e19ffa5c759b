import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  callQualityFromSeconds,
  parseCallQualityState,
  STORED_LAST_SECOND_KEY,
  storeCallQualityState,
  type CallSecond,
} from '@callsight/shared';
import { callSummaries } from '../src/db/schema/index.ts';
import {
  findTrailingSummaries,
  refreshTrailingSummaries,
} from '../src/services/telemetry/call-summaries.ts';
import { queryRows } from '../src/db/pg-arrays.ts';
import { createGroup } from './factories.ts';
import { startTestServer, type TestServer } from './harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** A second of a live call, `i` seconds after `startMs`. */
const second = (startMs: number, i: number): CallSecond => ({
  contactId: 'c',
  timeMs: startMs + i * 1000,
  inbound: { mos: 4.2, mosComputed: false, packetsCount: 50, packetsLost: 0, audioLevel: 0.1 },
  outbound: null,
  rttMs: 40,
  jitterMs: 5,
  cpuAvailablePercent: null,
  memoryUsedPercent: null,
  agentStatus: 'Talk',
});

/** The JSON as PostgreSQL writes a jsonb value out as text. */
async function jsonbText(json: string): Promise<string> {
  const rows = await queryRows<{ t: string }>(s.database.db, sql`select ${json}::jsonb::text as t`);
  return rows[0]?.t ?? '';
}

describe('trailing call summaries', () => {
  it("finds and refreshes the calls whose accumulator's last second is after the one shown, however its JSON is spaced", async () => {
    const db = s.database.db;
    const group = await createGroup(db);
    const startMs = Date.now() - 120_000;
    const state = callQualityFromSeconds([0, 1, 2, 20].map((i) => second(startMs, i)));
    const stored = storeCallQualityState(state);
    const lastMs = startMs + 20_000;
    const shownBehind = startMs + 2_000;
    const text = JSON.stringify(stored);
    // Each call: its accumulator as stored, and the last second its shown columns came from.
    const calls: Record<string, { qualityState: string | null; shownMs: number | null }> = {
      current: { qualityState: text, shownMs: shownBehind },
      caughtUp: { qualityState: text, shownMs: lastMs },
      // jsonb's text form (keys reordered, spaces): migration 0009 converted accumulators so.
      fromJsonb: { qualityState: await jsonbText(text), shownMs: shownBehind },
      spaced: {
        qualityState: text.replace(
          `"${STORED_LAST_SECOND_KEY}":`,
          `"${STORED_LAST_SECOND_KEY}" : `,
        ),
        shownMs: shownBehind,
      },
      // A top-level key a later layout may add (the parser ignores it): only the top level counts.
      laterKey: {
        qualityState: `{"a":{"${STORED_LAST_SECOND_KEY}":${lastMs + 60_000}},${text.slice(1)}`,
        shownMs: lastMs,
      },
      noSeconds: { qualityState: null, shownMs: null },
    };
    await db.insert(callSummaries).values(
      Object.entries(calls).map(([contactId, c]) => ({
        groupId: group.id,
        contactId,
        startTime: new Date(startMs),
        sampleCount: c.qualityState === null ? 0 : state.samples,
        lastSampleAt: c.shownMs === null ? null : new Date(c.shownMs),
        qualityState: c.qualityState,
      })),
    );
    const trailing = ['current', 'fromJsonb', 'spaced'];
    // The server reads each accumulator the same way.
    for (const [contactId, c] of Object.entries(calls)) {
      const read =
        c.qualityState === null ? null : parseCallQualityState(JSON.parse(c.qualityState));
      const behind = read?.lastMs != null && read.lastMs > (c.shownMs ?? -1);
      expect(behind, contactId).toBe(trailing.includes(contactId));
    }

    const found = await findTrailingSummaries(db, DAY_MS);
    expect(
      found
        .filter((r) => r.groupId === group.id)
        .map((r) => r.contactId)
        .sort(),
    ).toEqual(trailing.sort());

    const refreshed = await db.transaction((tx) =>
      refreshTrailingSummaries(tx, group.id, Object.keys(calls)),
    );
    expect(refreshed).toBe(trailing.length);
    const [spaced] = await db
      .select()
      .from(callSummaries)
      .where(and(eq(callSummaries.groupId, group.id), eq(callSummaries.contactId, 'spaced')));
    expect(spaced).toMatchObject({ lastSampleAt: new Date(lastMs), sampleCount: 4 });
    expect((await findTrailingSummaries(db, DAY_MS)).filter((r) => r.groupId === group.id)).toEqual(
      [],
    );
  });
});
