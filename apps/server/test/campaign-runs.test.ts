import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  CampaignCall,
  CampaignRun,
  CampaignRunGraph,
  CampaignRunStats,
} from '@callsight/shared';
import { AnsweringEndpoint } from '../src/adapters/dialler/answering-endpoint.ts';
import { forGroup } from '../src/db/group-scope.ts';
import { campaignCalls, campaignRuns } from '../src/db/schema/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import {
  createCampaign as postCampaign,
  getJson,
  simulateTenant,
  startRun,
  untilDone as runDone,
} from './support/campaign-flow.ts';

/** The far end: one number per behaviour (the built-in answering endpoint, on loopback). */
const NUMBERS = {
  answer: '+61255501001',
  busy: '+61255501002',
  never: '+61255501003',
  fail: '+61255501004',
  early: '+61255501005',
  dtmf: '+61255501006',
};

let uas: AnsweringEndpoint;
let s: TestServer;
beforeAll(async () => {
  uas = await AnsweringEndpoint.start({
    behaviours: {
      [NUMBERS.answer]: { kind: 'answer', ringMs: 300, media: 'echo' },
      [NUMBERS.busy]: { kind: 'reject', status: 486 },
      [NUMBERS.never]: { kind: 'noAnswer' },
      [NUMBERS.fail]: { kind: 'reject', status: 503, ringMs: 100 },
      [NUMBERS.early]: { kind: 'answer', ringMs: 100, hangupAfterMs: 500, media: 'echo' },
      [NUMBERS.dtmf]: { kind: 'answer', ringMs: 100, media: 'collectDtmf' },
    },
  });
  s = await startTestServer({
    DIALLER_SIP_TRUNK: `127.0.0.1:${uas.address.port}`,
  });
});
afterAll(async () => {
  await s.close();
  await uas.close();
});

const tenant = (toNumbers: string[], cpsLimit = 10) => simulateTenant(s, { toNumbers, cpsLimit });
const createCampaign = (headers: Record<string, string>, fields: object) =>
  postCampaign(s, headers, fields);
const start = (headers: Record<string, string>, campaignId: string, body: object = {}) =>
  startRun(s, headers, campaignId, body);
const get = <T>(headers: Record<string, string>, url: string) => getJson<T>(s, headers, url);
const untilDone = (headers: Record<string, string>, campaignId: string, runId: string) =>
  runDone(s, headers, campaignId, runId);

describe('a campaign run against the answering endpoint', () => {
  it('places every call, paced, with the outcomes the far end gives, and serves the log', async () => {
    const numbers = Object.values(NUMBERS);
    const { admin, viewer } = await tenant(numbers);
    // No toNumber: the allowlisted numbers are called in turn, so 12 calls give 2 of each.
    const campaign = await createCampaign(admin, {
      totalCalls: 12,
      callsPerSecond: 5,
      callDuration: 4,
      noAnswerTimeout: 2,
      answerTreatment: '1w2#',
    });
    const res = await start(admin, campaign.id, { tags: ['smoke'] });
    expect(res.statusCode, res.body).toBe(201);
    const run = res.json<CampaignRun>();
    expect(run).toMatchObject({ status: 'In Progress', dialler: 'sip', runTags: ['smoke'] });
    expect(run.startedAt).not.toBeNull();

    const done = await untilDone(admin, campaign.id, run.id);
    expect(done.status).toBe('Complete');
    expect(done.outcome).toMatch(/^12 calls: /);

    const stats = await get<CampaignRunStats>(
      admin,
      `/api/campaigns/${campaign.id}/runs/${run.id}/stats`,
    );
    expect(stats.counts).toEqual({
      Successful: 4, // answer + dtmf
      Busy: 2,
      Cancelled: 0,
      'No Answer': 2,
      Failed: 2,
      Premature: 2,
      Pending: 0,
    });
    expect(stats.summary).toEqual({ Successful: 4, Failed: 8, Pending: 0 });
    expect(stats.averages.callDuration).not.toBeNull();

    // The log: paged, in call order, with the total in the header.
    const page = await s.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaign.id}/runs/${run.id}/calls?from=10&size=5`,
      headers: admin,
    });
    expect(page.headers.recordcount).toBe('12');
    expect(page.json<CampaignCall[]>().map((c) => c.seq)).toEqual([11, 12]);
    const calls = await get<CampaignCall[]>(
      admin,
      `/api/campaigns/${campaign.id}/runs/${run.id}/calls?size=100`,
    );
    const byNumber = (n: string) => calls.filter((c) => c.toNumber === n);
    for (const c of byNumber(NUMBERS.answer)) {
      expect(c.status).toBe('Successful');
      expect(c.sipCode).toBe(200);
      // Timestamps follow the signalling, in order.
      const t = [c.createdAt, c.initiatedAt, c.ringingAt, c.inProgressAt, c.completedAt].map((x) =>
        Date.parse(x ?? ''),
      );
      expect([...t].sort((a, b) => a - b)).toEqual(t);
      expect(c.postDialDelay).toBeGreaterThanOrEqual(0);
      expect(c.timeToAnswer).toBeGreaterThanOrEqual(0.2);
      expect(c.callDuration).toBeGreaterThanOrEqual(3.9);
      expect(c.recordingUrl).toMatch(/\/recording$/);
    }
    for (const c of byNumber(NUMBERS.busy)) {
      expect([c.status, c.sipCode, c.busyAt !== null, c.recordingUrl]).toEqual([
        'Busy',
        486,
        true,
        null,
      ]);
    }
    for (const c of byNumber(NUMBERS.never)) expect(c.noAnswerAt).not.toBeNull();
    for (const c of byNumber(NUMBERS.fail)) expect([c.status, c.sipCode]).toEqual(['Failed', 503]);
    for (const c of byNumber(NUMBERS.early)) {
      expect(c.status).toBe('Premature');
      expect(c.terminatedPrematurelyAt).not.toBeNull();
    }
    // The answer treatment went out as DTMF to the collecting number.
    const dtmfCalls = [...uas.calls.values()].filter((c) => c.number === NUMBERS.dtmf);
    expect(dtmfCalls.length).toBeGreaterThanOrEqual(2);
    for (const c of dtmfCalls.slice(-2))
      expect(c.digits.map((d) => d.digit)).toEqual(['1', '2', '#']);

    // Calls start on the plan: 5 per second, so 12 calls span 2.2 s of starts.
    const initiated = calls.map((c) => Date.parse(c.initiatedAt ?? '')).sort((a, b) => a - b);
    expect((initiated.at(-1) ?? 0) - (initiated[0] ?? 0)).toBeGreaterThanOrEqual(2100);

    // A recording plays: a WAV file behind an authenticated route.
    const recordingUrl = byNumber(NUMBERS.answer)[0]?.recordingUrl ?? '';
    const wav = await s.app.inject({ method: 'GET', url: recordingUrl, headers: admin });
    expect(wav.statusCode).toBe(200);
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(wav.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.rawPayload.length).toBeGreaterThan(44 + 8000); // more than half a second
    const anonymous = await s.app.inject({ method: 'GET', url: recordingUrl });
    expect(anonymous.statusCode).toBe(401);
    // Simulate is an admin and super screen (spec 000 §6): a viewer hears no recording and
    // reads no call log.
    const byViewer = await s.app.inject({ method: 'GET', url: recordingUrl, headers: viewer });
    expect(byViewer.statusCode).toBe(403);
    const logByViewer = await s.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaign.id}/runs/${run.id}/calls`,
      headers: viewer,
    });
    expect(logByViewer.statusCode).toBe(403);

    const graph = await get<CampaignRunGraph>(
      admin,
      `/api/campaigns/${campaign.id}/runs/${run.id}/graph`,
    );
    expect(graph.bucketMs).toBe(1000);
    expect(graph.seconds).toBeGreaterThanOrEqual(Math.ceil(4 + 12 / 5));
    expect(graph.points.reduce((n, p) => n + (p.starts ?? 0), 0)).toBe(12);
    expect(graph.points.reduce((n, p) => n + p.expectedStarts, 0)).toBe(12);
    expect(graph.points.reduce((n, p) => n + (p.failed ?? 0), 0)).toBe(8);
    expect(Math.max(...graph.points.map((p) => p.actual ?? 0))).toBeGreaterThan(0);
    // The run is over: every second has its figures.
    expect(graph.points.every((p) => p.actual !== null)).toBe(true);
  }, 60_000);

  it('sends the answer treatment 1w2#w{2}3 as DTMF: exactly those keys, each pause as asked', async () => {
    const { admin } = await tenant([NUMBERS.dtmf]);
    const campaign = await createCampaign(admin, {
      toNumber: NUMBERS.dtmf,
      totalCalls: 1,
      callsPerSecond: 1,
      callDuration: 5,
      answerTreatment: '1w2#w{2}3',
    });
    const before = new Set(uas.calls.keys());
    const run = (await start(admin, campaign.id)).json<CampaignRun>();
    await untilDone(admin, campaign.id, run.id);
    const record = [...uas.calls.entries()].find(([id]) => !before.has(id))?.[1];
    expect(record?.digits.map((d) => d.digit)).toEqual(['1', '2', '#', '3']);
    // Each key sounds 100 ms; then the written pause (w = 500 ms, w{2} = 2 s), else 60 ms.
    // Timed as the far end times RFC 4733 events: by their RTP timestamps (8 kHz).
    const ts = (record?.digits ?? []).map((d) => d.rtpTimestamp);
    const pauses = ts.slice(1).map((t, i) => ((t - (ts[i] ?? 0)) >>> 0) / 8 - 100);
    expect(pauses).toEqual([500, 60, 2000]);
  }, 60_000);

  it('stops a run: no more calls, live ones end, canceledAt set, status Cancelled', async () => {
    const { admin } = await tenant([NUMBERS.answer]);
    const campaign = await createCampaign(admin, {
      toNumber: NUMBERS.answer,
      totalCalls: 50,
      callsPerSecond: 2,
      callDuration: 38,
    });
    const run = (await start(admin, campaign.id)).json<CampaignRun>();
    await new Promise((r) => setTimeout(r, 1600));
    const stop = await s.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/runs/${run.id}/stop`,
      headers: admin,
    });
    expect(stop.statusCode, stop.body).toBe(202);
    expect(stop.json<CampaignRun>()).toMatchObject({ status: 'Cancelled' });
    expect(stop.json<CampaignRun>().canceledAt).not.toBeNull();
    const done = await untilDone(admin, campaign.id, run.id);
    expect(done.status).toBe('Cancelled');
    expect(done.outcome).toMatch(/^Stopped: \d+ of 50 calls placed/);
    const stats = await get<CampaignRunStats>(
      admin,
      `/api/campaigns/${campaign.id}/runs/${run.id}/stats`,
    );
    expect(stats.counts.Pending).toBe(0);
    expect(stats.counts.Cancelled).toBe(50);
    const again = await s.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/runs/${run.id}/stop`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
  }, 60_000);

  it('refuses what the rules refuse, naming the field, and keeps roles and groups apart', async () => {
    const { admin, viewer } = await tenant([NUMBERS.answer], 6);
    const big = await createCampaign(admin, {
      totalCalls: 301,
      callsPerSecond: 1,
      callDuration: 452,
    });
    const unapproved = await start(admin, big.id);
    expect(unapproved.statusCode).toBe(400);
    expect(unapproved.json()).toMatchObject({
      error: {
        fields: {
          approved:
            'Please tick the approval checkbox to confirm you have the approval to run this campaign.',
        },
      },
    });
    const noDescription = await start(admin, big.id, { description: ' ', approved: true });
    expect(noDescription.json()).toMatchObject({
      error: { fields: { description: 'Please enter the run description to continue.' } },
    });
    expect((await start(viewer, big.id, { approved: true })).statusCode).toBe(403);

    // The group's runs together stay within its CPS limit (6).
    const a = await createCampaign(admin, {
      toNumber: NUMBERS.answer,
      totalCalls: 40,
      callsPerSecond: 4,
      callDuration: 20,
    });
    const b = await createCampaign(admin, {
      toNumber: NUMBERS.answer,
      totalCalls: 30,
      callsPerSecond: 3,
      callDuration: 15,
    });
    const first = (await start(admin, a.id)).json<CampaignRun>();
    const second = await start(admin, b.id);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({
      error: { fields: { callsPerSecond: 'CPS limit is 6; runs in progress use 4' } },
    });

    // Another group sees none of it.
    const other = await tenant([NUMBERS.answer]);
    for (const path of ['', '/stats', '/graph', '/calls', '/calls/1/recording']) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/campaigns/${a.id}/runs/${first.id}${path}`,
        headers: other.admin,
      });
      expect(res.statusCode, path).toBe(404);
    }
    const foreignStop = await s.app.inject({
      method: 'POST',
      url: `/api/campaigns/${a.id}/runs/${first.id}/stop`,
      headers: other.admin,
    });
    expect(foreignStop.statusCode).toBe(404);
    const viewerStop = await s.app.inject({
      method: 'POST',
      url: `/api/campaigns/${a.id}/runs/${first.id}/stop`,
      headers: viewer,
    });
    expect(viewerStop.statusCode).toBe(403);
    const stop = await s.app.inject({
      method: 'POST',
      url: `/api/campaigns/${a.id}/runs/${first.id}/stop`,
      headers: admin,
    });
    expect(stop.statusCode).toBe(202);
    await untilDone(admin, a.id, first.id);
  }, 60_000);
});

describe('a run cut by a restart', () => {
  it('resumes a run whose heartbeat stopped a moment ago: the calls it had under way fail, the rest are placed', async () => {
    const { admin, group } = await tenant([NUMBERS.busy]);
    const campaign = await createCampaign(admin, {
      toNumber: NUMBERS.busy,
      totalCalls: 6,
      callsPerSecond: 5,
      callDuration: 2,
    });
    // What a process that died leaves: a run In Progress with two calls written, one live.
    const scope = forGroup(s.database.db, group.id);
    const run = (await start(admin, campaign.id)).json<CampaignRun>();
    await untilDone(admin, campaign.id, run.id);
    const past = new Date(Date.now() - 20_000);
    await s.database.db
      .update(campaignRuns)
      .set({
        status: 'In Progress',
        isComplete: false,
        endedAt: null,
        outcome: null,
        heartbeatAt: past,
      })
      .where(scope.owns(campaignRuns, eq(campaignRuns.id, run.id)));
    await s.database.db
      .delete(campaignCalls)
      .where(scope.owns(campaignCalls, eq(campaignCalls.runId, run.id)));
    await s.database.db.insert(campaignCalls).values(
      scope.rows(campaignCalls, [
        {
          runId: run.id,
          seq: 1,
          toNumber: NUMBERS.busy,
          fromNumber: '+61255500000',
          status: 'Busy',
          busyAt: past,
        },
        {
          runId: run.id,
          seq: 2,
          toNumber: NUMBERS.busy,
          fromNumber: '+61255500000',
          status: 'Live',
        },
      ]),
    );
    await s.ctx.campaigns.engine.recover();
    expect(s.ctx.campaigns.engine.isActive(run.id)).toBe(true);
    await s.ctx.campaigns.engine.settled(run.id);
    const done = await get<CampaignRun>(admin, `/api/campaigns/${campaign.id}/runs/${run.id}`);
    expect(done.status).toBe('Complete');
    expect(done.outcome).toMatch(
      /^Resumed after a server restart at .*\. 6 calls: 5 busy, 1 failed$/,
    );
    const calls = await get<CampaignCall[]>(
      admin,
      `/api/campaigns/${campaign.id}/runs/${run.id}/calls?size=10`,
    );
    expect(calls.map((c) => c.status)).toEqual(['Busy', 'Failed', 'Busy', 'Busy', 'Busy', 'Busy']);
    expect(calls[1]?.reason).toBe('The server stopped during the call');
  }, 60_000);

  it('ends a run cut for longer than the resume window, saying why', async () => {
    const { admin, group } = await tenant([NUMBERS.busy]);
    const campaign = await createCampaign(admin, { toNumber: NUMBERS.busy, totalCalls: 3 });
    const run = (await start(admin, campaign.id)).json<CampaignRun>();
    await untilDone(admin, campaign.id, run.id);
    const scope = forGroup(s.database.db, group.id);
    await s.database.db
      .update(campaignRuns)
      .set({
        status: 'In Progress',
        isComplete: false,
        heartbeatAt: new Date(Date.now() - 60 * 60_000),
      })
      .where(scope.owns(campaignRuns, eq(campaignRuns.id, run.id)));
    await s.database.db
      .delete(campaignCalls)
      .where(scope.owns(campaignCalls, eq(campaignCalls.runId, run.id)));
    await s.ctx.campaigns.engine.recover();
    expect(s.ctx.campaigns.engine.isActive(run.id)).toBe(false);
    const done = await get<CampaignRun>(admin, `/api/campaigns/${campaign.id}/runs/${run.id}`);
    expect(done.status).toBe('Complete');
    expect(done.outcome).toMatch(
      /^Ended: the server stopped at .* and was not back within 5 minutes; 0 of 3 calls placed$/,
    );
  });
});
