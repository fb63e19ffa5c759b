import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { CONFIG_TEXTS, type Permission } from '@callsight/shared';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';

const ALERTS = `/${GROUP_ID}/configs/extension-alerts`;

/** Opens the Alerts settings item as a role; answers the catalogue with the module, empty. */
function open(permission: Permission) {
  setSession(makeToken({ claims: { permissions: [permission] } }));
  const mocked = mockApi({
    'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
    'GET /api/config/modules': () =>
      jsonResponse(200, { modules: ['SOFTPHONE_MODULE', 'AGENT_ALERTS_MODULE'] }),
    'GET /api/config/catalogue': () =>
      jsonResponse(200, {
        groupId: GROUP_ID,
        modules: [{ key: 'AGENT_ALERTS_MODULE', title: 'Alerts', description: '', fields: [] }],
      }),
  });
  renderApp(ALERTS);
  return mocked;
}

const catalogueCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.includes('/api/config/catalogue'));

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a settings item whose fields the caller may not read', () => {
  it('shows an admin the Alerts item empty without asking for its fields (super reads them)', async () => {
    const { calls } = open('user:admin');
    expect(await screen.findByText(CONFIG_TEXTS.nothingAvailable)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Alerts' })).toBeTruthy();
    expect(catalogueCalls(calls)).toEqual([]);
  });

  it('asks for the fields when the caller reads them', async () => {
    const { calls } = open('user:super');
    expect(await screen.findByText(CONFIG_TEXTS.nothingAvailable)).toBeTruthy();
    expect(catalogueCalls(calls)).toHaveLength(1);
  });
});
