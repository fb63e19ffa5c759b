import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRun, CampaignRunStats } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { freePort } from './support/free-port.ts';
import { skipWithout } from './support/peers.ts';
import {
  createCampaign,
  getJson,
  simulateTenant,
  startRun,
  untilDone,
} from './support/campaign-flow.ts';

/**
 * A campaign against an independent SIP implementation (issue 17): SIPp's built-in UAS scenario
 * answers; SIPp's own statistics must count what our call log counts. `.ci/run` installs SIPp
 * (Debian sip-tester); skipped where it is missing.
 */
const hasSipp = spawnSync('sipp', ['-v']).error === undefined;
const CALLS = 10;

/** The last line of SIPp's statistics file, by column name. */
function lastStats(dir: string): Record<string, string> {
  const file = readdirSync(dir).find((f) => f.endsWith('.csv'));
  if (!file) return {};
  const lines = readFileSync(join(dir, file), 'utf8').trim().split('\n');
  const head = (lines[0] ?? '').split(';');
  const last = (lines.at(-1) ?? '').split(';');
  return Object.fromEntries(head.map((h, i) => [h, last[i] ?? '']));
}

describe.skipIf(skipWithout(hasSipp, 'SIPp (sipp)'))('a campaign against SIPp', () => {
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
    const { admin } = await simulateTenant(s, { toNumbers: ['+61255509999'] });
    const campaign = await createCampaign(s, admin, {
      name: 'Against SIPp',
      toNumber: '+61255509999',
      totalCalls: CALLS,
      callsPerSecond: 5,
      callDuration: 3,
      noAnswerTimeout: 5,
      answerTreatment: '12#',
    });
    const started = await startRun(s, admin, campaign.id, { description: 'Interop' });
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json<CampaignRun>();
    const current = await untilDone(s, admin, campaign.id, run.id);
    expect(current.status).toBe('Complete');
    const stats = await getJson<CampaignRunStats>(
      s,
      admin,
      `/api/campaigns/${campaign.id}/runs/${run.id}/stats`,
    );
    expect(stats.counts.Successful).toBe(CALLS);

    expect(await exited).toBe(0); // SIPp's exit code: every call succeeded
    const sippStats = lastStats(statsDir);
    expect(Number(sippStats['SuccessfulCall(C)'])).toBe(stats.counts.Successful);
    expect(Number(sippStats['FailedCall(C)'])).toBe(stats.counts.Failed);
    expect(Number(sippStats['TotalCallCreated'])).toBe(CALLS);
  }, 30_000);
});
