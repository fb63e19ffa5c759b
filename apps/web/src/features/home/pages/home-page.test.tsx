import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DashboardSpec, EnabledFeature, Permission, Team } from '@callsight/shared';
import '../../../test/setup.ts';
import {
  GROUP_ID,
  OTHER_GROUP_ID,
  activeTeamMock,
  jsonResponse,
  makeProfile,
  makeToken,
} from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';

const HOME = `home_${GROUP_ID}`;
const TEAM: Team = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Sales',
  conditions: [{ type: 'group1', operator: 'equals', value: 'Sales' }],
  dashboards: [`${GROUP_ID}_Technology-CallOverview`],
};
const SECTIONS = [
  'Reported Issues and Insights',
  'Technology CX Risk',
  'Operational CX Risk',
  'Collection Coverage',
];

/** Home's dashboard: one big number per section (ECharts needs a canvas jsdom lacks). */
const SPEC: DashboardSpec = {
  id: HOME,
  title: 'Home',
  defaultTimeRange: 'Last 28 days',
  nativeFilters: [],
  rows: SECTIONS.map((_, i) => ({
    cells: [
      {
        width: 12,
        chart: {
          id: `n${i}`,
          title: `Number ${i}`,
          vizType: 'big_number_total',
          datasetId: 'calls',
          metrics: [{ aggregate: 'COUNT', label: 'Calls' }],
          groupby: [],
          filters: [],
          rowLimit: 1,
        },
      },
    ],
  })),
};

type Handlers = Parameters<typeof mockApi>[0];
const homeToken = () => jsonResponse(200, { token: 'home-token', expiresAt: Date.now() + 300_000 });

/** Opens Home as `permission` in `teams`, with the session's `features` and its token answer. */
function open(
  permission: Permission,
  teams: Team[],
  options: { features?: EnabledFeature[]; token?: Handlers[string]; search?: string } = {},
) {
  setSession(
    makeToken({ claims: { permissions: [permission], features: options.features ?? [] } }),
  );
  const handlers: Handlers = {
    'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
    'GET /api/dataRoles/me': () => jsonResponse(200, teams),
    'GET /api/dataRoles/active': activeTeamMock(teams),
    [`POST /api/dataRoles/${teams[0]?.id ?? 'default'}/token/${HOME}`]: options.token ?? homeToken,
    [`GET /api/embed/dashboards/${HOME}`]: () => jsonResponse(200, SPEC),
  };
  SPEC.rows.forEach((_, i) => {
    handlers[`POST /api/embed/dashboards/${HOME}/charts/n${i}/data`] = () =>
      jsonResponse(200, {
        chartId: `n${i}`,
        columns: [{ name: 'calls', label: 'Calls', type: 'number' }],
        rows: [[i + 10]],
        truncated: false,
      });
  });
  const mocked = mockApi(handlers);
  renderApp(`/${GROUP_ID}/home${options.search ?? ''}`);
  return mocked;
}

const section = (title: string) => screen.getByRole('region', { name: title });
const tokenRequests = (calls: { method: string; url: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.endsWith(`/token/${HOME}`)).length;
const skeletons = (title: string) => section(title).querySelectorAll('.MuiSkeleton-root').length;
const askBox = () => screen.queryByRole('form', { name: 'Ask CX Copilot' });

afterEach(() => {
  vi.useRealTimers();
  delete window.Beacon;
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Home', () => {
  it("draws its four sections under the user's team, and offers a viewer only the dashboards a viewer may open", async () => {
    const { calls } = open('user:viewer', [TEAM]);
    expect(await screen.findByTestId('big-number-n3')).toBeTruthy();
    for (const [i, title] of SECTIONS.entries()) {
      expect(within(section(title)).getByTestId(`big-number-n${i}`).textContent).toBe(
        String(i + 10),
      );
      expect(within(section(title)).getByRole('button', { name: 'Learn More' })).toBeTruthy();
    }
    // Home opens under the team (restricted to Call Overview), with its rules.
    expect(calls.some((c) => c.url.endsWith(`/dataRoles/${TEAM.id}/token/${HOME}`))).toBe(true);
    // Collection Coverage is an admin dashboard: no Explore Dashboard for a viewer.
    expect(
      within(section('Collection Coverage')).queryByRole('link', { name: 'Explore Dashboard' }),
    ).toBeNull();
    expect(
      within(section('Technology CX Risk'))
        .getByRole('link', { name: 'Explore Dashboard' })
        .getAttribute('href'),
    ).toBe(`/${GROUP_ID}/canvas/technology`);
  });

  it("offers an admin every section's Explore Dashboard, Collection Coverage included", async () => {
    open('user:admin', []);
    await screen.findByTestId('big-number-n0');
    for (const title of SECTIONS)
      expect(within(section(title)).getByRole('link', { name: 'Explore Dashboard' })).toBeTruthy();
    expect(
      within(section('Collection Coverage'))
        .getByRole('link', { name: 'Explore Dashboard' })
        .getAttribute('href'),
    ).toBe(`/${GROUP_ID}/canvas/coverage`);
  });

  it.each(['garvis', 'garvis2'] as const)(
    'shows the CX Copilot ask box when the group has the %s flag',
    async (flag) => {
      open('user:viewer', [], { features: [{ group: GROUP_ID, feature: flag }] });
      await screen.findByTestId('big-number-n0');
      const form = askBox();
      expect(form).not.toBeNull();
      expect(
        within(form as HTMLElement).getByRole('textbox', { name: 'Ask CX Copilot' }),
      ).toBeTruthy();
    },
  );

  it('shows no ask box without a copilot flag of its own group', async () => {
    // Another group's copilot flags must not count for this one.
    open('user:viewer', [], {
      features: [
        { group: OTHER_GROUP_ID, feature: 'garvis' },
        { group: OTHER_GROUP_ID, feature: 'garvis2' },
      ],
    });
    await screen.findByTestId('big-number-n0');
    expect(askBox()).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Ask CX Copilot' })).toBeNull();
  });

  it('links the Explore section to the help centre, the API documentation and the blog', async () => {
    const beacon = vi.fn();
    window.Beacon = beacon;
    open('user:viewer', []);
    const explore = await screen.findByRole('region', { name: 'Explore Callsight' });
    const links = within(explore).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['API documentation', '/api/docs'],
      ['Callsight blog', 'https://callsight.dev/blog'],
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noreferrer');
    }
    // The help centre is Home's article in the help widget, not an address.
    fireEvent.click(within(explore).getByRole('button', { name: 'Help centre' }));
    expect(beacon).toHaveBeenCalledWith('article', 'callsight-home-dashboard', { type: 'sidebar' });
  });

  it('retries the dashboard token every 2 s with skeletons meanwhile, then draws the sections', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answered = 0;
    const { calls } = open('user:viewer', [], {
      token: () =>
        ++answered <= 3
          ? jsonResponse(503, { error: { code: 'UNAVAILABLE', message: 'BI is starting' } })
          : homeToken(),
    });
    await waitFor(() => expect(tokenRequests(calls)).toBe(1));
    for (const title of SECTIONS) expect(skeletons(title)).toBeGreaterThan(0);

    // Not before 2 s have passed.
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(tokenRequests(calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(tokenRequests(calls)).toBe(2));
    for (const title of SECTIONS) expect(skeletons(title)).toBeGreaterThan(0);
    expect(screen.queryByText(/could not be opened/)).toBeNull();

    for (const tries of [3, 4]) {
      await act(() => vi.advanceTimersByTimeAsync(2000));
      await waitFor(() => expect(tokenRequests(calls)).toBe(tries));
    }
    // The fourth try succeeds: every section draws its chart, the skeletons go.
    expect(await screen.findByTestId('big-number-n3')).toBeTruthy();
    for (const [i, title] of SECTIONS.entries()) {
      expect(within(section(title)).getByTestId(`big-number-n${i}`).textContent).toBe(
        String(i + 10),
      );
      expect(skeletons(title)).toBe(0);
    }
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(tokenRequests(calls)).toBe(4);
  });

  it('gives up after 10 tries and says the dashboards could not be opened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = open('user:viewer', [], {
      token: () => jsonResponse(503, { error: { code: 'UNAVAILABLE', message: 'BI is starting' } }),
    });
    await waitFor(() => expect(tokenRequests(calls)).toBe(1));
    for (let tries = 2; tries <= 10; tries++) {
      expect(screen.queryByText(/could not be opened/)).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(2000));
      await waitFor(() => expect(tokenRequests(calls)).toBe(tries));
    }
    await waitFor(() =>
      expect(screen.getAllByText(/^The dashboards could not be opened/)).toHaveLength(
        SECTIONS.length,
      ),
    );
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(tokenRequests(calls)).toBe(10);
    expect(screen.queryByTestId('big-number-n0')).toBeNull();
  });
  it('reads 28 days, or the range its address names (a stretch zoomed to on a chart)', async () => {
    const spans = (calls: { url: string; body: unknown }[]) =>
      calls
        .filter((c) => c.url.endsWith('/charts/n0/data'))
        .map((c) => {
          const body = c.body as { from: string; to: string; timeZone?: string };
          return [Date.parse(body.to) - Date.parse(body.from), body.timeZone];
        });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const first = open('user:viewer', []);
    await screen.findByTestId('big-number-n0');
    expect(screen.getByText('Call quality across your contact centre, last 28 days')).toBeTruthy();
    expect(spans(first.calls)).toEqual([[28 * 86_400_000, zone]]);
    cleanup();

    const zoomed = '2026-11-01T10:00:00.000Z/2026-11-01T12:00:00.000Z';
    const second = open('user:viewer', [], {
      search: `?filter=${encodeURIComponent(`range=${encodeURIComponent(zoomed)}`)}`,
    });
    await screen.findByTestId('big-number-n0');
    expect(
      screen.getByText(/^Call quality across your contact centre, 01-11-2026 \d{2}:\d{2} to /),
    ).toBeTruthy();
    expect(spans(second.calls)).toEqual([[2 * 3_600_000, zone]]);
  });
});
