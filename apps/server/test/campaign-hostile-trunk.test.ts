import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignCall, CampaignRun } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import {
  createCampaign,
  getJson,
  simulateTenant,
  startRun,
  untilDone,
} from './support/campaign-flow.ts';
import { GOOD_SDP, HostileTrunk } from './support/hostile-trunk.ts';

/**
 * Issue 31 item 3: a trunk that answers 200 OK with an SDP we cannot use, or never answers our
 * BYE, cannot keep a call Live or a run In Progress; Stop ends a live call with BYE. The trunk is
 * a real SIP peer over UDP (test/support/hostile-trunk.ts), the dialler the product's.
 */
const sdp = (lines: string[]) => [...lines, ''].join('\r\n');
const HOSTILE = {
  '+61255502001': {
    why: 'm=audio 70000',
    answerSdp: GOOD_SDP.replace('m=audio 9 ', 'm=audio 70000 '),
  },
  '+61255502002': { why: 'm=audio 0', answerSdp: GOOD_SDP.replace('m=audio 9 ', 'm=audio 0 ') },
  '+61255502003': { why: 'an empty body', answerSdp: '' },
  '+61255502004': {
    why: 'no c= line',
    answerSdp: sdp(['v=0', 'o=t 1 1 IN IP4 127.0.0.1', 's=t', 't=0 0', 'm=audio 9 RTP/AVP 0']),
  },
  '+61255502005': {
    why: 'no audio (m=video only)',
    answerSdp: sdp([
      'v=0',
      'o=t 1 1 IN IP4 127.0.0.1',
      's=t',
      'c=IN IP4 127.0.0.1',
      't=0 0',
      'm=video 9 RTP/AVP 96',
    ]),
  },
};
const GOOD = '+61255502010';
const IGNORES_BYE = '+61255502011';

let trunk: HostileTrunk;
let s: TestServer;
beforeAll(async () => {
  trunk = await HostileTrunk.start({
    ...HOSTILE,
    [GOOD]: { answerSdp: GOOD_SDP },
    [IGNORES_BYE]: { answerSdp: GOOD_SDP, ignoreBye: true },
  });
  s = await startTestServer({ DIALLER_SIP_TRUNK: `127.0.0.1:${trunk.port}` });
});
afterAll(async () => {
  await s.close();
  await trunk.close();
});

const callsOf = (headers: Record<string, string>, campaignId: string, runId: string) =>
  getJson<CampaignCall[]>(s, headers, `/api/campaigns/${campaignId}/runs/${runId}/calls?size=100`);

describe('a campaign against a hostile trunk', () => {
  it('fails each call whose answer is unusable, saying why, and hangs it up with BYE', async () => {
    const numbers = [...Object.keys(HOSTILE), GOOD];
    const { admin } = await simulateTenant(s, { toNumbers: numbers });
    // No toNumber: the allowlisted numbers are called in turn, one call each.
    const campaign = await createCampaign(s, admin, {
      totalCalls: numbers.length,
      callsPerSecond: 6,
      callDuration: 2,
    });
    const started = await startRun(s, admin, campaign.id);
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json<CampaignRun>();
    const done = await untilDone(s, admin, campaign.id, run.id);
    expect(done.status).toBe('Complete');
    const calls = await callsOf(admin, campaign.id, run.id);
    for (const [number, { why }] of Object.entries(HOSTILE)) {
      const call = calls.find((c) => c.toNumber === number);
      expect([why, call?.status, call?.sipCode]).toEqual([why, 'Failed', 488]);
      expect(call?.reason, why).toMatch(/^Unusable SDP answer: \S/);
    }
    expect(calls.find((c) => c.toNumber === GOOD)?.status).toBe('Successful');
    // Every answered call was ACKed and hung up with BYE at the trunk.
    await trunk.until((seen) =>
      numbers.every((n) => seen.some((c) => c.number === n && c.byes > 0)),
    );
    for (const number of numbers) {
      const seen = [...trunk.calls.values()].filter((c) => c.number === number);
      expect(seen.map((c) => [c.acks > 0, c.byes > 0])).toEqual([[true, true]]);
    }
  }, 30_000);

  it('ends a call whose BYE the trunk never answers', async () => {
    const { admin } = await simulateTenant(s, { toNumbers: [IGNORES_BYE] });
    const campaign = await createCampaign(s, admin, {
      toNumber: IGNORES_BYE,
      totalCalls: 1,
      callsPerSecond: 2,
      callDuration: 1,
    });
    const run = (await startRun(s, admin, campaign.id)).json<CampaignRun>();
    const done = await untilDone(s, admin, campaign.id, run.id);
    expect(done.status).toBe('Complete');
    const [call] = await callsOf(admin, campaign.id, run.id);
    expect(call).toMatchObject({ status: 'Successful', reason: 'OK (BYE not answered)' });
    // Held its duration (to its BYE), and the run ended at most the BYE time-out (8*T1 = 4 s)
    // after that, not at Timer F (32 s).
    expect(call?.callDuration).toBeGreaterThanOrEqual(0.99);
    const ranMs = Date.parse(done.endedAt ?? '') - Date.parse(done.startedAt ?? '');
    expect(ranMs).toBeLessThan((1 + 4 + 2) * 1000);
    expect([...trunk.calls.values()].some((c) => c.number === IGNORES_BYE && c.byes > 0)).toBe(
      true,
    );
  }, 30_000);

  it('Stop hangs up a live call with BYE and the call ends Cancelled', async () => {
    const { admin } = await simulateTenant(s, { toNumbers: [GOOD] });
    const campaign = await createCampaign(s, admin, {
      toNumber: GOOD,
      totalCalls: 1,
      callsPerSecond: 2,
      callDuration: 600,
    });
    const before = new Set(trunk.calls.keys());
    const run = (await startRun(s, admin, campaign.id)).json<CampaignRun>();
    const fresh = () => [...trunk.calls.entries()].filter(([id]) => !before.has(id));
    await trunk.until(() => fresh().some(([, c]) => c.acks > 0)); // answered and ACKed: live
    const stop = await s.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/runs/${run.id}/stop`,
      headers: admin,
    });
    expect(stop.statusCode, stop.body).toBe(202);
    await trunk.until(() => fresh().some(([, c]) => c.byes > 0));
    const done = await untilDone(s, admin, campaign.id, run.id);
    expect(done.status).toBe('Cancelled');
    const [call] = await callsOf(admin, campaign.id, run.id);
    expect(call?.status).toBe('Cancelled');
    expect(call?.canceledAt).not.toBeNull();
  }, 30_000);
});
