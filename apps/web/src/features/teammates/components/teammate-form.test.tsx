import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../../test/setup.ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearSession, setSession } from '../../../lib/session.ts';
import { GROUP_ID, jsonResponse, makeToken } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { TeammateForm, type TeammateFormMode } from './teammate-form.tsx';

const FOUND = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Cole League',
  email: 'cole@acme.test',
};
const lookupPath = (email: string) => `GET /api/users/${encodeURIComponent(email)}`;

function renderForm(mode: TeammateFormMode) {
  const router = createMemoryRouter(
    [
      {
        path: '/:groupId/admin/group/:memberGroupId/member/0',
        element: (
          <TeammateForm
            mode={mode}
            group={{ id: GROUP_ID, name: 'Acme Support' }}
            currentGroupId={GROUP_ID}
          />
        ),
      },
    ],
    { initialEntries: [`/${GROUP_ID}/admin/group/${GROUP_ID}/member/0`] },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const email = () => screen.getByRole('textbox', { name: /^Email/ });
const name = () => screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement;
const typeEmail = (value: string) => {
  fireEvent.change(email(), { target: { value } });
  fireEvent.blur(email());
};
const helper = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  setSession(makeToken());
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the teammate form e-mail check (GET /api/users/{email})', () => {
  it('fills in a found account, and takes null (no account to show) as a free address', async () => {
    const api = mockApi({
      [lookupPath(FOUND.email)]: () => jsonResponse(200, FOUND),
      [lookupPath('new.person@acme.test')]: () => jsonResponse(200, null),
    });
    renderForm('member');

    typeEmail(FOUND.email);
    await waitFor(() => expect(name().value).toBe('Cole League'));
    expect(
      screen.getByText('This person already has an account: they will be added to the group.'),
    ).toBeTruthy();

    typeEmail('new.person@acme.test');
    await waitFor(() => expect(name().value).toBe(''));
    expect(screen.queryByText(/already has an account/)).toBeNull();
    // A password is asked again for the new account.
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();
    expect(api.calls.filter((c) => c.url.startsWith('/api/users/')).map((c) => c.url)).toEqual([
      '/api/users/cole%40acme.test',
      '/api/users/new.person%40acme.test',
    ]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('in the plain form, another account with the address is the spec duplicate', async () => {
    mockApi({
      [lookupPath(FOUND.email)]: () => jsonResponse(200, FOUND),
      [lookupPath('free@acme.test')]: () => jsonResponse(200, null),
    });
    renderForm('new');
    typeEmail(FOUND.email);
    await waitFor(() => expect(helper(email())).toBe('A user with this email already exists'));
    typeEmail('free@acme.test');
    await waitFor(() => expect(helper(email())).not.toBe('A user with this email already exists'));
    expect(consoleError).not.toHaveBeenCalled();
  });
});
