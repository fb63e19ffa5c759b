import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignCall } from '@callsight/shared';
import { forGroup } from '../../src/db/group-scope.ts';
import { campaignRuns, campaigns } from '../../src/db/schema/index.ts';
import { CallLogWriter, type CallRow } from '../../src/services/campaigns/call-log-writer.ts';
import { listCalls } from '../../src/services/campaigns/call-log.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import { createGroup } from '../factories.ts';
import { differences, roundTripParameters, seededRandom } from './round-trip-support.ts';

/**
 * Property: the campaign call log written behind (CallLogWriter: each call's newest state, one
 * multi-row upsert per flush, in chunks of 1,000) reads back through the call-log service exactly
 * as last put: for 1 to 2,500 calls, put in a random order, each call put 1 to 3 times with
 * changing states, flushed at random points, every timestamp to the millisecond (1970 and 2100
 * included), every measure and text as put.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SYNTHETIC_SCHEDULER: 'false', PROBE_CONCURRENCY: '0' });
});
afterAll(() => s.close());

const STATUSES = ['Live', 'Successful', 'No Answer', 'Cancelled', 'Premature', 'Busy', 'Failed'];
/** From 1970 to 2100: the writer must not clip or shift any instant. */
const MIN_MS = 0;
const MAX_MS = Date.UTC(2100, 0, 1);

function drawRow(runId: string, seq: number, random: () => number): CallRow {
  const at = () => (random() < 0.2 ? null : new Date(MIN_MS + Math.floor(random() * MAX_MS)));
  const ms = () => (random() < 0.3 ? null : Math.floor(random() * 100_000));
  return {
    runId,
    seq,
    callSid: random() < 0.2 ? null : `sid-${seq}-${Math.floor(random() * 1e9)}`,
    toNumber: `+6125550${String(seq).padStart(4, '0')}`,
    fromNumber: '+61255500000',
    answerTreatment: random() < 0.5 ? '' : `1w{${Math.floor(random() * 9)}}#`,
    status: STATUSES[Math.floor(random() * STATUSES.length)] ?? 'Live',
    createdAt: new Date(MIN_MS + Math.floor(random() * MAX_MS)),
    queuedAt: at(),
    initiatedAt: at(),
    ringingAt: at(),
    inProgressAt: at(),
    completedAt: at(),
    noAnswerAt: at(),
    busyAt: at(),
    canceledAt: at(),
    terminatedPrematurelyAt: at(),
    failedAt: at(),
    sipCode: random() < 0.3 ? null : 100 + Math.floor(random() * 600),
    reason: random() < 0.3 ? null : `reason ${Math.floor(random() * 1e6)} “quoted”`,
    postDialDelayMs: ms(),
    timeToAnswerMs: ms(),
    durationMs: ms(),
    recordingPath: null,
  };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const seconds = (v: number | null | undefined) => (v === null || v === undefined ? null : v / 1000);

/** What listCalls must answer for a row as last put. */
function expected(r: CallRow): CampaignCall {
  return {
    seq: r.seq,
    callSid: r.callSid ?? null,
    toNumber: r.toNumber,
    fromNumber: r.fromNumber,
    answerTreatment: r.answerTreatment ?? '',
    status: (r.status === 'Live' ? 'Live' : r.status) as CampaignCall['status'],
    createdAt: iso(r.createdAt as Date) ?? '',
    queuedAt: iso(r.queuedAt as Date | null),
    initiatedAt: iso(r.initiatedAt as Date | null),
    ringingAt: iso(r.ringingAt as Date | null),
    inProgressAt: iso(r.inProgressAt as Date | null),
    completedAt: iso(r.completedAt as Date | null),
    noAnswerAt: iso(r.noAnswerAt as Date | null),
    busyAt: iso(r.busyAt as Date | null),
    canceledAt: iso(r.canceledAt as Date | null),
    terminatedPrematurelyAt: iso(r.terminatedPrematurelyAt as Date | null),
    failedAt: iso(r.failedAt as Date | null),
    sipCode: r.sipCode ?? null,
    reason: r.reason ?? null,
    callDuration: seconds(r.durationMs),
    postDialDelay: seconds(r.postDialDelayMs),
    timeToAnswer: seconds(r.timeToAnswerMs),
    recordingUrl: null,
  };
}

describe('the campaign call log written behind', () => {
  it('reads back exactly as last put, whatever the number of calls, order, repeats and flushes', async () => {
    const group = await createGroup(s.database.db, { features: ['simulate'] });
    const scope = forGroup(s.database.db, group.id);
    const [campaign] = await s.database.db
      .insert(campaigns)
      .values(
        scope.row(campaigns, {
          type: 'fullload',
          name: 'Round trip',
          tags: [],
          fromNumber: '+61255500000',
          totalCalls: 1,
          noAnswerTimeout: 1,
          callDuration: 1,
          callsPerSecond: 1,
          dataHeaders: [],
          data: [],
        }),
      )
      .returning();
    if (!campaign) throw new Error('no campaign');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2500 }), fc.integer(), async (calls, seed) => {
        const random = seededRandom(seed);
        const [run] = await s.database.db
          .insert(campaignRuns)
          .values(
            scope.row(campaignRuns, {
              campaignId: campaign.id,
              description: 'rt',
              tags: [],
              parameters: {},
            }),
          )
          .returning();
        if (!run) throw new Error('no run');
        const writer = new CallLogWriter(s.database.db, group.id);
        // Every call put 1 to 3 times (its states changing), in a shuffled order, with flushes
        // between: the last put of each call is what must be read.
        const puts: CallRow[] = [];
        for (let seq = 1; seq <= calls; seq++) {
          const times = 1 + Math.floor(random() * 3);
          for (let i = 0; i < times; i++) puts.push(drawRow(run.id, seq, random));
        }
        const order = puts.map((p, i) => ({ p, i, k: random() }));
        order.sort((a, b) => a.k - b.k);
        const last = new Map<number, CallRow>();
        for (const { p } of order) {
          writer.put(p);
          last.set(p.seq, p);
          if (random() < 0.002) await writer.flush();
        }
        await writer.flush();
        const { rows, total } = await listCalls(scope, campaign.id, run.id, {
          from: 0,
          size: 1000,
        });
        const all = [...rows];
        for (let from = 1000; from < total; from += 1000)
          all.push(...(await listCalls(scope, campaign.id, run.id, { from, size: 1000 })).rows);
        const sent = [...last.values()].sort((a, b) => a.seq - b.seq).map(expected);
        expect(total).toBe(calls);
        expect(differences('calls', all, sent)).toEqual([]);
      }),
      roundTripParameters(6, [
        [1, 1],
        [1001, 7],
        [2500, 42],
      ]),
    );
  }, 240_000);
});
