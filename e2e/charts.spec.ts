import type { FrameLocator, Page, Response } from '@playwright/test';
import { DASHBOARD_DEFAULT_FILTER, decodeFilter, encodeFilter } from '@callsight/shared';
import { expect, test } from './support/test.ts';
import { ACCOUNTS, submitLogin } from './support/auth.ts';
import { createApiKey, createTestGroup, ingest, restoreSuperGroup } from './support/api.ts';

/**
 * Charts that tell the truth at every range (issue 34): Home and the canvas dashboards over
 * calls sent through the ingestion API into a group of this spec's own, at 15 minutes, 1 day,
 * 7 days and 30 days. Each chart type is checked on what it draws: the values in its ECharts
 * option against the API's answer and the calls sent, an x axis that is exactly the window,
 * no stacked averages, "No data" rather than a zero, and no two texts of a chart on top of each
 * other (charts draw SVG, so every label is an element with a box). Dragging across a time
 * series zooms the page's range, in its address; Zoom out goes back.
 */

const RUN = Date.now().toString(36);
const SHOTS = process.env.E2E_SCREENSHOTS;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** A zone with a half-hour offset: day buckets and ticks are the viewer's, not UTC's. */
const TIME_ZONE = 'Australia/Adelaide';
test.use({ timezoneId: TIME_ZONE, viewport: { width: 1440, height: 1000 } });

const AGENTS = [
  'alexandra.supervisor@charts-e2e.example',
  'bo@charts-e2e.example',
  'catherine.long-name@charts-e2e.example',
];
const NETWORKS = ['wifi', 'ethernet', '5g', 'cellular', 'vpn'];
const COUNTRIES = ['Australia', 'New Zealand', 'Singapore'];
/** When each call started, before the spec's start: most recent first. */
const AGES = [
  ...[1, 2, 3, 4, 5, 6].map((m) => m * MIN),
  ...[2, 5, 9, 14, 19].map((h) => h * HOUR),
  ...[2, 3, 4.5, 6].map((d) => d * DAY),
  ...[9, 13, 18, 22, 27].map((d) => d * DAY),
];
const START = Date.now();
const CALLS = AGES.map((age, i) => ({
  contactId: `charts-${RUN}-${i}`,
  agent: AGENTS[i % AGENTS.length] ?? 'bo@charts-e2e.example',
  startTime: START - age,
  endTime: START - age + 20_000,
  endedBy: i % 2 ? 'AGENT' : 'CUSTOMER',
  networkType: NETWORKS[i % NETWORKS.length] ?? 'wifi',
  agentCountry: COUNTRIES[i % COUNTRIES.length] ?? 'Australia',
  agentISP: i % 2 ? 'Fibre Co' : 'Cable Networks',
  mos: [4.4, 3.1, 3.9, 2.8, 4.2][i % 5] ?? 4,
  jitterMs: i % 4 === 0 ? 80 : 4,
  errors: i % 3,
}));

const RANGES = ['Last 15 minutes', 'Last day', 'Last 7 days', 'Last 30 days'] as const;
type Range = (typeof RANGES)[number];
const RANGE_MS: Record<Range, number> = {
  'Last 15 minutes': 15 * MIN,
  'Last day': DAY,
  'Last 7 days': 7 * DAY,
  'Last 30 days': 30 * DAY,
};

let groupId = '';
let superOriginalGroup = '';

/** The option of a chart as JSON (functions left out), axes and series as lists. */
interface Option {
  xAxis?: { type?: string; min?: number; max?: number; data?: string[]; name?: string }[];
  yAxis?: { type?: string; min?: number; max?: number; scale?: boolean }[];
  legend?: { type?: string; data?: unknown[] }[];
  series?: {
    type?: string;
    name?: string;
    stack?: string;
    barWidth?: number;
    data?: unknown[];
  }[];
  grid?: { left?: number; right?: number }[];
}

/** A chart's answer as the page read it: the request and the rows. */
interface Answer {
  request: { from: string; to: string; maxDataPoints?: number; timeZone?: string };
  data: {
    columns: { name: string; label: string }[];
    rows: (string | number | null)[][];
    intervalMs?: number;
  };
}

/** Every chart answer the page reads, by chart id (the latest). */
function collectAnswers(page: Page) {
  const answers = new Map<string, Answer>();
  const onResponse = async (response: Response) => {
    const match = /\/charts\/([^/]+)\/data$/.exec(new URL(response.url()).pathname);
    if (!match?.[1] || response.status() !== 200) return;
    try {
      answers.set(decodeURIComponent(match[1]), {
        request: response.request().postDataJSON() as Answer['request'],
        data: (await response.json()) as Answer['data'],
      });
    } catch {
      // A page closed while it read: nothing to compare.
    }
  };
  page.on('response', (r) => void onResponse(r));
  return answers;
}

type Scope = Page | FrameLocator;

/** A chart's card, by its title. */
const card = (scope: Scope, title: string) =>
  scope.getByRole('region', { name: title, exact: true });

/**
 * What a chart draws once loaded: its option, or null when it says "No data" (then nothing is
 * drawn).
 */
async function drawn(scope: Scope, title: string): Promise<Option | null> {
  const box = card(scope, title);
  const chart = box.locator('[_echarts_instance_]');
  const empty = box.getByTestId('chart-empty');
  await expect(chart.or(empty).first()).toBeVisible({ timeout: 30_000 });
  if (await empty.isVisible()) {
    await expect(empty).toHaveText('No data');
    return null;
  }
  // SVG text is drawn on the next frame after the option is set.
  await expect.poll(() => chart.locator('svg').count()).toBeGreaterThan(0);
  return chart.evaluate((el) => {
    const instance = (el as unknown as { __echarts?: { getOption(): unknown } }).__echarts;
    return JSON.parse(JSON.stringify(instance?.getOption() ?? null)) as Option;
  });
}

/**
 * The texts of a chart whose boxes overlap another's (a tolerance of one pixel), or that run past
 * the chart's edges; each box cut to the clip paths above it (a paged legend clips the names it
 * scrolled away).
 */
async function overlappingTexts(scope: Scope, title: string): Promise<string[]> {
  return card(scope, title)
    .locator('[_echarts_instance_]')
    .evaluate((root) => {
      type Box = { left: number; top: number; right: number; bottom: number };
      const cut = (a: Box, b: Box): Box => ({
        left: Math.max(a.left, b.left),
        top: Math.max(a.top, b.top),
        right: Math.min(a.right, b.right),
        bottom: Math.min(a.bottom, b.bottom),
      });
      /** The screen box of a clip path as the element that names it uses it. */
      const clipBox = (user: SVGGraphicsElement, id: string): Box | null => {
        const shape = root.ownerDocument.getElementById(id)?.firstElementChild;
        const matrix = user.getScreenCTM();
        if (!(shape instanceof SVGGraphicsElement) || !matrix) return null;
        const b = shape.getBBox();
        const corners = [
          [b.x, b.y],
          [b.x + b.width, b.y + b.height],
        ].map(([x = 0, y = 0]) => new DOMPoint(x, y).matrixTransform(matrix));
        const xs = corners.map((p) => p.x);
        const ys = corners.map((p) => p.y);
        return {
          left: Math.min(...xs),
          top: Math.min(...ys),
          right: Math.max(...xs),
          bottom: Math.max(...ys),
        };
      };
      const visibleBox = (text: SVGTextElement): Box => {
        let box: Box = text.getBoundingClientRect();
        for (let n: Element | null = text; n && n !== root; n = n.parentElement) {
          const id = /url\(["']?#([^"')]+)/.exec(n.getAttribute('clip-path') ?? '')?.[1];
          const clip = id && n instanceof SVGGraphicsElement ? clipBox(n, id) : null;
          if (clip) box = cut(box, clip);
        }
        return box;
      };
      const boxes = [...root.querySelectorAll('svg text')]
        .filter((t): t is SVGTextElement => t instanceof SVGTextElement)
        .map((t) => ({ text: t.textContent ?? '', box: visibleBox(t) }))
        .filter(
          (t) =>
            t.text.trim() !== '' && t.box.right - t.box.left > 0 && t.box.bottom - t.box.top > 0,
        );
      const out: string[] = [];
      // The SVG is cut at the chart's edges: a text past them is not whole.
      const edge = root.getBoundingClientRect();
      for (const t of boxes)
        if (
          t.box.left < edge.left - 1 ||
          t.box.right > edge.right + 1 ||
          t.box.top < edge.top - 1 ||
          t.box.bottom > edge.bottom + 1
        )
          out.push(`"${t.text}" cut at the chart's edge`);
      boxes.forEach((a, i) =>
        boxes.slice(i + 1).forEach((b) => {
          const both = cut(a.box, b.box);
          if (both.right - both.left > 1 && both.bottom - both.top > 1)
            out.push(`"${a.text}" over "${b.text}"`);
        }),
      );
      return out;
    });
}

/** A picture of the dashboard in the frame, whole (the frame scrolls): the embed on its own. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  const src = await page.locator('[data-testid=dashboard-iframe]').getAttribute('src');
  if (!src) return;
  const view = await page.context().newPage();
  await view.goto(src);
  await expect(view.getByTestId('embedded-dashboard')).toBeVisible();
  await expect(view.locator('.MuiSkeleton-root')).toHaveCount(0, { timeout: 30_000 });
  await view.waitForTimeout(300);
  await view.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await view.close();
}

const shotName = (dashboard: string, range: Range) =>
  range === 'Last 15 minutes' || range === 'Last 30 days'
    ? `charts-${dashboard}-${range.replaceAll(' ', '-')}`
    : null;

const filterOf = (range: string) =>
  encodeURIComponent(encodeFilter({ ...DASHBOARD_DEFAULT_FILTER, range, autoRefresh: false }));

/** The calls of the spec that started in a window. */
const callsIn = (request: Answer['request']) =>
  CALLS.filter(
    (c) => c.startTime >= Date.parse(request.from) && c.startTime < Date.parse(request.to),
  );

const numbers = (values: unknown[] | undefined) =>
  (values ?? []).flatMap((v) => {
    const value = Array.isArray(v)
      ? (v[1] as unknown)
      : typeof v === 'object' && v
        ? (v as { value?: unknown }).value
        : v;
    return typeof value === 'number' ? [value] : [];
  });
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const close = (a: number, b: number) => Math.abs(a - b) < 0.011;

/**
 * A time series: the x axis is exactly the window asked for, the request carries the chart's
 * points and the viewer's zone, the drawn values are the answer's, averages are never stacked
 * and bars are as wide as 80 % of their bucket.
 */
function expectTimeSeries(option: Option, answer: Answer, range: Range, additive: boolean) {
  const [x] = option.xAxis ?? [];
  const from = Date.parse(answer.request.from);
  const to = Date.parse(answer.request.to);
  expect([x?.type, x?.min, x?.max]).toEqual(['time', from, to]);
  expect(to - from).toBe(RANGE_MS[range]);
  expect(answer.request.timeZone).toBe(TIME_ZONE);
  expect(answer.request.maxDataPoints).toBeGreaterThan(20);
  const interval = answer.data.intervalMs ?? 0;
  // Never one bucket wider than half the window (the day-wide bar on a 15-minute axis).
  expect(interval).toBeGreaterThan(0);
  expect(interval).toBeLessThanOrEqual((to - from) / 2);
  const series = option.series ?? [];
  const metricsFrom = answer.data.columns.findIndex((c) => c.name !== '__timestamp');
  const answered = answer.data.rows.flatMap((r) =>
    r.slice(metricsFrom).filter((v): v is number => typeof v === 'number'),
  );
  const shown = series.flatMap((s) => numbers(s.data));
  if (additive) expect(close(sum(shown), sum(answered))).toBe(true);
  else {
    for (const s of series) expect(s.stack).toBeUndefined();
    for (const v of shown) expect(answered.some((a) => close(a, v))).toBe(true);
  }
  for (const s of series.filter((s) => s.type === 'bar')) {
    const plot = 1440; // an upper bound: the page's width
    expect(s.barWidth ?? 0).toBeGreaterThanOrEqual(1);
    expect(s.barWidth ?? 0).toBeLessThanOrEqual(Math.max(1, (interval / (to - from)) * plot));
  }
}

test.describe.serial('charts at every range', () => {
  test.beforeAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    const created = await createTestGroup(request, {
      name: `E2E Charts ${RUN}`,
      customerName: `E2E Charts Customer ${RUN}`,
    });
    groupId = created.groupId;
    superOriginalGroup = created.superOriginalGroup;
    const apiKey = await createApiKey(request, created.session.headers, 'E2E charts');
    await ingest(
      request,
      apiKey,
      'calls',
      CALLS.map((c) => ({
        contactId: c.contactId,
        agent: c.agent,
        direction: 'INBOUND',
        startTime: c.startTime,
        endTime: c.endTime,
        endedBy: c.endedBy,
        networkType: c.networkType,
        agentCountry: c.agentCountry,
        agentISP: c.agentISP,
      })),
    );
    await ingest(
      request,
      apiKey,
      'samples',
      CALLS.flatMap((c) =>
        Array.from({ length: 20 }, (_, s) => ({
          contactId: c.contactId,
          timestamp: c.startTime + s * 1000,
          inbound: { mos: c.mos, packetsCount: 50, packetsLost: 0 },
          outbound: { mos: c.mos, packetsCount: 50, packetsLost: 0 },
          rttMs: 60,
          jitterMs: c.jitterMs,
        })),
      ),
    );
    await ingest(
      request,
      apiKey,
      'logs',
      CALLS.flatMap((c) => [
        ...Array.from({ length: c.errors }, (_, k) => ({
          time: c.startTime + 2000 + k * 1000,
          level: 'ERROR',
          agent: c.agent,
          contactId: c.contactId,
          text: k % 2 ? 'ICE connection failed' : 'Microphone not found',
        })),
        {
          time: c.startTime + 1000,
          level: 'INFO',
          agent: c.agent,
          contactId: c.contactId,
          text: 'Call connected',
        },
      ]),
    );
    await request.dispose();
  });

  test.afterAll(async ({ playwright, serverURL }) => {
    const request = await playwright.request.newContext({ baseURL: serverURL });
    await restoreSuperGroup(request, superOriginalGroup);
    await request.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await submitLogin(page, ACCOUNTS.super.email, ACCOUNTS.super.password);
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });

  test('the Overview draws its counts, averages, issues and score as measured, at every range', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const answers = collectAnswers(page);
    for (const range of RANGES) {
      answers.clear();
      await page.goto(`/${groupId}/canvas/default?filter=${filterOf(range)}`);
      const frame = page.frameLocator('[data-testid=dashboard-iframe]');

      // Big number: the calls sent in the window, counted.
      const callsCard = card(frame, 'Calls');
      await expect(callsCard.getByTestId('big-number-calls')).toBeVisible({ timeout: 30_000 });
      const calls = answers.get('calls');
      expect(calls).toBeDefined();
      const expected = callsIn(calls?.request ?? { from: '', to: '' }).length;
      expect(expected).toBeGreaterThan(0);
      await expect(callsCard.getByTestId('big-number-calls')).toHaveText(String(expected));

      // Bars of counts: the calls again, bucket by bucket.
      const perBucket = await drawn(frame, 'Calls over time');
      const barsAnswer = answers.get('calls-over-time') as Answer;
      expectTimeSeries(perBucket as Option, barsAnswer, range, true);
      expect(sum(numbers(perBucket?.series?.[0]?.data))).toBe(expected);

      // Lines of averages: the answer's values, never stacked, gaps where nothing was measured.
      const mos = await drawn(frame, 'MOS over time');
      expectTimeSeries(mos as Option, answers.get('mos-over-time') as Answer, range, false);
      expect(mos?.series?.map((s) => s.name)).toEqual(['MOS', 'Lowest MOS']);

      // Reported issues: counts of each tag, stacked; the pie shares them.
      const issues = await drawn(frame, 'Reported issues');
      const shares = await drawn(frame, 'Issues by kind');
      if (issues) {
        expectTimeSeries(issues, answers.get('issues') as Answer, range, true);
        const stacks = new Set(issues.series?.map((s) => s.stack));
        if ((issues.series?.length ?? 0) > 1) expect([...stacks]).toEqual(['total']);
        expect(sum(numbers(shares?.series?.[0]?.data))).toBe(
          sum(issues.series?.flatMap((s) => numbers(s.data)) ?? []),
        );
      } else expect(shares).toBeNull();

      // The gauge: the average score as answered, on a 0-10 dial; its texts apart.
      const score = await drawn(frame, 'Average Score');
      const answeredScore = answers.get('score')?.data.rows[0]?.[0];
      if (typeof answeredScore === 'number') {
        const value = (score?.series?.[0]?.data?.[0] as { value?: number }).value ?? -1;
        expect(close(value, answeredScore)).toBe(true);
        expect(score?.series?.[0]).toMatchObject({ type: 'gauge', max: 10 });
      } else expect(score).toBeNull();

      for (const title of [
        'Calls over time',
        'MOS over time',
        'Reported issues',
        'Issues by kind',
        'Average Score',
      ])
        if (await card(frame, title).locator('[_echarts_instance_]').count())
          expect(await overlappingTexts(frame, title), `${title} at ${range}`).toEqual([]);
      const shot = shotName('default', range);
      if (shot) await shoot(page, shot);
    }
  });

  test('Cohort Comparison draws averages side by side, never stacked', async ({ page }) => {
    test.setTimeout(240_000);
    const answers = collectAnswers(page);
    for (const range of RANGES) {
      answers.clear();
      await page.goto(`/${groupId}/canvas/comparison?filter=${filterOf(range)}`);
      const frame = page.frameLocator('[data-testid=dashboard-iframe]');
      const score = await drawn(frame, 'Score by country');
      if (score) {
        expectTimeSeries(score, answers.get('score-by-country') as Answer, range, false);
        // An average of 0-10 per country: no bar above 10 (stacked, they read up to 22).
        for (const v of score.series?.flatMap((s) => numbers(s.data)) ?? [])
          expect(v).toBeLessThanOrEqual(10);
      }
      for (const title of ['MOS by ISP', 'MOS by network type']) {
        const lines = await drawn(frame, title);
        if (lines)
          expectTimeSeries(
            lines,
            answers.get(
              title === 'MOS by ISP' ? 'mos-by-isp-over-time' : 'mos-by-network-over-time',
            ) as Answer,
            range,
            false,
          );
      }
      for (const title of ['Score by country', 'MOS by ISP', 'MOS by network type'])
        if (await card(frame, title).locator('[_echarts_instance_]').count())
          expect(await overlappingTexts(frame, title), `${title} at ${range}`).toEqual([]);
      const shot = shotName('comparison', range);
      if (shot) await shoot(page, shot);
    }
  });

  test('Logs and Errors: the error logs over time, by agent and by level agree', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const answers = collectAnswers(page);
    for (const range of RANGES) {
      answers.clear();
      await page.goto(`/${groupId}/canvas/logserrors?filter=${filterOf(range)}`);
      const frame = page.frameLocator('[data-testid=dashboard-iframe]');
      const overTime = await drawn(frame, 'Error logs over time');
      const byAgent = await drawn(frame, 'Error logs by agent');
      const byLevel = await drawn(frame, 'Log lines by level');
      const answer = answers.get('error-logs') as Answer;
      const errors = sum(callsIn(answer.request).map((c) => c.errors));
      if (errors === 0) {
        // No error logs: "No data", not ten equal slices of nothing.
        expect(byAgent).toBeNull();
      } else {
        expect(sum(overTime?.series?.flatMap((s) => numbers(s.data)) ?? [])).toBe(errors);
        expect(sum(numbers(byAgent?.series?.[0]?.data))).toBe(errors);
      }
      if (overTime) expectTimeSeries(overTime, answer, range, true);
      if (byLevel) expectTimeSeries(byLevel, answers.get('log-levels') as Answer, range, true);
      for (const title of ['Error logs over time', 'Error logs by agent', 'Log lines by level'])
        if (await card(frame, title).locator('[_echarts_instance_]').count())
          expect(await overlappingTexts(frame, title), `${title} at ${range}`).toEqual([]);
      const shot = shotName('logserrors', range);
      if (shot) await shoot(page, shot);
    }
  });

  test('Call Overview and Technology: histogram, heatmap, box plot and pies as answered', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const answers = collectAnswers(page);
    for (const range of RANGES) {
      answers.clear();
      await page.goto(`/${groupId}/canvas/calloverview?filter=${filterOf(range)}`);
      let frame = page.frameLocator('[data-testid=dashboard-iframe]');
      const histogram = await drawn(frame, 'MOS distribution');
      const bins = answers.get('mos-histogram') as Answer;
      expect(numbers(histogram?.series?.[0]?.data)).toEqual(bins.data.rows.map((r) => r[2]));
      // Bin labels without float noise: at most two decimals.
      for (const label of histogram?.xAxis?.[0]?.data ?? [])
        expect(label).toMatch(/^[\d.,]+–[\d.,]+$/);
      for (const label of histogram?.xAxis?.[0]?.data ?? []) expect(label).not.toMatch(/\.\d{3,}/);
      const heatmap = await drawn(frame, 'Calls by time and agent');
      const cells = answers.get('calls-heatmap') as Answer;
      expect(sum(numbers((heatmap?.series?.[0]?.data ?? []).map((c) => (c as number[])[2])))).toBe(
        callsIn(cells.request).length,
      );
      for (const title of ['MOS distribution', 'Calls by time and agent'])
        expect(await overlappingTexts(frame, title), `${title} at ${range}`).toEqual([]);
      const shot = shotName('calloverview', range);
      if (shot) await shoot(page, shot);

      answers.clear();
      await page.goto(`/${groupId}/canvas/technology?filter=${filterOf(range)}`);
      frame = page.frameLocator('[data-testid=dashboard-iframe]');
      const boxes = await drawn(frame, 'MOS by ISP');
      const stats = answers.get('mos-by-isp') as Answer;
      expect(boxes?.xAxis?.[0]?.data).toEqual(stats.data.rows.map((r) => r[0]));
      const networks = await drawn(frame, 'Network types');
      expect(sum(numbers(networks?.series?.[0]?.data))).toBe(
        callsIn((answers.get('network-types') as Answer).request).length,
      );
      for (const title of ['MOS by ISP', 'Network types', 'Browsers', 'RTT by network type'])
        if (await card(frame, title).locator('[_echarts_instance_]').count())
          expect(await overlappingTexts(frame, title), `${title} at ${range}`).toEqual([]);
      const technology = shotName('technology', range);
      if (technology) await shoot(page, technology);
    }
  });

  test('Home draws its sections at every range, legends and labels that fit', async ({ page }) => {
    test.setTimeout(240_000);
    const answers = collectAnswers(page);
    for (const range of RANGES) {
      answers.clear();
      await page.goto(`/${groupId}/home?filter=${encodeURIComponent(encodeFilter({ range }))}`);
      await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
      const issues = await drawn(page, 'Reported issues');
      if (issues) expectTimeSeries(issues, answers.get('issues') as Answer, range, true);
      const mos = await drawn(page, 'MOS over time');
      expectTimeSeries(mos as Option, answers.get('tech-mos') as Answer, range, false);
      const networks = await drawn(page, 'Network types');
      expect(sum(numbers(networks?.series?.[0]?.data))).toBe(
        callsIn((answers.get('tech-networks') as Answer).request).length,
      );
      // Five network types: a legend laid out in rows, never paged.
      if ((networks?.series?.[0]?.data?.length ?? 0) >= 4)
        expect(networks?.legend?.[0]?.type).toBe('plain');
      const agents = await drawn(page, 'Agents sending telemetry');
      expectTimeSeries(agents as Option, answers.get('coverage-agents') as Answer, range, false);
      for (const title of [
        'Reported issues',
        'Issues by kind',
        'MOS over time',
        'Network types',
        'Average score',
        'Who ended the call',
        'Agents sending telemetry',
      ])
        if (await card(page, title).locator('[_echarts_instance_]').count())
          expect(await overlappingTexts(page, title), `${title} at ${range}`).toEqual([]);
      const shot = shotName('home', range);
      if (SHOTS && shot) await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
    }
  });

  test('dragging across a time series zooms the range in the address; Zoom out goes back', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const rangeInUrl = () => decodeFilter(new URL(page.url()).searchParams.get('filter')).range;

    // A canvas dashboard, in its frame.
    await page.goto(`/${groupId}/canvas/default?filter=${filterOf('Last 7 days')}`);
    const frame = page.frameLocator('[data-testid=dashboard-iframe]');
    const before = await drawn(frame, 'Calls over time');
    const chart = card(frame, 'Calls over time').locator('[data-zoomable]');
    const box = await chart.boundingBox();
    if (!box || !before) throw new Error('no chart to drag across');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.3, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, y, { steps: 8 });
    await page.mouse.up();
    await expect.poll(rangeInUrl).toMatch(/^\d{4}-.*Z\/\d{4}-.*Z$/);
    const [fromText = '', toText = ''] = (rangeInUrl() ?? '').split('/');
    const zoomed = { from: Date.parse(fromText), to: Date.parse(toText) };
    const window = { from: before.xAxis?.[0]?.min ?? 0, to: before.xAxis?.[0]?.max ?? 0 };
    expect(zoomed.from).toBeGreaterThan(window.from);
    expect(zoomed.to).toBeLessThan(window.to);
    // The charts redraw over the stretch: their axis is exactly it.
    await expect
      .poll(async () => (await drawn(frame, 'Calls over time'))?.xAxis?.[0]?.min)
      .toBe(zoomed.from);
    expect((await drawn(frame, 'Calls over time'))?.xAxis?.[0]?.max).toBe(zoomed.to);
    await expect(frame.getByTestId('zoomed-range')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/charts-zoomed.png`, fullPage: true });
    await frame.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(rangeInUrl).toBe('Last 7 days');
    await expect(frame.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Home, in the page itself.
    await page.goto(
      `/${groupId}/home?filter=${encodeURIComponent(encodeFilter({ range: 'Last 30 days' }))}`,
    );
    const homeChart = card(page, 'MOS over time').locator('[data-zoomable]');
    await drawn(page, 'MOS over time');
    const homeBox = await homeChart.boundingBox();
    if (!homeBox) throw new Error('no chart to drag across');
    await page.mouse.move(homeBox.x + homeBox.width * 0.5, homeBox.y + homeBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(homeBox.x + homeBox.width * 0.9, homeBox.y + homeBox.height / 2, {
      steps: 8,
    });
    await page.mouse.up();
    await expect.poll(rangeInUrl).toMatch(/Z\/.*Z$/);
    await expect(
      page.getByText(/^Call quality across your contact centre, \d{2}-\d{2}-\d{4}/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(rangeInUrl).toBe('Last 30 days');
  });
});
