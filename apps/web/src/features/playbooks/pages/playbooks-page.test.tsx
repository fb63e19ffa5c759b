import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  CallDetailAnswer,
  DashboardInfo,
  EnabledFeature,
  Permission,
  Team,
} from '@callsight/shared';
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

const NORTH = '33333333-3333-4333-8333-333333333333';
const SOUTH = '44444444-4444-4444-8444-444444444444';
const CALLS = `${GROUP_ID}_Technology-CallOverview`;
const OVERVIEW = `default_${GROUP_ID}`;

const DASHBOARDS: DashboardInfo[] = [
  { id: OVERVIEW, name: 'Overview', embeddedID: OVERVIEW },
  { id: CALLS, name: '', embeddedID: CALLS },
  { id: 'imported-1', name: 'Imported', embeddedID: 'imported-1' },
];
const team = (id: string, name: string, dashboards: string[]): Team => ({
  id,
  name,
  conditions: [{ type: 'group1', operator: 'equals', value: name }],
  dashboards,
});

/**
 * Opens `path` as a viewer (or `permissions`) in `teams`, `remembered` as the chosen team, with
 * the session's `features` (the group's embeddedCanvasApi flag unless told).
 */
function open(
  path: string,
  teams: Team[],
  remembered: string,
  permissions: Permission[] = ['user:viewer'],
  more: Parameters<typeof mockApi>[0] = {},
  features: EnabledFeature[] = [{ group: GROUP_ID, feature: 'embeddedCanvasApi' }],
) {
  setSession(
    makeToken({
      claims: {
        permissions,
        features,
      },
    }),
  );
  // After the session: its markers write currentRoleId too (see lib/storage.ts).
  localStorage.setItem('currentRoleId', remembered);
  const handlers: Parameters<typeof mockApi>[0] = {
    'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
    'GET /api/dashboards': () => jsonResponse(200, DASHBOARDS),
    'GET /api/dataRoles/me': () => jsonResponse(200, teams),
    'GET /api/dataRoles/active': activeTeamMock(
      teams,
      permissions.some((p) => p === 'user:admin' || p === 'user:super'),
    ),
    ...more,
  };
  for (const t of teams)
    for (const d of DASHBOARDS)
      handlers[`POST /api/dataRoles/${t.id}/token/${d.id}`] = () =>
        jsonResponse(200, { token: `token-of-${t.name}`, expiresAt: Date.now() + 300_000 });
  const mocked = mockApi(handlers);
  const app = renderApp(path);
  return { ...mocked, ...app };
}

const frameSrc = () => screen.getByTestId('dashboard-iframe').getAttribute('src') ?? '';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboards (playbooks)', () => {
  it("lists the current team's dashboards, with 'Dashboard {id}' for one without a name", async () => {
    open(
      `/${GROUP_ID}/playbooks`,
      [team(NORTH, 'North', []), team(SOUTH, 'South', [CALLS, 'imported-1'])],
      SOUTH,
    );
    const nav = await screen.findByRole('navigation', { name: 'Dashboards' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual([`Dashboard ${CALLS}`, 'Imported']),
    );
    // A viewer gets no Manage Access link.
    expect(screen.queryByRole('link', { name: 'Manage Access' })).toBeNull();
  });

  it.each(['user:viewer', 'user:admin'] as const)(
    'sends a %s to the group landing (/) when embeddedCanvasApi is off',
    async (permission) => {
      // Only another group has the flag: it must not count for this one.
      const { router } = open(
        `/${GROUP_ID}/playbooks`,
        [team(SOUTH, 'South', [])],
        SOUTH,
        [permission],
        {},
        [{ group: OTHER_GROUP_ID, feature: 'embeddedCanvasApi' }],
      );
      await waitFor(() => expect(router.state.location.pathname).toBe(`/${GROUP_ID}`));
      expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: 'Dashboards' })).toBeNull();
    },
  );

  it('tells a Group User, whose landing it is, that dashboards are off instead of looping', async () => {
    const { router } = open(
      `/${GROUP_ID}/playbooks`,
      [team(SOUTH, 'South', [])],
      SOUTH,
      ['user:user'],
      {},
      [],
    );
    expect(await screen.findByText('Dashboards are not enabled for this group.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/${GROUP_ID}/playbooks`);
    expect(screen.queryByRole('navigation', { name: 'Dashboards' })).toBeNull();
  });

  it.each(['user:admin', 'user:super'] as const)(
    "offers a %s 'Manage Access', with its 'Admin' badge, at {path}/roles",
    async (permission) => {
      const { router } = open(`/${GROUP_ID}/playbooks`, [team(SOUTH, 'South', [])], SOUTH, [
        permission,
      ]);
      const nav = await screen.findByRole('navigation', { name: 'Dashboards' });
      const link = await within(nav).findByRole('link', { name: 'Manage Access' });
      expect(link.getAttribute('href')).toBe(`/${GROUP_ID}/playbooks/roles`);
      expect(within(link.parentElement as HTMLElement).getByText('Admin')).toBeTruthy();
      fireEvent.click(link);
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(`/${GROUP_ID}/playbooks/roles`),
      );
    },
  );

  it.each(['user:viewer', 'user:user'] as const)(
    "offers a %s neither 'Manage Access' nor its 'Admin' badge",
    async (permission) => {
      open(`/${GROUP_ID}/playbooks`, [team(SOUTH, 'South', [CALLS])], SOUTH, [permission]);
      const nav = await screen.findByRole('navigation', { name: 'Dashboards' });
      // Once the list is drawn, the footer would be too.
      await within(nav).findByRole('link', { name: `Dashboard ${CALLS}` });
      expect(within(nav).queryByRole('link', { name: 'Manage Access' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Manage Access' })).toBeNull();
      expect(within(nav).queryByText('Admin')).toBeNull();
    },
  );

  it("switching team opens the dashboard with the new team's token, never the previous one's", async () => {
    const { calls } = open(
      `/${GROUP_ID}/playbooks/${CALLS}`,
      [team(NORTH, 'North', []), team(SOUTH, 'South', [])],
      NORTH,
    );
    await waitFor(() => expect(frameSrc()).toContain('token=token-of-North'));
    fireEvent.click(await screen.findByRole('button', { name: 'Team: North' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'South' }));
    await waitFor(() => expect(frameSrc()).toContain('token=token-of-South'));
    expect(localStorage.getItem('currentRoleId')).toBe(SOUTH);
    expect(
      calls.filter((c) => c.method === 'POST' && c.url.includes(`/dataRoles/${SOUTH}/token/`)),
    ).toHaveLength(1);

    // Back to North: North's token again, not South's.
    fireEvent.click(await screen.findByRole('button', { name: 'Team: South' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'North' }));
    await waitFor(() => expect(frameSrc()).toContain('token=token-of-North'));
  });

  it('sends a dashboard outside the team back to the list', async () => {
    const { router } = open(
      `/${GROUP_ID}/playbooks/${OVERVIEW}`,
      [team(SOUTH, 'South', [CALLS])],
      SOUTH,
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/${GROUP_ID}/playbooks/${CALLS}`),
    );
  });

  it("opens a call link of the frame over the dashboard, read through the dashboard's guest token", async () => {
    // A Group User: the session's call-detail API is not theirs; the dashboard's token is.
    const auth: (string | null)[] = [];
    const { calls, router } = open(
      `/${GROUP_ID}/playbooks/${CALLS}`,
      [team(SOUTH, 'South', [])],
      SOUTH,
      ['user:user'],
      {
        [`GET /api/embed/dashboards/${CALLS}/calls/c-1`]: (init) => {
          auth.push(new Headers(init?.headers).get('authorization'));
          return jsonResponse(200, CALL);
        },
      },
    );
    await waitFor(() => expect(frameSrc()).toContain('token=token-of-South'));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'navigate', path: '/call/c-1' },
          origin: location.origin,
        }),
      );
    });
    const dialog = await screen.findByRole('dialog');
    expect(router.state.location.pathname).toBe(`/${GROUP_ID}/playbooks/${CALLS}/call/c-1`);
    // The call's answer is shown: its header, then its log line on the logs tab.
    expect(await within(dialog).findByText('Contact ID:', { exact: false })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Softphone Logs' }));
    expect(await within(dialog).findByText('ICE failed')).toBeTruthy();
    expect(auth).toEqual(['Bearer token-of-South']);
    const read = calls.filter((c) => c.url.startsWith(`/api/embed/dashboards/${CALLS}/calls/`));
    expect(read.map((c) => c.url)).toEqual([
      `/api/embed/dashboards/${CALLS}/calls/c-1?includeTelemetry=false`,
    ]);
    expect(calls.filter((c) => c.url.includes('/viscall2/'))).toEqual([]);
    // The call page is not a Group User's: no 'Open in new Tab'.
    expect(within(dialog).queryByRole('link', { name: 'Open in new Tab' })).toBeNull();
    // The frame stays under the dialog, with its first address.
    expect(frameSrc()).toContain('token=token-of-South');
  });
});

/** A call detail answer: no seconds, one log line, no summary. */
const CALL: CallDetailAnswer = {
  seconds: {
    timestamp: [],
    inbound: { mos: [], mosComputed: [], packetsCount: [], packetsLost: [], audioLevel: [] },
    outbound: { mos: [], mosComputed: [], packetsCount: [], packetsLost: [], audioLevel: [] },
    rttMs: [],
    jitterMs: [],
    cpuAvailablePercent: [],
    memoryUsedPercent: [],
    agentStatus: [],
  },
  summary: { hits: { total: { value: 0, relation: 'eq' }, hits: [] } },
  logs: {
    hits: {
      total: { value: 1, relation: 'eq' },
      hits: [
        {
          _id: 'l1',
          _source: {
            time: '2025-03-03T14:00:00.000Z',
            level: 'ERROR',
            agent: 'sam',
            contactId: 'c-1',
            text: 'ICE failed',
          },
        },
      ],
    },
  },
  telemetry: { hits: { total: { value: 0, relation: 'eq' }, hits: [] } },
};
