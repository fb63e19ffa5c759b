import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { CallDetailSchema } from '@callsight/shared';
import { apiSession, ingest } from './support/api.ts';

/**
 * The demo softphone (/demo/softphone, issue 6): an agent's page with a group API key makes a
 * loopback WebRTC call whose seconds reach the ingestion API through the collector, and shows the
 * Agent Alert of a MOS watcher when a bad call of that agent is ingested.
 */

const RUN = Date.now().toString(36);
const AGENT = `e2e-softphone-${RUN}`;
const WORKFLOW = `E2E softphone alert ${RUN}`;
const BAD_CONTACT = `e2e-softphone-bad-${RUN}`;
const SHOTS = process.env.E2E_SCREENSHOTS;

/** A 10-second call of the agent whose every second has MOS 2.0 (below the 3.5 threshold). */
async function ingestBadCall(request: APIRequestContext, key: string) {
  const start = Date.now() - 20_000;
  await ingest(request, key, 'calls', [
    { contactId: BAD_CONTACT, agent: AGENT, direction: 'INBOUND', startTime: start },
  ]);
  const dir = { mos: 2.0, packetsCount: 50, packetsLost: 0 };
  await ingest(
    request,
    key,
    'samples',
    Array.from({ length: 10 }, (_, s) => ({
      contactId: BAD_CONTACT,
      timestamp: start + s * 1000,
      inbound: dir,
      outbound: dir,
      rttMs: 90,
      jitterMs: 6,
      agentStatus: 'Talk',
    })),
  );
}

let watcherId: string | null = null;

// The watcher would fire on other specs' bad calls of the demo group: it goes with this test.
test.afterEach(async ({ request }) => {
  if (!watcherId) return;
  const { groupId, headers } = await apiSession(request, 'admin');
  const res = await request.delete(`/api/groups/${groupId}/watchers/${watcherId}`, { headers });
  expect(res.status(), await res.text()).toBeLessThan(300);
  watcherId = null;
});

test('the demo softphone calls through the collector and shows a workflow agent alert', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { groupId, headers } = await apiSession(page.request, 'admin');

  // An admin's MOS watcher whose action alerts the call's agent.
  const watcher = await page.request.put(`/api/groups/${groupId}/watchers`, {
    headers,
    data: {
      workflowId: '-1',
      application: 'aws-connect',
      trigger: 'aws-connect-mos',
      triggerThreshold: { threshold: 3.5 },
      actions: [
        {
          type: 'agent-alert',
          messageType: 'Audio Issue',
          body: 'Poor audio on {{contactId}}: MOS {{value}}',
        },
      ],
      workflowName: WORKFLOW,
    },
  });
  expect(watcher.status(), await watcher.text()).toBeLessThan(300);
  watcherId = ((await watcher.json()) as { _id: string })._id;
  const key = await page.request.post('/api/config/token', {
    headers,
    data: { name: `softphone e2e ${RUN}` },
  });
  expect(key.status()).toBe(201);
  const { token: apiKey } = (await key.json()) as { token: string };

  // The agent opens the demo softphone (public: no sign-in) and starts a call.
  await page.goto(`/demo/softphone?agent=${encodeURIComponent(AGENT)}`);
  await expect(page.getByRole('heading', { name: 'Demo softphone' })).toBeVisible();
  await expect(page.getByLabel('Agent name')).toHaveValue(AGENT);
  await page.getByRole('button', { name: 'Start call' }).click();
  await expect(page.getByText('Enter a group API key')).toBeVisible();
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Start call' }).click();
  await expect(page.getByTestId('softphone-call-status')).toHaveText('In call');
  await expect(page.getByTestId('softphone-alert-status')).toHaveText('Listening for alerts');
  await expect(page.getByTestId('softphone-no-alerts')).toBeVisible();
  const contactId = (await page.getByTestId('softphone-contact-id').textContent()) ?? '';
  expect(contactId).toMatch(/^demo-/);

  // Hold and mute change the controls (and the collector's status of the next seconds).
  await page.getByRole('button', { name: 'Hold' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('button', { name: 'Mute' }).click();
  await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();
  const takenAtMute = await secondsTaken(page);

  // A bad call of this agent through the ingestion API: the watcher alerts the softphone.
  await ingestBadCall(page.request, apiKey);
  const alert = page.getByTestId('softphone-alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('Audio Issue');
  await expect(alert).toContainText(WORKFLOW);
  await expect(alert).toContainText(`Poor audio on ${BAD_CONTACT}: MOS 2`);
  await expect(page.getByTestId('snackbar')).toContainText(
    `Audio Issue: Poor audio on ${BAD_CONTACT}`,
  );
  if (SHOTS) {
    // The snackbar fades in: shoot it once fully shown.
    await expect(page.getByTestId('snackbar')).toHaveCSS('opacity', '1');
    await page.screenshot({ path: `${SHOTS}/softphone-alert.png`, fullPage: true });
  }

  // The page's own call: once it has taken two seconds muted, hang up; they reach the server.
  await expect.poll(() => secondsTaken(page)).toBeGreaterThanOrEqual(takenAtMute + 2);
  await page.getByRole('button', { name: 'Hang up' }).click();
  await expect(page.getByTestId('softphone-call-status')).toHaveText('No call');
  await expect(page.getByTestId('softphone-stats')).toContainText('queued 0');

  const detailRes = await page.request.get(
    `/api/viscall2/call/us-east-1/${encodeURIComponent(contactId)}`,
    { headers },
  );
  expect(detailRes.status()).toBe(200);
  const detail = CallDetailSchema.parse(await detailRes.json());
  expect(detail.seconds.length).toBeGreaterThanOrEqual(3);
  expect(detail.seconds.some((s) => s.inbound?.packetsCount)).toBe(true);
  expect(new Set(detail.seconds.map((s) => s.agentStatus))).toContain('On Mute');
  expect(detail.summary.hits.hits[0]?._source).toMatchObject({
    serviceAgent: { username: AGENT },
    contact: { direction: 'OUTBOUND', endedBy: 'AGENT', disconnectReason: 'AGENT_HUNGUP' },
  });

  // The firing is in the action history (written once the alert was published), for the agent.
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/groups/${groupId}/watchers/actions/history`, {
        headers,
      });
      return (await res.text()).includes(AGENT);
    })
    .toBe(true);
});

/** Seconds the page's collector has taken so far: those sent plus those waiting for a flush. */
async function secondsTaken(page: Page): Promise<number> {
  const text = (await page.getByTestId('softphone-stats').textContent()) ?? '';
  const n = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
  return n(/Seconds sent (\d+)/) + n(/queued (\d+)/);
}
