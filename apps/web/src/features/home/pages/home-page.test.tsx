import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DashboardSpec, Permission, Team } from '@callsight/shared';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
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

function open(permission: Permission, teams: Team[]) {
  setSession(makeToken({ claims: { permissions: [permission] } }));
  const handlers: Parameters<typeof mockApi>[0] = {
    'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
    'GET /api/dataRoles/me': () => jsonResponse(200, teams),
    [`POST /api/dataRoles/${teams[0]?.id ?? 'default'}/token/${HOME}`]: () =>
      jsonResponse(200, { token: 'home-token', expiresAt: Date.now() + 300_000 }),
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
  renderApp(`/${GROUP_ID}/home`);
  return mocked;
}

const section = (title: string) => screen.getByRole('region', { name: title });

afterEach(() => {
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
});
