import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Team } from '@callsight/shared';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';

/**
 * Issue 33 §1: a condition's Value field (and the CTR attribute Field) offers the values seen in
 * the group's calls (GET /api/dataRoles/values) and still takes any text typed.
 */

const TEAM_ID = '33333333-3333-4333-8333-333333333333';
const TEAM: Team = {
  id: TEAM_ID,
  name: 'Sales',
  conditions: [{ type: 'group1', operator: 'equals', value: 'Sales' }],
  dashboards: [],
};

/** The values the server offers, by the query's type and field. */
function offered(url: string): string[] {
  const query = new URL(url, 'http://localhost').searchParams;
  const type = query.get('type');
  const field = query.get('field');
  if (type === 'group1') return ['Manila', 'Sydney'];
  if (type === 'attributes' && !field) return ['language', 'queue'];
  if (type === 'attributes' && field === 'queue') return ['Billing', 'VIP'];
  return [];
}

function open() {
  setSession(
    makeToken({
      claims: {
        permissions: ['user:admin'],
        features: [{ group: GROUP_ID, feature: 'embeddedCanvasApi' }],
      },
    }),
  );
  const mocked = mockApi({
    'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
    'GET /api/dashboards': () => jsonResponse(200, []),
    'GET /api/dataRoles/me': () => jsonResponse(200, []),
    'GET /api/dataRoles/active': () => jsonResponse(200, { team: null, exempt: true }),
    'GET /api/dataRoles': () => jsonResponse(200, [TEAM]),
    'GET /api/dataRoles/values': (_init, url) => jsonResponse(200, offered(url)),
    [`PUT /api/dataRoles/${TEAM_ID}`]: (init) =>
      jsonResponse(200, { ...TEAM, ...(JSON.parse(String(init?.body)) as object) }),
  });
  renderApp(`/${GROUP_ID}/playbooks/roles`);
  return mocked;
}

async function openEdit() {
  const row = await screen.findByRole('row', { name: /Sales/ });
  fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog');
}

const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent);

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('team condition values', () => {
  it("offers the type's values in the Value field and still accepts typed text", async () => {
    const { calls } = open();
    const dialog = await openEdit();
    const value = within(dialog).getByRole('combobox', { name: 'Value' }) as HTMLInputElement;
    expect(value.value).toBe('Sales');

    // Opening the list fetches the Agent Group 1 values and offers them all.
    fireEvent.keyDown(value, { key: 'ArrowDown' });
    await waitFor(() => expect(optionNames()).toEqual(['Manila', 'Sydney']));
    expect(calls.some((c) => c.url.includes('/api/dataRoles/values?type=group1'))).toBe(true);
    fireEvent.click(screen.getByRole('option', { name: 'Sydney' }));
    expect(value.value).toBe('Sydney');

    // Free text: a value no call holds yet.
    fireEvent.change(value, { target: { value: 'Brisbane' } });
    expect(value.value).toBe('Brisbane');
    fireEvent.keyDown(value, { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.body).toMatchObject({
        conditions: [{ type: 'group1', operator: 'equals', value: 'Brisbane' }],
      });
    });
  });

  it('offers the CTR attribute names as Field, then the attribute values as Value', async () => {
    const { calls } = open();
    const dialog = await openEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Condition' }));
    const types = within(dialog).getAllByRole('combobox', { name: 'Type' });
    fireEvent.mouseDown(types[1] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'CTR Attributes' }));

    const field = within(dialog).getByRole('combobox', { name: 'Field' }) as HTMLInputElement;
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    await waitFor(() => expect(optionNames()).toEqual(['language', 'queue']));
    fireEvent.click(screen.getByRole('option', { name: 'queue' }));
    expect(field.value).toBe('queue');

    const value = within(dialog).getAllByRole('combobox', { name: 'Value' })[1] as HTMLInputElement;
    fireEvent.keyDown(value, { key: 'ArrowDown' });
    await waitFor(() => expect(optionNames()).toEqual(['Billing', 'VIP']));
    expect(
      calls.some((c) => c.url.includes('/api/dataRoles/values?type=attributes&field=queue')),
    ).toBe(true);
    fireEvent.change(value, { target: { value: 'Gold' } });
    expect(value.value).toBe('Gold');
    expect(
      (within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
