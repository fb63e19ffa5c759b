import { expect, test } from './support/test.ts';
import { ACCOUNTS, submitLogin } from './support/auth.ts';
import { createApiKey, createTestGroup, ingest, json, restoreSuperGroup } from './support/api.ts';

/**
 * The modal CX copilot against calls sent through the real ingestion API into a group of its own
 * (garvis2 on, created by the super user): a question typed out with its table, a follow-up in
 * the same thread drawn as a chart, and the error texts.
 */

const RUN = Date.now().toString(36);
const MIN = 60_000;
const SHOTS = process.env.E2E_SCREENSHOTS;
const AGENTS = ['alice', 'bob', 'carol'].map((a) => `cop-${a}`);
/** Nine calls in the last 3 hours; agent i has MOS 4.2, 3.6 and 3.0 on all their calls. */
const CALLS = Array.from({ length: 9 }, (_, i) => ({
  contactId: `cop-${RUN}-${i}`,
  agent: AGENTS[i % 3] ?? 'cop-alice',
  minutesAgo: 10 + i * 17,
  seconds: 20,
  mos: [4.2, 3.6, 3.0][i % 3] ?? 4,
}));

let groupId = '';
const TRACE_ID = `${Date.now().toString(16).padStart(16, '0')}e2ec0b170700ffee`.slice(0, 32);
const ROOT_SPAN = '00000000000000b1';
let superOriginalGroup = '';

test.describe.serial('CX copilot', () => {
  test.beforeAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    const created = await createTestGroup(request, {
      name: `E2E Copilot ${RUN}`,
      customerName: `E2E Copilot Customer ${RUN}`,
      features: { garvis2: true, journeyExplorer: true },
    });
    groupId = created.groupId;
    superOriginalGroup = created.superOriginalGroup;
    const apiKey = await createApiKey(request, created.session.headers, 'E2E copilot');
    const now = Date.now();
    await ingest(
      request,
      apiKey,
      'calls',
      CALLS.map((c) => ({
        contactId: c.contactId,
        agent: c.agent,
        direction: 'INBOUND',
        startTime: now - c.minutesAgo * MIN,
        endTime: now - c.minutesAgo * MIN + c.seconds * 1000,
        agentISP: 'Fibre Co',
      })),
    );
    await ingest(
      request,
      apiKey,
      'samples',
      CALLS.flatMap((c) =>
        Array.from({ length: c.seconds }, (_, s) => ({
          contactId: c.contactId,
          timestamp: now - c.minutesAgo * MIN + s * 1000,
          inbound: { mos: c.mos, packetsCount: 50, packetsLost: 0 },
          outbound: { mos: c.mos, packetsCount: 50, packetsLost: 0 },
          rttMs: 50,
          jitterMs: 5,
        })),
      ),
    );
    const ns = (ms: number) => `${BigInt(ms) * 1_000_000n}`;
    const span = (id: string, name: string, fromMs: number, toMs: number, extra: object = {}) => ({
      traceId: TRACE_ID,
      spanId: id,
      ...(id === ROOT_SPAN ? {} : { parentSpanId: ROOT_SPAN }),
      name,
      kind: 1,
      startTimeUnixNano: ns(now - 30 * MIN + fromMs),
      endTimeUnixNano: ns(now - 30 * MIN + toMs),
      ...extra,
    });
    await json(
      await request.post('/v1/traces', {
        headers: { authorization: `Bearer ${apiKey}` },
        data: {
          resourceSpans: [
            {
              resource: {
                attributes: [{ key: 'service.name', value: { stringValue: 'cx-platform' } }],
              },
              scopeSpans: [
                {
                  scope: { name: 'e2e' },
                  spans: [
                    span(ROOT_SPAN, 'cx.journey', 0, 75_000, {
                      attributes: [{ key: 'cx.channel', value: { stringValue: 'voice' } }],
                    }),
                    span('00000000000000b2', 'cx.ivr', 0, 3_000),
                    span('00000000000000b3', 'cx.queue', 3_000, 33_000),
                    span('00000000000000b4', 'cx.agent.interaction', 33_000, 75_000, {
                      attributes: [
                        { key: 'cx.agent.username', value: { stringValue: 'cop-alice' } },
                      ],
                    }),
                  ],
                },
              ],
            },
          ],
        },
      }),
    );
    await request.dispose();
  });

  test.afterAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    await restoreSuperGroup(request, superOriginalGroup);
    await request.dispose();
  });

  test('answers a question typed out with a table, then a follow-up as a chart', async ({
    page,
  }) => {
    await submitLogin(page, ACCOUNTS.super.email, ACCOUNTS.super.password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await page.getByRole('button', { name: 'CX Copilot' }).click();
    const dialog = page.getByRole('dialog', { name: 'CX Copilot' });
    await expect(dialog).toBeVisible();

    // An empty ask is ignored: no question is added and nothing is sent.
    await dialog.getByRole('button', { name: 'Ask' }).click();
    await expect(dialog.getByTestId('copilot-question')).toHaveCount(0);

    const question = 'What was the average MOS by agent in the last 24 hours?';
    await dialog.getByLabel('Question').fill(question);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/garvis2/ask'));
    await dialog.getByLabel('Question').press('Enter');
    const reply = (await (await answered).json()) as { response: string; threadId: string };
    // Sorted by the measure, worst first, and saying how the question was read.
    expect(reply.response).toMatch(
      /^Here is the average MOS by agent in the last 24 hours, worst first: cop-carol \(3\), cop-bob \(3\.6\), cop-alice \(4\.2\)\.\n\nI read this as: average MOS; in the last 24 hours \(/,
    );

    await expect(dialog.getByTestId('copilot-question')).toHaveText(question);
    const first = dialog.getByTestId('copilot-reply').first();
    await expect(first.getByTestId('copilot-reply-text')).toHaveText(reply.response);
    const table = first.getByTestId('copilot-table');
    await expect(table.getByRole('row')).toHaveCount(4);
    // Each group with its count of calls.
    await expect(table.getByRole('row', { name: /^cop-alice 4\.2 \d+$/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /^cop-bob 3\.6 \d+$/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /^cop-carol 3 \d+$/ })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/copilot-table.png` });

    // The follow-up continues the thread and comes back as a chart, shown once typed out.
    const followUp = page.waitForRequest((r) => r.url().endsWith('/api/garvis2/ask'));
    await dialog.getByLabel('Question').fill('and by hour?');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    expect((await followUp).postDataJSON()).toMatchObject({
      question: 'and by hour?',
      threadId: reply.threadId,
    });
    const second = dialog.getByTestId('copilot-reply').nth(1);
    await expect(second).toHaveAttribute('data-typed', 'true');
    await expect(second.getByTestId('copilot-reply-text')).toContainText(
      'average MOS by hour in the last 24 hours',
    );
    await expect(second.getByTestId('copilot-chart').locator('canvas')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/copilot-chart.png` });

    // "Show me those calls" lists them and links to the explorer with the same range.
    await dialog.getByLabel('Question').fill('show me those calls');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    const third = dialog.getByTestId('copilot-reply').nth(2);
    await expect(third.getByTestId('copilot-reply-text')).toContainText('I found');
    await expect(third).toHaveAttribute('data-typed', 'true');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/copilot-calls.png` });
    await third.getByRole('link', { name: 'Open in the explorer' }).click();
    await expect(page).toHaveURL(/\/explorer\/calls\?from=/);
  });

  test('shows the spec texts when the ask fails or a chart cannot be drawn', async ({ page }) => {
    await submitLogin(page, ACCOUNTS.super.email, ACCOUNTS.super.password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    let call = 0;
    await page.route('**/api/garvis2/ask', async (route) => {
      call += 1;
      if (call === 1)
        return route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } });
      return route.fulfill({
        json: {
          response: 'Here is a chart.',
          artifacts: [{ type: 'chart', title: 'Broken', data: { series: 'not a list' } }],
          threadId: 't-1',
        },
      });
    });
    await page.getByRole('button', { name: 'CX Copilot' }).click();
    const dialog = page.getByRole('dialog', { name: 'CX Copilot' });
    await dialog.getByLabel('Question').fill('How many calls today?');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    await expect(dialog.getByTestId('copilot-error')).toHaveText(
      'Sorry, there was a problem! Try again.',
    );
    await dialog.getByLabel('Question').fill('Chart it');
    await dialog.getByRole('button', { name: 'Ask' }).click();
    await expect(dialog.getByTestId('copilot-chart-error')).toHaveText('Unable to render chart');
  });

  test('generates the journey’s AI summary once on the root span, then regenerates it', async ({
    page,
  }) => {
    await submitLogin(page, ACCOUNTS.super.email, ACCOUNTS.super.password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
    const generated = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/traces/${TRACE_ID}/ai-summary`) && r.request().method() === 'POST',
    );
    await page.goto(`/${groupId}/trace/${TRACE_ID}/span/${ROOT_SPAN}/ai-summary`);
    const first = (await (await generated).json()) as { threadId: string; response: string };
    const text = page.getByTestId('ai-summary-text');
    await expect(text).toContainText(
      'This voice journey (cx.journey) lasted 1m 15s across 4 spans',
    );
    await expect(text).toContainText(
      'Slow spans (we flag leaf spans, those without child spans, over 5 s): cx.queue (30s), cx.agent.interaction (42s).',
    );
    await expect(text).toContainText('Agent: cx.agent.interaction (agent cop-alice).');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ai-summary.png` });

    const again = page.waitForRequest(
      (r) => r.url().endsWith(`/api/traces/${TRACE_ID}/ai-summary`) && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Regenerate' }).click();
    expect((await again).postDataJSON()).toMatchObject({
      regenerate: true,
      threadId: first.threadId,
    });
    await expect(text).toHaveText(first.response);

    // A failing generation shows the spec text with a retry that works once the server answers.
    let fail = true;
    await page.route(`**/api/traces/${TRACE_ID}/ai-summary`, (route) =>
      route.request().method() === 'POST' && fail
        ? route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'x' } } })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await expect(page.getByTestId('ai-summary-error')).toContainText(
      'Error generating AI summary: HTTP error! status: 503',
    );
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(text).toHaveText(first.response);
  });
});
