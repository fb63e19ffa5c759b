import { expect, test, type Page } from './support/test.ts';
import { ACCOUNTS, apiToken, groupIdOf, signInAs } from './support/auth.ts';

const PASSWORD = 'Fresh-pass-42';
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

const field = (page: Page, label: RegExp) => page.getByRole('textbox', { name: label });
const snackbar = (page: Page) => page.getByTestId('snackbar');

async function chooseRole(page: Page, role: string) {
  await page.getByRole('combobox', { name: /^Role/ }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

async function openTeammates(page: Page) {
  await page.getByTestId('nav-teammates').click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Teammates' })).toBeVisible();
}

test.describe('Teammates (admin)', () => {
  test('create with every validation text, edit, and remove with confirmation', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    const groupId = groupIdOf(page);
    await openTeammates(page);

    await page.getByRole('link', { name: 'TeamMate', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/admin/group/${groupId}/member/0$`));
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expect(page.getByRole('combobox', { name: /^Role/ })).toHaveText('Group Admin');

    // Every validation text of the form.
    await field(page, /^Email/).fill('not-an-email');
    await field(page, /^Password/).fill('aB1!');
    await field(page, /^Confirm Password/).fill('different');
    await save.click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Required (Name)')).toBeVisible();
    await expect(page.getByText('Password should be at least 8 characters long')).toBeVisible();
    await expect(page.getByText("Password confirmation doesn't match password.")).toBeVisible();
    await field(page, /^Password/).fill('alllowercase');
    await field(page, /^Confirm Password/).fill('alllowercase');
    await field(page, /^Password/).blur();
    await expect(
      page.getByText(
        'Password should have at least 3 out of digits [0-9], lowercase letters [a-z], uppercase letters [A-Z], and special characters [!@#$%^&*]',
      ),
    ).toBeVisible();
    await field(page, /^Password/).fill('');
    await field(page, /^Confirm Password/).fill('');
    await field(page, /^Password/).blur();
    await save.click();
    await expect(page.getByText('Required (Password)')).toBeVisible();

    // A valid new teammate.
    const email = `${unique('mate')}@example.com`;
    const name = `Casey ${unique('E2E')}`;
    await field(page, /^Email/).fill(email);
    await field(page, /^Name/).fill(name);
    await chooseRole(page, 'Group Viewer');
    await field(page, /^Password/).fill(PASSWORD);
    await field(page, /^Confirm Password/).fill(PASSWORD);
    await save.click();
    await expect(snackbar(page)).toHaveText('Teammate created successfully.');
    await expect(page).toHaveURL(new RegExp(`/${groupId}/admin/users$`));
    const row = page.getByTestId('teammate-row').filter({ hasText: email });
    await expect(row).toContainText(name);
    await expect(row).toContainText('Group Viewer');

    // Edit: the duplicate e-mail check on blur, then a real change.
    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/admin/user/[0-9a-f-]{36}$`));
    await expect(page.getByRole('heading', { name: 'Edit Teammate' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await field(page, /^Email/).fill('admin@demo.callsight.local');
    await field(page, /^Email/).blur();
    await expect(page.getByText('A user with this email already exists')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/user\//);
    await field(page, /^Email/).fill(email);
    await field(page, /^Email/).blur();
    await expect(page.getByText('A user with this email already exists')).toBeHidden();
    const renamed = `${name} Renamed`;
    await field(page, /^Name/).fill(renamed);
    await chooseRole(page, 'Group User');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page)).toHaveText('Teammate updated successfully.');
    await expect(page).toHaveURL(/\/admin\/users$/);
    const edited = page.getByTestId('teammate-row').filter({ hasText: email });
    await expect(edited).toContainText(renamed);
    await expect(edited).toContainText('Group User');

    // Cancel returns to the list.
    await edited.getByRole('link', { name: `Edit ${renamed}` }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);

    // Remove, after a cancelled confirmation.
    await edited.getByRole('button', { name: `Remove Teammate ${renamed}` }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog.getByText('Remove Teammate')).toBeVisible();
    await expect(dialog.getByText('Are you sure you want to remove this Teammate?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(edited).toBeVisible();
    await edited.getByRole('button', { name: `Remove Teammate ${renamed}` }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(snackbar(page)).toHaveText('Teammate has been deleted successfully.');
    await expect(page.getByTestId('teammate-row').filter({ hasText: email })).toHaveCount(0);
  });

  test('a new teammate at /admin/user/0 (or /admin/user) gets the duplicate e-mail text; Cancel returns to the list', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    const groupId = groupIdOf(page);
    await page.goto(`/${groupId}/admin/user/0`);
    await expect(page.getByRole('heading', { name: 'New Teammate' })).toBeVisible();
    await field(page, /^Email/).fill('viewer@demo.callsight.local');
    await field(page, /^Email/).blur();
    await expect(page.getByText('A user with this email already exists')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/${groupId}/admin/users$`));

    // Without an id the page is the new-teammate form too (spec 001 §2: id 0 or absent).
    await page.goto(`/${groupId}/admin/user`);
    await expect(page.getByRole('heading', { name: 'New Teammate' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('adding an existing account by e-mail fills its name and makes it a member', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    const groupId = groupIdOf(page);
    // An account that belongs only to the admin's other group, made through the API.
    const { accessToken } = await apiToken(page, 'admin');
    const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId };
    const groups = (await (await page.request.get('/api/groups', { headers })).json()) as {
      id: string;
      name: string;
    }[];
    // The account belongs to the admin's other group, whichever one is current now.
    const current = groups.find((g) => g.id === groupId);
    const other = groups.find((g) => g.id !== groupId);
    expect(current).toBeDefined();
    expect(other).toBeDefined();
    const email = `${unique('existing')}@example.com`;
    const existingName = `Eli ${unique('Existing')}`;
    const created = await page.request.post('/api/users', {
      headers,
      data: {
        name: existingName,
        email,
        role: 'viewer',
        group: other?.id,
        isMember: true,
        password: PASSWORD,
      },
    });
    expect(created.status()).toBe(201);

    await page.goto(`/${groupId}/admin/group/${groupId}/member/0`);
    await field(page, /^Email/).fill(email);
    await field(page, /^Email/).blur();
    await expect(
      page.getByText('This person already has an account: they will be added to the group.'),
    ).toBeVisible();
    await expect(field(page, /^Name/)).toHaveValue(existingName);
    await expect(field(page, /^Password/)).toHaveCount(0);
    await chooseRole(page, 'Group User');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page)).toHaveText('Teammate created successfully.');
    const row = page.getByTestId('teammate-row').filter({ hasText: email });
    await expect(row).toContainText('Group User');
    await expect(row).toContainText(current?.name ?? '');

    // Adding them again: the server's message is shown.
    await page.goto(`/${groupId}/admin/group/${groupId}/member/0`);
    await field(page, /^Email/).fill(email);
    await field(page, /^Email/).blur();
    await expect(field(page, /^Name/)).toHaveValue(existingName);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page)).toHaveText('This user is already a member of this group.');
  });
});

test.describe("Another customer's accounts", () => {
  test('the e-mail check finds nothing, and saving answers as for a new address without touching the account', async ({
    page,
    request,
  }) => {
    // Platform staff make a customer with one account, in a request context of their own.
    const login = await request.post('/api/auth/login', { data: ACCOUNTS.super });
    expect(login.status()).toBe(200);
    const staff = (await login.json()) as { accessToken: string; claims: { groupId: string } };
    const staffHeaders = {
      authorization: `Bearer ${staff.accessToken}`,
      'x-group-id': staff.claims.groupId,
    };
    const group = await request.post('/api/groups', {
      headers: staffHeaders,
      data: {
        name: unique('Other Group'),
        region: 'ap-southeast-2',
        customerSelection: 'new',
        newCustomerName: unique('Other Customer'),
        ccaasProvider: 'AWS',
      },
    });
    expect(group.status()).toBe(201);
    const foreignGroup = ((await group.json()) as { group: { id: string } }).group;
    const email = `${unique('foreign')}@other.example`;
    const account = await request.post('/api/users', {
      headers: staffHeaders,
      data: {
        name: 'Foreign Person',
        email,
        role: 'admin',
        group: foreignGroup.id,
        isMember: true,
        password: PASSWORD,
      },
    });
    expect(account.status()).toBe(201);

    await signInAs(page, 'admin');
    const groupId = groupIdOf(page);
    await page.goto(`/${groupId}/admin/group/${groupId}/member/0`);
    await field(page, /^Email/).fill(email);
    await field(page, /^Email/).blur();
    await expect(page.getByText('Checking…')).toHaveCount(0);
    // Not found: nothing is filled in and a new account's password is asked for.
    await expect(
      page.getByText('This person already has an account: they will be added to the group.'),
    ).toHaveCount(0);
    await expect(field(page, /^Name/)).toHaveValue('');
    await field(page, /^Name/).fill('Someone Else');
    const chosen = 'Chosen-by-admin-42';
    await field(page, /^Password/).fill(chosen);
    await field(page, /^Confirm Password/).fill(chosen);
    await page.getByRole('button', { name: 'Save' }).click();
    // The same answer as for a new address: nothing says the address is taken (decision H5).
    await expect(snackbar(page)).toHaveText('Teammate created successfully.');
    await expect(page.getByText('A user with this email already exists')).toHaveCount(0);
    // And nothing was taken over: the account keeps its own password, not the one chosen here.
    const asChosen = await request.post('/api/auth/login', { data: { email, password: chosen } });
    expect(asChosen.status()).toBe(401);
    const asOwner = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(asOwner.status()).toBe(200);

    // The e-mail check tells a Group Admin nothing about the platform administrator either.
    const { accessToken } = await apiToken(page, 'admin');
    const check = await page.request.get(`/api/users/${encodeURIComponent(ACCOUNTS.super.email)}`, {
      headers: { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId },
    });
    expect(check.status()).toBe(200);
    expect(await check.json()).toBeNull();
  });
});

test.describe('Teammates are for admins and super users only', () => {
  test('a viewer has no menu entry, is sent away from the page, and the API answers 403', async ({
    page,
  }) => {
    await signInAs(page, 'viewer');
    const groupId = groupIdOf(page);
    await expect(page.getByTestId('nav-group-settings')).toBeVisible();
    await expect(page.getByTestId('nav-teammates')).toHaveCount(0);
    await page.goto(`/${groupId}/admin/users`);
    await expect(snackbar(page)).toContainText('You do not have access to that page.');
    await expect(page).not.toHaveURL(/\/admin\/users$/);

    const { accessToken } = await apiToken(page, 'viewer');
    const headers = { authorization: `Bearer ${accessToken}`, 'x-group-id': groupId };
    expect((await page.request.get('/api/users', { headers })).status()).toBe(403);
    const post = await page.request.post('/api/users', {
      headers,
      data: {
        name: 'Nope',
        email: `${unique('nope')}@example.com`,
        role: 'admin',
        group: groupId,
        isMember: true,
        password: PASSWORD,
      },
    });
    expect(post.status()).toBe(403);
  });
});
