import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import worldAtlas from 'world-atlas/countries-110m.json';
import worldAtlasUrl from 'world-atlas/countries-110m.json?url';
import type { RegionStat, RegionStats } from '@callsight/shared';
import '../../../test/setup.ts';
import { clearSession } from '../../../lib/session.ts';
import { paths } from '../../../lib/paths.ts';
import { GROUP_ID, jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { apiError, countedResponse, makeJob, uuid } from '../synthetic/test/factories.ts';

vi.mock('../../../components/charts/index.ts', async () => {
  const fakes = await import('../synthetic/test/fake-charts.tsx');
  const core = await import('../../../components/charts/echarts-core.ts');
  return { EChart: fakes.FakeEChart, echarts: core.echarts };
});

const { renderSynthetic } = await import('../synthetic/test/render-synthetic.tsx');
const { GsmStatusPage } = await import('./gsm-status-page.tsx');
const { regionPopup } = await import('../status/components/region-map.tsx');
const { echarts } = await import('../../../components/charts/echarts-core.ts');

const PATH = `/${GROUP_ID}/gsm/status`;
const REGIONS = 'GET /api/gsm/monitors/jobs/regions';
const JOBS = 'GET /api/gsm/monitors/jobs';
const query = (url: string) => new URL(url, 'http://localhost').searchParams;
const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;
const atlas = JSON.stringify(worldAtlas);

function region(over: Partial<RegionStat>): RegionStat {
  return {
    role: 'connect',
    region: 'Sydney',
    jobs: 12,
    finished: 12,
    completed: 12,
    completedPercentage: 100,
    cxScore: 9.8,
    axScore: 9.6,
    networkScore: 10,
    lastJobOn: '2026-03-01T10:00:00.000Z',
    health: 'green',
    ...over,
  };
}

const STATS: RegionStats = {
  from: '2026-03-01T06:00:00.000Z',
  to: '2026-03-01T10:00:00.000Z',
  regions: [
    region({}),
    region({ role: 'agent', region: 'Sydney', jobs: 6, finished: 6, completed: 6 }),
    region({
      role: 'agent',
      region: 'Mumbai',
      jobs: 6,
      finished: 5,
      completed: 3,
      completedPercentage: 60,
      networkScore: 6.5,
      health: 'red',
    }),
  ],
};

const monitorJob = (n: number, over: Parameters<typeof makeJob>[0] = {}) =>
  makeJob({ jobId: uuid(n), kind: 'monitor', heartbeatId: null, monitorId: uuid(100), ...over });

function api(regions: () => Response = () => jsonResponse(200, STATS)) {
  return mockApi({
    [`GET ${worldAtlasUrl}`]: () => new Response(atlas, { status: 200 }),
    [REGIONS]: regions,
    [JOBS]: (_init, url) =>
      query(url).get('agentRegions') === 'Mumbai'
        ? countedResponse([monitorJob(7, { agentRegion: 'Mumbai', status: 'No Answer' })], 1)
        : countedResponse(
            [
              monitorJob(1, { agentRegion: 'Sydney' }),
              monitorJob(2, { agentRegion: 'Mumbai', status: 'Poor Call Quality' }),
            ],
            2,
          ),
  });
}

const row = (role: string, name: string) => {
  const found = document.querySelector<HTMLElement>(
    `[data-testid="status-region-row"][data-role="${role}"][data-region="${name}"]`,
  );
  if (!found) throw new Error(`no row for ${role} ${name}`);
  return found;
};

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('GsmStatusPage', () => {
  it("maps the monitors' regions of the last 4 hours, tells their health in words and samples the latest jobs", async () => {
    const calls = api().calls;
    renderSynthetic(paths.gsmStatus.path, <GsmStatusPage />, PATH);
    expect(screen.getByRole('heading', { name: 'GSM Status Map' })).toBeTruthy();
    await waitFor(() => row('agent', 'Mumbai'));
    expect(screen.getByText('Last 4 hours')).toBeTruthy();
    const asked = query(calls.find((c) => c.url.includes('/jobs/regions'))?.url ?? '');
    const hours = (Date.now() - Date.parse(asked.get('fromTime') ?? '')) / 3600_000;
    expect([Math.round(hours), asked.get('toTime')]).toEqual([4, 'now']);

    // The world-atlas countries are registered as the map, which draws both kinds of region.
    const map = await screen.findByRole('figure', { name: /World map of the regions/ });
    expect(map.textContent).toBe('Connect regions, Agent regions, Impaired');
    expect(echarts.getMap('world')?.geoJSON).toMatchObject({ type: 'FeatureCollection' });

    expect(row('agent', 'Mumbai').dataset.health).toBe('red');
    expect(within(row('agent', 'Mumbai')).getByText('60%')).toBeTruthy();
    expect(within(row('agent', 'Mumbai')).getByText('9.8 / 9.6 / 6.5')).toBeTruthy();
    expect(within(row('agent', 'Mumbai')).getByText('Impaired')).toBeTruthy();
    expect(row('agent', 'Sydney').dataset.health).toBe('green');
    expect(within(row('connect', 'Sydney')).getByText('Healthy')).toBeTruthy();

    // The latest jobs, the scored ones with their report.
    await waitFor(() => expect(screen.getAllByTestId('status-latest-job-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('status-latest-job-row');
    expect(within(first as HTMLElement).getByText('Completed')).toBeTruthy();
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Report' })
        .getAttribute('href'),
    ).toBe(paths.gsmJobReport.getHref(GROUP_ID, uuid(1)));
    expect(within(second as HTMLElement).getByText('Poor Call Quality')).toBeTruthy();
    expect(within(second as HTMLElement).getByRole('link', { name: 'Report' })).toBeTruthy();
    const latest = query(calls.find((c) => c.url.includes('/monitors/jobs?'))?.url ?? '');
    expect(latest.get('size')).toBe('10');
  });

  it('picks a region from its row: its latest jobs, in the URL, until the filter is removed', async () => {
    const calls = api().calls;
    const { router } = renderSynthetic(paths.gsmStatus.path, <GsmStatusPage />, PATH);
    await waitFor(() => row('agent', 'Mumbai'));
    fireEvent.click(within(row('agent', 'Mumbai')).getByText('Mumbai'));
    await screen.findByRole('heading', { name: 'Latest jobs: Mumbai (agent region)' });
    expect(router.state.location.search).toContain('region=Mumbai');
    expect(router.state.location.search).toContain('regionType=agent');
    await screen.findByText('No Answer');
    expect(query(calls.at(-1)?.url ?? '').get('agentRegions')).toBe('Mumbai');
    // No Answer: no report.
    const noAnswer = screen.getAllByTestId('status-latest-job-row');
    expect(noAnswer).toHaveLength(1);
    expect(within(noAnswer[0] as HTMLElement).queryByRole('link', { name: 'Report' })).toBeNull();

    const chip = screen.getByText('Agent: Mumbai').closest('.MuiChip-root') as HTMLElement;
    fireEvent.click(within(chip).getByTestId('CancelIcon'));
    await screen.findByRole('heading', { name: 'Latest jobs' });
    expect(router.state.location.search).not.toContain('region=');
  });

  it('says when the regions cannot be loaded', async () => {
    api(() => apiError(500, 'down'));
    renderSynthetic(paths.gsmStatus.path, <GsmStatusPage />, PATH);
    await waitFor(() =>
      expect(snackbar()).toBe('An error occurred while retrieving the region status.'),
    );
    expect(await screen.findAllByText('No data Found')).toBeTruthy();
  });
});

describe('regionPopup', () => {
  it('gives the figures of a region, with - where none were measured', () => {
    const el = document.createElement('div');
    el.innerHTML = regionPopup(
      region({
        role: 'agent',
        region: 'Mumbai <3>',
        jobs: 4,
        finished: 3,
        completedPercentage: 66.7,
        cxScore: 8.5,
        axScore: null,
        networkScore: 6,
        health: 'yellow',
      }),
    );
    expect(el.textContent).toBe(
      [
        'Mumbai <3> (agent region)',
        'HealthDegraded',
        'Jobs4 (3 finished)',
        'Completed66.7%',
        'Mean CX / AX / Network8.5 / - / 6',
        `Last Job${el.textContent?.match(/\d\d-\d\d-\d{4} \d\d:\d\d:\d\d/)?.[0] ?? '?'}`,
      ].join(''),
    );
  });
});
