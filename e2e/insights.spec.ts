import { expect, test, type Page } from './support/test.ts';
import { apiToken, groupIdOf, signInAs } from './support/auth.ts';

/**
 * Heartbeat insights (issue 19) end to end: a finished test call is plotted on the scores
 * scatter, and clicking its point on the real ECharts canvas opens the job's report.
 */

const SHOTS = process.env.E2E_SCREENSHOTS;

/**
 * Where on the chart's canvas a clickable point is: ECharts sets the pointer cursor on its root
 * when the mouse is over a symbol, so the canvas is swept with mouse moves, in the page.
 */
async function findPoint(page: Page): Promise<{ x: number; y: number } | null> {
  return page.getByTestId('insights-scatter').evaluate((box) => {
    const canvas = box.querySelector('canvas');
    const root = canvas?.parentElement;
    if (!canvas || !root) return null;
    const r = canvas.getBoundingClientRect();
    for (let x = r.right - 4; x > r.left; x -= 4)
      for (let y = r.top + 4; y < r.bottom; y += 4) {
        canvas.dispatchEvent(
          new MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true }),
        );
        if (root.style.cursor === 'pointer') return { x, y };
      }
    return null;
  });
}

test('a finished heartbeat job is a point on the insights scatter; clicking it opens its report', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAs(page, 'admin');
  const group = groupIdOf(page);
  const { accessToken } = await apiToken(page, 'admin');
  const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': group };
  const created = await page.request.post('/api/gsm/heartbeat', {
    headers,
    data: {
      sourcePhoneNumber: '+61290000300',
      targetPhoneNumber: '+61290002000',
      description: `E2E insights ${Date.now().toString(36)}`,
      agentType: 'VIRTUAL_AGENT',
      agentIds: ['Billing Bot'],
      schedule: 0,
    },
  });
  expect(created.status()).toBe(201);
  const { heartbeatId } = (await created.json()) as { heartbeatId: string };
  let jobId = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/gsm/heartbeat/jobs?heartbeatId=${heartbeatId}`, {
          headers,
        });
        const [job] = (await res.json()) as { jobId: string; status: string }[];
        jobId = job?.jobId ?? '';
        return job?.status;
      },
      { timeout: 100_000, intervals: [1000] },
    )
    .toMatch(/^(Completed|Poor Call Quality)$/);

  await page.goto(`/${group}/gsm/heartbeat/insights`);
  const scatter = page.getByTestId('insights-scatter');
  await expect(scatter).toBeVisible();
  await expect(scatter).not.toHaveAttribute('data-points', '0');
  await expect(page.getByRole('tab', { name: /Telephony/ })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/insights-heartbeat.png`, fullPage: true });

  // A point of the chart (ours, or the demo's hourly test's): found on the canvas, clicked for real.
  await page.waitForTimeout(500); // the chart's entry animation
  const point = await findPoint(page);
  expect(point, 'a clickable point on the scatter').not.toBeNull();
  await page.mouse.click(point?.x ?? 0, point?.y ?? 0);
  await expect(page).toHaveURL(/\/gsm\/heartbeat\/jobs\/[0-9a-f-]{36}\/report$/);
  await expect(page.getByRole('heading', { name: 'Heartbeat Job Report' })).toBeVisible();
  const opened = new URL(page.url()).pathname.split('/').at(-2) ?? '';
  const report = await page.request.get(`/api/gsm/heartbeat/jobs/${opened}`, { headers });
  expect(report.status()).toBe(200);
  expect(jobId).not.toBe('');
});
