import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEAM_TEXTS, type DashboardInfo, type Team, type Teammate } from '@callsight/shared';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';

const TEAM_ID = '33333333-3333-4333-8333-333333333333';
const USER_ID = '44444444-4444-4444-8444-444444444444';
const MEMBER_ID = '55555555-5555-4555-8555-555555555555';

const DASHBOARDS: DashboardInfo[] = [
  { id: `default_${GROUP_ID}`, name: 'Overview', embeddedID: `default_${GROUP_ID}` },
  {
    id: `${GROUP_ID}_Technology-CallOverview`,
    name: 'Call Overview',
    embeddedID: `${GROUP_ID}_Technology-CallOverview`,
  },
];
const TEAM: Team = {
  id: TEAM_ID,
  name: 'Sales',
  conditions: [{ type: 'group1', operator: 'equals', value: 'Sales' }],
  dashboards: [],
};
const teammate = (id: string, name: string, email: string): Teammate => ({
  id,
  name,
  email,
  picture: null,
  role: 'viewer',
  isSuper: false,
  isMember: true,
  group: { id: GROUP_ID, name: 'Acme Support' },
  groups: [],
  createdAt: '2025-01-01T00:00:00.000Z',
});

function open(extra: Parameters<typeof mockApi>[0] = {}) {
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
    'GET /api/dashboards': () => jsonResponse(200, DASHBOARDS),
    'GET /api/dataRoles/me': () => jsonResponse(200, []),
    'GET /api/dataRoles/active': () => jsonResponse(200, { team: null, exempt: true }),
    'GET /api/dataRoles': () => jsonResponse(200, [TEAM]),
    [`GET /api/dataRoles/${TEAM_ID}/users`]: () =>
      jsonResponse(200, [{ id: MEMBER_ID, name: 'Mo Member', email: 'mo@example.com' }]),
    'GET /api/users': () =>
      jsonResponse(200, [
        teammate(USER_ID, 'Una User', 'una@example.com'),
        teammate(MEMBER_ID, 'Mo Member', 'mo@example.com'),
      ]),
    ...extra,
  });
  renderApp(`/${GROUP_ID}/playbooks/roles`);
  return mocked;
}

async function openDialog(button: 'Edit' | 'Members') {
  const row = await screen.findByRole('row', { name: /Sales/ });
  fireEvent.click(within(row).getByRole('button', { name: button }));
  return screen.findByRole('dialog');
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('roles page', () => {
  it('shows the group name, the Teams table and No Roles Available when there are none', async () => {
    open({ 'GET /api/dataRoles': () => jsonResponse(200, []) });
    expect(await screen.findByText('No Roles Available')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Acme Support', level: 2 })).toBeTruthy();
  });

  it('says why Save is disabled: each invalid condition with the spec text', async () => {
    open();
    const dialog = await openDialog('Edit');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    // A new condition without a value.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Condition' }));
    expect(within(dialog).getByText('Every condition needs a value.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    const values = within(dialog).getAllByLabelText('Value');
    fireEvent.change(values[1] as HTMLElement, { target: { value: 'Sales-North' } });
    expect(within(dialog).queryByText('Every condition needs a value.')).toBeNull();
    expect(save.disabled).toBe(false);

    // CTR Attributes need a field name; two with the same field are one too many.
    const types = within(dialog).getAllByRole('combobox', { name: 'Type' });
    fireEvent.mouseDown(types[1] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'CTR Attributes' }));
    expect(within(dialog).getByText('A CTR Attributes condition needs a field name.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Field'), { target: { value: 'queue' } });
    expect(within(dialog).queryByText('A CTR Attributes condition needs a field name.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Condition' }));
    const types2 = within(dialog).getAllByRole('combobox', { name: 'Type' });
    fireEvent.mouseDown(types2[2] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'CTR Attributes' }));
    fireEvent.change(within(dialog).getAllByLabelText('Field')[1] as HTMLElement, {
      target: { value: 'queue' },
    });
    fireEvent.change(within(dialog).getAllByLabelText('Value')[2] as HTMLElement, {
      target: { value: 'VIP' },
    });
    expect(within(dialog).getByText('Each type and field may appear once.')).toBeTruthy();
    expect(save.disabled).toBe(true);

    // An empty name says so; no dashboards and not All Dashboards says so.
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' ' } });
    expect(within(dialog).getByText('Please enter a team name.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'All Dashboards' }));
    expect(
      within(dialog).getByText('Choose at least one dashboard, or All Dashboards.'),
    ).toBeTruthy();
  });

  it("shows the server's field errors of a refused Save in the dialog", async () => {
    open({
      [`PUT /api/dataRoles/${TEAM_ID}`]: () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Every condition needs a value.',
            fields: { 'conditions.0.value': 'Every condition needs a value.' },
          },
        }),
    });
    const dialog = await openDialog('Edit');
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: 'Sales 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Every condition needs a value.')).toBeTruthy();
    expect(screen.getByTestId('snackbar').textContent).toContain('Every condition needs a value.');
  });

  it('says Error creating role when a team cannot be created', async () => {
    open({
      'POST /api/dataRoles': () =>
        jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Team' }));
    const dialog = await screen.findByRole('dialog');
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'North' } });
    fireEvent.click(create);
    expect(await within(dialog).findByText('Error creating role')).toBeTruthy();
    expect(screen.getByTestId('snackbar').textContent).toContain('Error creating role');
  });

  it('says when a member was added and when one was removed', async () => {
    open({
      [`POST /api/dataRoles/${TEAM_ID}/users/${USER_ID}`]: () => jsonResponse(201, {}),
      [`DELETE /api/dataRoles/${TEAM_ID}/users/${MEMBER_ID}`]: () =>
        new Response(null, { status: 204 }),
    });
    const dialog = await openDialog('Members');
    expect(await within(dialog).findByText('Mo Member')).toBeTruthy();
    const input = within(dialog).getByLabelText('User');
    fireEvent.change(input, { target: { value: 'u' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: /Una User/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(screen.getByTestId('snackbar').textContent).toContain(TEAM_TEXTS.memberAdded),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Mo Member' }));
    await waitFor(() =>
      expect(screen.getByTestId('snackbar').textContent).toContain(TEAM_TEXTS.memberRemoved),
    );
  });

  it('shows why adding or removing a member failed', async () => {
    open({
      [`POST /api/dataRoles/${TEAM_ID}/users/${USER_ID}`]: () =>
        jsonResponse(404, {
          error: { code: 'NOT_FOUND', message: 'No such member of this group' },
        }),
      [`DELETE /api/dataRoles/${TEAM_ID}/users/${MEMBER_ID}`]: () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Not a member of this team' } }),
    });
    const dialog = await openDialog('Members');
    expect(await within(dialog).findByText('Mo Member')).toBeTruthy();
    // A user must be chosen first; members already in the team are not offered.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(screen.getByTestId('snackbar').textContent).toContain('Please select a user.');
    const input = within(dialog).getByLabelText('User');
    fireEvent.change(input, { target: { value: 'u' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.queryByRole('option', { name: /Mo Member/ })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: /Una User/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain(
        'No such member of this group',
      ),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Mo Member' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain('Not a member of this team'),
    );
    expect(screen.getByTestId('snackbar').textContent).toContain('Not a member of this team');
  });
});
