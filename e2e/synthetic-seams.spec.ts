import type { AudioHopLocation, ProbeResultInput } from '@callsight/shared';
import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { groupIdOf, signInAs } from './support/auth.ts';
import {
  apiSession,
  createApiKey,
  createTestGroup,
  json,
  restoreSuperGroup,
  type ApiSession,
} from './support/api.ts';

/**
 * Seams of the test-call screens (issue 33 §2), in Chromium: a campaign run's summary and
 * per-status table, the heartbeat logs' columns beside the sticky Actions column, a virtual
 * agent's heartbeat report (no agent legs, no score without a measure), the GSM report's memory
 * units and its transcription text when the speech-to-text engine is not installed. The
 * synthetic jobs come through the API, as a remote probe's: queued in Tokyo (left to remote
 * probes by PROBE_REMOTE_REGIONS in playwright.config.ts), claimed with the group's API key and
 * given a result; no synthetic test call is placed.
 */

const RUN = Date.now().toString(36);
const SHOTS = process.env.E2E_SCREENSHOTS;
const REGION = 'Tokyo';
const AGENTS = { measured: 'Billing Bot', unmeasured: 'Sydney Virtual Agent' } as const;

let groupId = '';
let superOriginalGroup = '';
const jobs = { measured: '', unmeasured: '', monitor: '' };

async function shot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/synthetic-seams-${name}.png`, fullPage: true });
}

const hop = (location: AudioHopLocation, score: number | null, wideband = false) => ({
  location,
  score,
  type: wideband ? 'wideband' : 'standard',
  reference: wideband ? 4.8 : 4.5,
  lossPercent: score === null ? null : ((4.5 - score) / 4.5) * 100,
  url: null,
  delayMs: score === null ? null : 40,
  waveform: score === null ? null : { reference: [-0.5, 0.5, -0.4, 0.4], degraded: [-0.4, 0.4] },
});

/** The transcription of a probe without pocketsphinx. */
const notInstalled = (jobId: string) => ({
  transcriptionJobName: jobId,
  languageCode: 'en-US',
  engine: 'not available',
  available: false,
  asrEvaluation: null,
  unavailableReason: 'notInstalled' as const,
});

/**
 * A completed call's result as a probe posts it: the customer leg's hops and network measured.
 * `olderProbe` posts what a probe of before issue 33 did for a call whose network it did not
 * measure: a Network score of 10 and no network measure.
 */
function result(
  jobId: string,
  opts: { agent: 'virtual' | 'human'; olderProbe?: boolean },
): ProbeResultInput {
  const end = Date.now();
  const human = opts.agent === 'human';
  const network = opts.olderProbe ? null : { jitterMs: 2.4, packetLossPercent: 0.3, rttMs: 38 };
  return {
    status: 'Completed',
    message: null,
    startedAt: new Date(end - 14_000).toISOString(),
    endedAt: new Date(end).toISOString(),
    diallerCallId: `e2e-dialler-${jobId.slice(0, 8)}`,
    receiverCallId: `e2e-ccaas-${jobId.slice(0, 8)}`,
    callContactId: `e2e-contact-${jobId.slice(0, 8)}`,
    carrier: 'Telstra',
    mos: 4.31,
    cxScore: 10,
    axScore: 10,
    networkScore: 10,
    details: {
      polqaScores: [
        hop('dialler_to_connect', 4.26),
        hop('connect_to_dialler', 4.35),
        hop('agent_to_connect', human ? 4.5 : null, true),
        hop('connect_to_agent', human ? 4.6 : null, true),
      ],
      audioLatency: [
        { recordingType: 'echo', averageLatencyMs: 182 },
        { recordingType: 'connect', averageLatencyMs: 61 },
      ],
      pstnLatencyMs: 121,
      transcription: notInstalled(jobId),
      softphoneEvents: {
        connected: new Date(end - 12_000).toISOString(),
        accepted: new Date(end - 12_000).toISOString(),
        ended: new Date(end).toISOString(),
      },
      softphoneSummary: human
        ? {
            agentISP: 'Telstra Internet',
            agentLocalIPAddress: '10.20.0.5',
            agentExternalIPAddress: '203.0.113.20',
            browser: { name: 'Chrome', version: '126' },
            agentCountry: 'Australia',
            agentRegion: 'Sydney',
            networkType: 'ethernet',
            networkPerformanceMetrics: {
              jitter: { min: 1, max: 4, avg: 2.4 },
              packetLoss: { min: 0, max: 1, avg: 0.3 },
              outboundPacketLossPercentage: { min: 0, max: 0.5, avg: 0.1 },
              rtt: { min: 30, max: 45, avg: 38 },
              mos: { min: 4.2, max: 4.4, avg: 4.3 },
            },
            system: {
              cpu: { min: 20, max: 40, avg: 31, model: 'Intel Core i5' },
              memory: { min: 54, max: 61, avg: 57, total: 16_384 },
            },
            iceServers: [{ turnIpAddress: '198.51.100.7', port: 3478 }],
          }
        : null,
      contactTraceSummary: { SystemEndpoint: { Address: '+61290002000' } },
      ...(network ? { network } : {}),
      telephony: {
        sipCode: 200,
        sipReason: 'OK',
        postDialDelayMs: 180,
        ringingMs: 1000,
        answerTimeSec: 0.4,
        durationSec: 12,
      },
      message: null,
    },
    stats: [],
    measures: {
      mos: 4.31,
      audioLatency: 182,
      ...(network
        ? { jitter: network.jitterMs, packetLoss: network.packetLossPercent, rtt: network.rttMs }
        : {}),
    },
    recordings: {},
  };
}

/** Claims every queued job of the group in Tokyo as a remote probe: their ids by agent. */
async function claimAll(request: APIRequestContext, apiKey: string, count: number) {
  const claimed: { id: string; kind: string; agentId: string | null }[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/probes/claim', {
          headers: { authorization: `Bearer ${apiKey}` },
          data: { region: REGION, probeId: `e2e-probe-${RUN}` },
        });
        if (res.status() === 200) {
          const { job } = await json<{ job: (typeof claimed)[number] }>(res);
          claimed.push(job);
        }
        return claimed.length;
      },
      { timeout: 30_000, intervals: [200] },
    )
    .toBe(count);
  return claimed;
}

async function post(request: APIRequestContext, apiKey: string, jobId: string, body: object) {
  const res = await request.post(`/api/probes/jobs/${jobId}/result`, {
    headers: { authorization: `Bearer ${apiKey}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(204);
}

async function setUp(request: APIRequestContext, session: ApiSession) {
  await json(
    await request.put('/api/config', {
      headers: session.headers,
      data: {
        entries: [
          { key: 'HEARTBEAT_ENABLED', value: true },
          { key: 'HEARTBEAT_TARGET_PHONE_NUMBERS', value: ['+61290002000'] },
          { key: 'HEARTBEAT_VIRTUAL_AGENT_NAMES', value: Object.values(AGENTS) },
          { key: 'HEARTBEAT_CONNECT_REGIONS', value: [REGION] },
        ],
      },
    }),
  );
  const apiKey = await createApiKey(request, session.headers, `E2E probe ${RUN}`);
  await json(
    await request.post('/api/gsm/heartbeat', {
      headers: session.headers,
      data: {
        sourcePhoneNumber: '+61290000300',
        targetPhoneNumber: '+61290002000',
        description: `E2E seams ${RUN}: a virtual agent from Tokyo, with a longer description`,
        agentType: 'VIRTUAL_AGENT',
        agentIds: Object.values(AGENTS),
        schedule: 0,
      },
    }),
  );
  await json(
    await request.post('/api/gsm/monitors', {
      headers: session.headers,
      data: {
        description: `E2E seams ${RUN}: Tokyo to Sydney agents`,
        connectRegions: [REGION],
        agentRegions: ['Sydney'],
      },
    }),
  );
  for (const job of await claimAll(request, apiKey, 3)) {
    if (job.kind === 'monitor') {
      jobs.monitor = job.id;
      await post(request, apiKey, job.id, result(job.id, { agent: 'human' }));
    } else if (job.agentId === AGENTS.measured) {
      jobs.measured = job.id;
      await post(request, apiKey, job.id, result(job.id, { agent: 'virtual' }));
    } else {
      jobs.unmeasured = job.id;
      await post(request, apiKey, job.id, result(job.id, { agent: 'virtual', olderProbe: true }));
    }
  }
}

test.describe('synthetic test screens', () => {
  test.beforeAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    const created = await createTestGroup(request, {
      name: `E2E Seams ${RUN}`,
      customerName: `E2E Seams Customer ${RUN}`,
    });
    groupId = created.groupId;
    superOriginalGroup = created.superOriginalGroup;
    await setUp(request, created.session);
    await request.dispose();
  });

  test.afterAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    await restoreSuperGroup(request, superOriginalGroup);
    await request.dispose();
  });

  test('heartbeat logs: each column scrolls into view clear of the sticky Actions column', async ({
    page,
  }) => {
    await signInAs(page, 'super');
    await page.goto(`/${groupId}/gsm/heartbeat/logs`);
    const table = page.getByTestId('heartbeat-logs');
    await expect(table.getByRole('row')).toHaveCount(3);
    await shot(page, 'heartbeat-logs');
    const actions = table.getByRole('columnheader', { name: 'Actions' });
    const headers = ['Network Score', 'Dialler Call ID', 'CCaaS Call ID', 'Status', 'Updated On'];
    for (const name of [...headers, 'Description', 'Carrier']) {
      const header = table.getByRole('columnheader', { name, exact: true });
      // As a keyboard user, find-in-page or a test runner brings it into view.
      await header.scrollIntoViewIfNeeded();
      const [box, sticky] = [await header.boundingBox(), await actions.boundingBox()];
      expect(box && sticky, name).toBeTruthy();
      // Nothing of the column sits under the Actions column, and its cells can be clicked.
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual((sticky?.x ?? 0) + 1);
    }
    await table.getByRole('gridcell', { name: 'Completed' }).first().click({ trial: true });
    await shot(page, 'heartbeat-logs-status');
  });

  test("heartbeat report of a virtual agent: each score with what it is made of, no agent leg, '-' without a measure", async ({
    page,
  }) => {
    await signInAs(page, 'super');
    const section = (name: string) => page.getByRole('region', { name, exact: true });
    await page.goto(`/${groupId}/gsm/heartbeat/jobs/${jobs.measured}/report`);
    await expect(section('Network Score').getByLabel('Network Score value')).toHaveText('10/10');
    // The network measures the score is made of: the call's (a virtual agent has no agent leg).
    await expect(section('Network Score')).toContainText('Jitter2.4 ms');
    await expect(section('Network Score')).toContainText('Packet Loss0.3%');
    await expect(section('Network Score')).toContainText('RTT38 ms');
    await expect(section('Network Score').getByText('Average Jitter')).toHaveCount(0);
    await expect(section('CX Score').getByText('Agent to Connect')).toHaveCount(0);
    await expect(section('AX Score').getByText('Connect to Agent')).toHaveCount(0);
    await shot(page, 'heartbeat-report-results');

    await page.getByRole('tab', { name: 'Audio Analytics' }).click();
    await expect(section('Connect to Dialler')).toBeVisible();
    await expect(section('Dialler to Connect')).toBeVisible();
    await expect(section('Agent to Connect')).toHaveCount(0);
    await expect(section('Connect to Agent')).toHaveCount(0);
    await expect(page.getByText('No data received')).toHaveCount(0);
    await shot(page, 'heartbeat-report-audio');

    // Posted by a probe of before issue 33 as Network 10, with no network measure: stored as none.
    await page.goto(`/${groupId}/gsm/heartbeat/jobs/${jobs.unmeasured}/report`);
    await expect(section('CX Score').getByLabel('CX Score value')).toHaveText('10/10');
    await expect(section('Network Score').getByLabel('Network Score value')).toHaveText('-');
    await shot(page, 'heartbeat-report-unmeasured');
  });

  test('GSM report: memory with its units, and why there is no transcription', async ({ page }) => {
    await signInAs(page, 'super');
    const section = (name: string) => page.getByRole('region', { name, exact: true });
    await page.goto(`/${groupId}/gsm/jobs/${jobs.monitor}/report?tab=network`);
    await expect(section('System')).toContainText('Memory (min / avg / max)54 % / 57 % / 61 %');
    await expect(section('System')).toContainText('Memory Total16 GB');
    await shot(page, 'gsm-report-network');

    await page.getByRole('tab', { name: 'Intelligence Quality' }).click();
    await expect(section('Transcription')).toContainText(
      'speech-to-text engine not installed: see README',
    );
    await shot(page, 'gsm-report-intelligence');
  });
});

test('campaign run view: the summary counts each group the per-status table shows', async ({
  page,
}) => {
  // Six calls to the demo group's answering numbers in turn: answered, busy, never answered,
  // 503, hung up early, answered (a few seconds on loopback).
  await signInAs(page, 'admin');
  const admin = await apiSession(page.request, 'admin', groupIdOf(page));
  const campaign = await json<{ id: string }>(
    await page.request.post('/api/campaigns', {
      headers: admin.headers,
      data: {
        type: 'fullload',
        name: `E2E seams ${RUN}`,
        fromNumber: '+61290000100',
        totalCalls: 6,
        callsPerSecond: 3,
        callDuration: 3,
        noAnswerTimeout: 2,
      },
    }),
  );
  const run = await json<{ id: string }>(
    await page.request.post(`/api/campaigns/${campaign.id}/runs/start`, {
      headers: admin.headers,
      data: { description: 'E2E seams run' },
    }),
  );
  const runUrl = `/api/campaigns/${campaign.id}/runs/${run.id}`;
  await expect
    .poll(
      async () =>
        (
          await json<{ isComplete: boolean }>(
            await page.request.get(runUrl, { headers: admin.headers }),
          )
        ).isComplete,
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
  await page.goto(`/${groupIdOf(page)}/campaign/view/${campaign.id}/${run.id}`);
  const table = page.getByRole('table', { name: 'Calls per status' });
  // The summary bar's Failed is the table's Failed group: the five statuses under it.
  await expect(page.getByTestId('summary-Successful')).toHaveText('Successful 2');
  await expect(page.getByTestId('summary-Failed')).toHaveText('Failed 4');
  await expect(table.getByRole('row', { name: /^Successful 2$/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^Failed 4$/ })).toBeVisible();
  for (const [status, n] of [
    ['Busy', 1],
    ['Cancelled', 0],
    ['No Answer', 1],
    ['Failed', 1],
    ['Premature', 1],
    ['Pending', 0],
  ] as const)
    await expect(table.getByRole('row', { name: new RegExp(`^${status} ${n}$`) })).toBeVisible();
  await shot(page, 'campaign-run-stats');
});
