import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DASHBOARD_DEFAULT_FILTER, decodeFilter, encodeFilter } from '@callsight/shared';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';
import { embedSearch } from './canvas-page.tsx';

const CALLS = `${GROUP_ID}_Technology-CallOverview`;

function open(path: string) {
  setSession(makeToken({ claims: { permissions: ['user:viewer'] } }));
  mockApi({
    'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
    'GET /api/groups/dashboard/calloverview': () =>
      jsonResponse(200, { id: CALLS, name: 'Call Overview', embeddedID: CALLS }),
    'GET /api/dataRoles/me': () => jsonResponse(200, []),
    [`POST /api/dataRoles/default/token/${CALLS}`]: () =>
      jsonResponse(200, { token: 'tok', expiresAt: Date.now() + 300_000 }),
  });
  renderApp(path);
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
});
