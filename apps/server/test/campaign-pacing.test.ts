import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRun, CampaignRunStats } from '@callsight/shared';
import { AnsweringEndpoint } from '../src/adapters/dialler/answering-endpoint.ts';
import { startTestServer, type TestServer } from './harness.ts';
import {
  createCampaign,
  getJson,
  simulateTenant,
  startRun,
  untilDone,
} from './support/campaign-flow.ts';

/**
 * Issue 31 item 7: beyond its capacity the dialler paces down, holding due calls back and placing
 * them later, never failing them, and says so in the run (calls held back, the rate reached); a
 * run after an overloaded one starts clean. The capacity is made small (2 calls in setup) and
 * each setup takes the far end's 300 ms of ringing, so 10 calls/s are beyond it on any machine.
 */
const NUMBER = '+61255503001';
const RING_MS = 300;
const SETUP_LIMIT = 2;

let uas: AnsweringEndpoint;
let s: TestServer;
beforeAll(async () => {
  uas = await AnsweringEndpoint.start({
    behaviours: { [NUMBER]: { kind: 'answer', ringMs: RING_MS } },
  });
  s = await startTestServer({
    DIALLER_SIP_TRUNK: `127.0.0.1:${uas.address.port}`,
    DIALLER_MAX_CALLS_IN_SETUP: String(SETUP_LIMIT),
  });
});
afterAll(async () => {
  await s.close();
  await uas.close();
});

async function run(admin: Record<string, string>, totalCalls: number, callsPerSecond: number) {
  const campaign = await createCampaign(s, admin, {
    toNumber: NUMBER,
    totalCalls,
    callsPerSecond,
    callDuration: 2,
    noAnswerTimeout: 5,
  });
  const started = await startRun(s, admin, campaign.id, { approved: true });
  expect(started.statusCode, started.body).toBe(201);
  const done = await untilDone(s, admin, campaign.id, started.json<CampaignRun>().id);
  const stats = await getJson<CampaignRunStats>(
    s,
    admin,
    `/api/campaigns/${campaign.id}/runs/${done.id}/stats`,
  );
  return { done, stats };
}

describe('the dialler beyond its capacity', () => {
  it('holds due calls back and places them later: none failed, the run says how many and the rate reached', async () => {
    const { admin } = await simulateTenant(s, { toNumbers: [NUMBER] });
    // 10 calls/s asked; at most 2 setups of >= 300 ms at once allow under 7 calls/s.
    const { done, stats } = await run(admin, 10, 10);
    expect(done.status).toBe('Complete');
    expect(stats.counts.Successful).toBe(10);
    expect(stats.counts.Failed).toBe(0);
    expect(done.heldBackCalls).toBeGreaterThan(0);
    expect(done.heldBackCalls).toBeLessThanOrEqual(10 - SETUP_LIMIT);
    expect(done.rateReached).not.toBeNull();
    // Placed two at a time, a pair at most every 300 ms: 10 calls span at least 1.2 s, so the
    // rate reached (first to last placed) is at most 9 / 1.2 = 7.5 calls/s of the 10 asked.
    expect(done.rateReached ?? 0).toBeLessThanOrEqual(7.5 + 0.1);
    expect(s.ctx.campaigns.engine.load).toMatchObject({ liveCalls: 0, callsInSetup: 0 });
  }, 30_000);

  it('a run after an overloaded one starts clean: nothing held back, every call placed on time', async () => {
    const { admin } = await simulateTenant(s, { toNumbers: [NUMBER] });
    const first = await run(admin, 10, 10);
    expect(first.done.heldBackCalls).toBeGreaterThan(0);
    // 2 calls/s: one setup at a time, within the capacity when no slot was left behind.
    const { done, stats } = await run(admin, 2, 2);
    expect(stats.counts.Successful).toBe(2);
    expect(done.heldBackCalls).toBe(0);
    expect(done.rateReached ?? 0).toBeGreaterThan(1.5);
    expect(s.ctx.campaigns.engine.load).toMatchObject({ liveCalls: 0, callsInSetup: 0 });
  }, 30_000);
});
