import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CampaignRun, CampaignRunStats } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';

/**
 * A campaign against an independent SIP implementation (issue 17): SIPp's built-in UAS scenario
 * answers; SIPp's own statistics must count what our call log counts. `.ci/run` installs SIPp
 * (Debian sip-tester); skipped where it is missing.
 */
const hasSipp = spawnSync('sipp', ['-v']).error === undefined;
const CALLS = 10;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** The last line of SIPp's statistics file, by column name. */
function lastStats(dir: string): Record<string, string> {
  const file = readdirSync(dir).find((f) => f.endsWith('.csv'));
  if (!file) return {};
  const lines = readFileSync(join(dir, file), 'utf8').trim().split('\n');
  const head = (lines[0] ?? '').split(';');
  const last = (lines.at(-1) ?? '').split(';');
  return Object.fromEntries(head.map((h, i) => [h, last[i] ?? '']));
}

describe.skipIf(!hasSipp)('a campaign against SIPp', () => {
  let sipp: ChildProcess;
  let exited: Promise<number | null>;
  let port: number;
  let statsDir: string;
  let s: TestServer;

  beforeAll(async () => {
    port = await freePort();
    statsDir = mkdtempSync(join(tmpdir(), 'sipp-stats-'));
    // -m: SIPp exits once it has handled this many calls; -trace_stat: its counts to a CSV.
    sipp = spawn(
      'sipp',
      [
        '-sn',
        'uas',
        '-i',
        '127.0.0.1',
        '-p',
        String(port),
        '-m',
        String(CALLS),
        '-trace_stat',
        '-stf',
        join(statsDir, 'uas.csv'),
        '-fd',
        '1',
        '-nostdin',
      ],
      { stdio: 'ignore' },
    );
    exited = new Promise((resolve) => sipp.on('exit', (code) => resolve(code)));
    await new Promise((r) => setTimeout(r, 500));
    s = await startTestServer({ DIALLER_SIP_TRUNK: `127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await s.close();
    sipp.kill();
  });

  it('completes, and SIPp counts the calls our log counts', async () => {
    const group = await createGroup(s.database.db, { features: ['simulate'] });
    const admin = await createUser(s.database.db, { groups: [group], role: 'admin' });
    const superUser = await createUser(s.database.db, { groups: [group], isSuper: true });
    const headers = authHeaders((await signIn(s.app, admin.email)).token, group.id);
    const superHeaders = authHeaders((await signIn(s.app, superUser.email)).token, group.id);
    await s.app.inject({
      method: 'PUT',
      url: '/api/campaigns/configuration',
      headers: superHeaders,
      payload: {
        account: { cpsLimit: 10 },
        fromNumbers: ['+61255500000'],
        toNumbers: ['+61255509999'],
      },
    });
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers,
      payload: {
        type: 'fullload',
        name: 'Against SIPp',
        fromNumber: '+61255500000',
        toNumber: '+61255509999',
        totalCalls: CALLS,
        callsPerSecond: 5,
        callDuration: 3,
        noAnswerTimeout: 5,
        answerTreatment: '12#',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<Campaign>();
    const started = await s.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/runs/start`,
      headers,
      payload: { description: 'Interop' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json<CampaignRun>();
    let current = run;
    while (!current.isComplete) {
      await new Promise((r) => setTimeout(r, 250));
      current = (
        await s.app.inject({
          method: 'GET',
          url: `/api/campaigns/${campaign.id}/runs/${run.id}`,
          headers,
        })
      ).json<CampaignRun>();
    }
    expect(current.status).toBe('Complete');
    const stats = (
      await s.app.inject({
        method: 'GET',
        url: `/api/campaigns/${campaign.id}/runs/${run.id}/stats`,
        headers,
      })
    ).json<CampaignRunStats>();
    expect(stats.counts.Successful).toBe(CALLS);

    expect(await exited).toBe(0); // SIPp's exit code: every call succeeded
    const sippStats = lastStats(statsDir);
    expect(Number(sippStats['SuccessfulCall(C)'])).toBe(stats.counts.Successful);
    expect(Number(sippStats['FailedCall(C)'])).toBe(stats.counts.Failed);
    expect(Number(sippStats['TotalCallCreated'])).toBe(CALLS);
  }, 30_000);
});
