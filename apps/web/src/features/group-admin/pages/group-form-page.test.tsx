import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GroupDetail } from '@callsight/shared';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';

const CUSTOMER_ID = '33333333-3333-4333-8333-333333333333';
const GROUP: GroupDetail = {
  id: GROUP_ID,
  name: 'Acme Support',
  customerID: CUSTOMER_ID,
  customerName: 'Acme Contact Centres',
  region: 'ap-southeast-2',
  status: 'active',
  ccaasProvider: 'AWS',
  heartbeatEnabled: false,
  secret: 'grp-secret-42',
};

function api() {
  let stored = GROUP;
  return mockApi({
    'GET /api/users/profile': () => jsonResponse(200, makeProfile({ isSuper: true })),
    [`GET /api/groups/${GROUP_ID}`]: () => jsonResponse(200, stored),
    'PUT /api/groups': (init) => {
      stored = { ...stored, name: (JSON.parse(String(init?.body)) as { name: string }).name };
      return jsonResponse(200, { group: stored, message: 'updated successfully' });
    },
    'GET /api/groups': () => jsonResponse(200, [stored]),
    'GET /api/customer': () =>
      jsonResponse(200, [
        { customerID: CUSTOMER_ID, customerName: 'Acme Contact Centres', groupCount: 1 },
      ]),
  });
}

/** The browser of a self-hosted install on plain HTTP: no Clipboard API, only the copy command. */
function plainHttp(copyWorks: boolean) {
  Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
  const execCommand = vi.fn(() => copyWorks);
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return execCommand;
}

async function openCurrentGroup() {
  setSession(makeToken({ claims: { permissions: ['user:super'] } }));
  const mocked = api();
  renderApp(`/${GROUP_ID}/admin/group/${GROUP_ID}`);
  expect(await screen.findByDisplayValue('grp-secret-42')).toBeTruthy();
  return mocked;
}

async function copySecretTooltip(): Promise<string> {
  const button = screen.getByRole('button', { name: 'Copy secret' });
  fireEvent.mouseOver(button);
  fireEvent.click(button);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return (await screen.findByRole('tooltip')).textContent ?? '';
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'execCommand');
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('Edit Group', () => {
  it('reads the current group once for the shell and the form, secret included', async () => {
    const { calls } = await openCurrentGroup();
    expect(screen.getByTestId('breadcrumb-group').textContent).toBe('Acme Support');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy());
    const reads = calls.filter((c) => c.method === 'GET' && c.url.endsWith(`/groups/${GROUP_ID}`));
    expect(reads).toHaveLength(1);
  });

  it("saving a new name refreshes the shell's group name (one query key for both)", async () => {
    await openCurrentGroup();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Acme Care' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByTestId('breadcrumb-group').textContent).toBe('Acme Care'),
    );
  });

  it('copies the secret on plain HTTP and says "Copied!"', async () => {
    const execCommand = plainHttp(true);
    await openCurrentGroup();
    expect(await copySecretTooltip()).toBe('Copied!');
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('does not say "Copied!" when the browser refused the copy', async () => {
    plainHttp(false);
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    await openCurrentGroup();
    expect(await copySecretTooltip()).toBe('Copy');
  });
});
