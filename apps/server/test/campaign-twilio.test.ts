import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignCall, CampaignRun, CampaignRunStats } from '@callsight/shared';
import { forGroup } from '../src/db/group-scope.ts';
import { configEntries } from '../src/db/schema/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { freePort } from './support/free-port.ts';
import { createCampaign, getJson, startRun, untilDone } from './support/campaign-flow.ts';
import { TwilioApiServer } from './support/twilio-api-server.ts';

/**
 * A campaign through Twilio (issue 17): a group whose Simulate settings hold a dialler SID and
 * token places its calls through Twilio's REST API (here a local server that speaks it and calls
 * back, signed, to our listening server); the callbacks fill the same call log.
 */
const ACCOUNT = `AC${randomBytes(16).toString('hex')}`;
const TOKEN = randomBytes(16).toString('hex');
const N = { answer: '+61255502001', busy: '+61255502002', never: '+61255502003' };

let api: TwilioApiServer;
let s: TestServer;
beforeAll(async () => {
  api = await TwilioApiServer.start({
    accounts: { [ACCOUNT]: TOKEN },
    secondMs: 100,
    recordingBytes: Buffer.concat([Buffer.from('RIFF'), randomBytes(2000)]),
    scripts: {
      [N.answer]: { kind: 'answer', ringMs: 50 },
      [N.busy]: { kind: 'busy', ringMs: 20 },
      [N.never]: { kind: 'noAnswer' },
    },
  });
  const port = await freePort();
  s = await startTestServer({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TWILIO_API_URL: api.url,
  });
  await s.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await s.close();
  await api.close();
});

describe('a campaign through Twilio', () => {
  it('places the calls through the API and fills the call log from the signed callbacks', async () => {
    const group = await createGroup(s.database.db, { features: ['simulate'] });
    const admin = await createUser(s.database.db, { groups: [group], role: 'admin' });
    const headers = authHeaders((await signIn(s.app, admin.email)).token, group.id);
    const scope = forGroup(s.database.db, group.id);
    await s.database.db.insert(configEntries).values(
      scope.rows(configEntries, [
        { key: 'SIMULATE_DIALLER_SID', value: ACCOUNT },
        { key: 'SIMULATE_DIALLER_TOKEN', value: TOKEN },
        { key: 'SIMULATE_CALLS_PER_SECOND', value: '10' },
        { key: 'SIMULATE_ALLOWED_TO_NUMBERS', value: JSON.stringify(Object.values(N)) },
      ]),
    );
    const campaign = await createCampaign(s, headers, {
      name: 'Through Twilio',
      totalCalls: 6,
      callsPerSecond: 5,
      callDuration: 2,
      noAnswerTimeout: 3,
      answerTreatment: '1w2',
    });
    const started = await startRun(s, headers, campaign.id, { description: 'Twilio run' });
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json<CampaignRun>();
    expect(run.dialler).toBe('twilio');
    await untilDone(s, headers, campaign.id, run.id);
    const stats = await getJson<CampaignRunStats>(
      s,
      headers,
      `/api/campaigns/${campaign.id}/runs/${run.id}/stats`,
    );
    expect(stats.counts).toMatchObject({ Successful: 2, Busy: 2, 'No Answer': 2, Pending: 0 });
    const calls = await getJson<CampaignCall[]>(
      s,
      headers,
      `/api/campaigns/${campaign.id}/runs/${run.id}/calls?size=10`,
    );
    const answered = calls.filter((c) => c.toNumber === N.answer);
    for (const c of answered) {
      expect(c.callSid).toMatch(/^CA/);
      expect(c.inProgressAt).not.toBeNull();
      expect(c.recordingUrl).not.toBeNull();
    }
    // Twilio received our numbers and the treatment as digits.
    expect(api.callTo(N.answer)?.params.From).toBe('+61255500000');
    const wav = await s.app.inject({
      method: 'GET',
      url: answered[0]?.recordingUrl ?? '',
      headers,
    });
    expect(wav.statusCode).toBe(200);
    expect(wav.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  }, 30_000);
});
