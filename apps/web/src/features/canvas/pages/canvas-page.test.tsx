import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import {
  DASHBOARD_DEFAULT_FILTER,
  decodeFilter,
  encodeFilter,
  type CallDetailAnswer,
} from '@callsight/shared';
import '../../../test/setup.ts';
import {
  GROUP_ID,
  activeTeamMock,
  jsonResponse,
  makeProfile,
  makeToken,
} from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';
import { embedSearch, splitCallPath } from './canvas-page.tsx';

const CALLS = `${GROUP_ID}_Technology-CallOverview`;

function open(path: string, more: Parameters<typeof mockApi>[0] = {}) {
  setSession(makeToken({ claims: { permissions: ['user:viewer'] } }));
  return {
    ...mockApi({
      'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
      'GET /api/groups/dashboard/calloverview': () =>
        jsonResponse(200, { id: CALLS, name: 'Call Overview', embeddedID: CALLS }),
      'GET /api/dataRoles/me': () => jsonResponse(200, []),
      'GET /api/dataRoles/active': activeTeamMock([]),
      [`POST /api/dataRoles/default/token/${CALLS}`]: () =>
        jsonResponse(200, { token: 'tok', expiresAt: Date.now() + 300_000 }),
      ...more,
    }),
    ...renderApp(path),
  };
}

/** The frame's query string, decoded: its parameters and its filter. */
async function frameQuery() {
  const src = (await screen.findByTestId('dashboard-iframe')).getAttribute('src') ?? '';
  const url = new URL(src, 'http://localhost');
  expect(url.pathname).toBe(`/embed/dashboard/${CALLS}`);
  expect(url.hash).toBe('#token=tok');
  return { params: url.searchParams, filter: decodeFilter(url.searchParams.get('filter')) };
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('canvas dashboards', () => {
  it('hand the embed the query string, with the dashboard default filter when it has none', async () => {
    open(`/${GROUP_ID}/canvas/calloverview?agent=sam`);
    const { params, filter } = await frameQuery();
    expect(params.get('agent')).toBe('sam');
    expect(filter).toEqual({
      refreshInterval: '10000',
      range: 'Last 15 minutes',
      refreshRate: '5000',
      autoRefresh: 'true',
    });
  });

  it("keep the address's own filter", async () => {
    const own = encodeFilter({ range: 'Last week', autoRefresh: false });
    open(`/${GROUP_ID}/canvas/calloverview?filter=${encodeURIComponent(own)}`);
    const { filter } = await frameQuery();
    expect(filter).toEqual({ range: 'Last week', autoRefresh: 'false' });
  });

  it('embedSearch adds the default filter only when there is none', () => {
    expect(decodeFilter(new URLSearchParams(embedSearch('')).get('filter'))).toEqual(
      decodeFilter(encodeFilter(DASHBOARD_DEFAULT_FILTER)),
    );
    expect(embedSearch('?filter=range%3DLast%2Bday&a=1')).toBe('?filter=range%3DLast%2Bday&a=1');
  });

  it("open a call link over the page, through the dashboard's guest token, the frame kept", async () => {
    const own = encodeFilter({ range: 'Last week', autoRefresh: false });
    const search = `?filter=${encodeURIComponent(own)}`;
    const auth: (string | null)[] = [];
    const { calls, router } = open(`/${GROUP_ID}/canvas/calloverview${search}`, {
      [`GET /api/embed/dashboards/${CALLS}/calls/c-1`]: (init) => {
        auth.push(new Headers(init?.headers).get('authorization'));
        return jsonResponse(200, CALL);
      },
    });
    const frame = await screen.findByTestId('dashboard-iframe');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'navigate', path: '/call/c-1' },
          origin: location.origin,
        }),
      );
    });
    const dialog = await screen.findByRole('dialog');
    expect(router.state.location.pathname).toBe(`/${GROUP_ID}/canvas/calloverview/call/c-1`);
    expect(router.state.location.search).toBe(search);
    expect(await within(dialog).findByText('Contact ID:', { exact: false })).toBeTruthy();
    expect(auth).toEqual(['Bearer tok']);
    expect(calls.filter((c) => c.url.includes('/viscall2/'))).toEqual([]);
    // A viewer may open the call page: 'Open in new Tab' stays.
    expect(within(dialog).getByRole('link', { name: 'Open in new Tab' })).toBeTruthy();
    // The same dashboard's frame, not reloaded.
    expect(screen.getByTestId('canvas-dashboard-id').textContent).toBe(CALLS);
    expect(screen.getByTestId('dashboard-iframe')).toBe(frame);
    // Close: back to the dashboard with its filter.
    act(() => within(dialog).getByRole('button', { name: 'Close' }).click());
    expect(router.state.location.pathname).toBe(`/${GROUP_ID}/canvas/calloverview`);
    expect(router.state.location.search).toBe(search);
  });

  it('keep the range the embed shows (a drag to zoom) in the address, the frame kept; Back loads it anew', async () => {
    const own = encodeFilter({ range: 'Last week', autoRefresh: false });
    const { router } = open(`/${GROUP_ID}/canvas/calloverview?filter=${encodeURIComponent(own)}`);
    const frame = (await screen.findByTestId('dashboard-iframe')) as HTMLIFrameElement;
    const zoomed = '2026-11-01T10:00:00.000Z/2026-11-01T12:00:00.000Z';
    const post = (source: Window | null) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { type: 'range', range: zoomed },
            origin: location.origin,
            source,
          }),
        );
      });
    // Not from its own frame: ignored.
    post(window);
    expect(decodeFilter(new URLSearchParams(router.state.location.search).get('filter'))).toEqual({
      range: 'Last week',
      autoRefresh: 'false',
    });
    post(frame.contentWindow);
    expect(
      decodeFilter(new URLSearchParams(router.state.location.search).get('filter')),
    ).toMatchObject({ range: zoomed, autoRefresh: 'false' });
    expect(screen.getByTestId('dashboard-iframe')).toBe(frame);
    // Back: the address's range again, in a frame loaded anew.
    await act(() => router.navigate(-1));
    expect((await frameQuery()).filter).toEqual({ range: 'Last week', autoRefresh: 'false' });
    expect(screen.getByTestId('dashboard-iframe')).not.toBe(frame);
  });

  it('splitCallPath finds the call at the end of the path below the key', () => {
    expect(splitCallPath('')).toEqual({ rest: '', contactId: null });
    expect(splitCallPath('call/c-1')).toEqual({ rest: '', contactId: 'c-1' });
    expect(splitCallPath('call/c-1/logs')).toEqual({ rest: '', contactId: 'c-1' });
    expect(splitCallPath('reports/q1/call/c-1/summary')).toEqual({
      rest: 'reports/q1',
      contactId: 'c-1',
    });
    expect(splitCallPath('reports/q1')).toEqual({ rest: 'reports/q1', contactId: null });
  });
});

/** A call detail answer: no seconds, no summary, no logs. */
const empty = { total: { value: 0, relation: 'eq' as const }, hits: [] };
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
  summary: { hits: empty },
  logs: { hits: empty },
  telemetry: { hits: empty },
};
