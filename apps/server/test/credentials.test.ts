import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  ACCOUNT_TEXTS,
  AUTH_TEXTS,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  PASSWORD_TEXTS,
  type SessionToken,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, PASSWORD, signIn } from './factories.ts';
import { seedFirstStart } from '../src/db/bootstrap.ts';
import { auditLog, customers, groups, users } from '../src/db/schema/index.ts';

const NEW_PASSWORD = 'Brand-new-pass-7';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const changePassword = (token: SessionToken, payload: unknown) =>
  s.app.inject({
    method: 'PUT',
    url: '/api/users/password',
    headers: authHeaders(token),
    payload: payload as Record<string, unknown>,
  });
const login = (app: TestServer['app'], email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('PUT /api/users/password', () => {
  it('refuses a wrong current password, naming currentPassword', async () => {
    const group = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [group], role: 'viewer' });
    const { token } = await signIn(s.app, user.email);
    const res = await changePassword(token, {
      currentPassword: 'Not-the-one-1',
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      currentPassword: ACCOUNT_TEXTS.wrongCurrentPassword,
    });
    expect((await login(s.app, user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("applies the password policy to the new password, naming newPassword with the policy's text", async () => {
    const group = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [group] });
    const { token } = await signIn(s.app, user.email);
    for (const [newPassword, message] of [
      ['Short-1', PASSWORD_TEXTS.tooShort],
      ['alllowercase', PASSWORD_TEXTS.tooFewClasses],
      [PASSWORD, ACCOUNT_TEXTS.samePassword],
    ] as const) {
      const res = await changePassword(token, { currentPassword: PASSWORD, newPassword });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ newPassword: message });
    }
    const empty = await changePassword(token, {});
    expect(empty.json().error.fields).toEqual({
      currentPassword: 'Required (Current password)',
      newPassword: 'Required (New password)',
    });
  });

  it('changes the password: the old one stops working, the new one signs in, other sessions end', async () => {
    const group = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [group], role: 'user' });
    const here = await signIn(s.app, user.email);
    const elsewhere = await signIn(s.app, user.email);
    const res = await changePassword(here.token, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, otherSessionsEnded: 1 });

    expect((await login(s.app, user.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(s.app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const profile = (token: SessionToken) =>
      s.app.inject({ method: 'GET', url: '/api/users/profile', headers: authHeaders(token) });
    // This browser stays signed in; the other one's token and refresh cookie are dead.
    expect((await profile(here.token)).statusCode).toBe(200);
    expect((await profile(elsewhere.token)).statusCode).toBe(401);
    const refreshOther = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { callsight_refresh: elsewhere.refreshCookie },
    });
    expect(refreshOther.statusCode).toBe(401);
    const [audit] = await s.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'changePassword')));
    expect(audit).toMatchObject({ groupId: group.id, result: 'success' });
  });

  it('needs a signed-in caller', async () => {
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});

/** A fresh database and DATA_DIR, seeded as main.ts seeds a first start. */
async function firstStart(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-first-start-'));
  const server = await startTestServer({ DATA_DIR: dataDir, ...env });
  const log: string[] = [];
  await seedFirstStart(server.database.db, server.config, (m) => log.push(m));
  return {
    server,
    dataDir,
    log,
    file: path.join(dataDir, 'initial-admin.txt'),
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('first start with a generated super-user password and SEED_DEMO=false', () => {
  let start: Awaited<ReturnType<typeof firstStart>>;
  beforeAll(async () => {
    start = await firstStart({ SEED_DEMO: 'false' });
  });
  afterAll(() => start.close());

  it('creates no demo account nor demo customer, and one empty group to sign in to', async () => {
    const { db } = start.server.database;
    const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);
    expect(await db.select().from(users).where(inArray(users.email, demoEmails))).toEqual([]);
    expect((await db.select().from(customers)).map((c) => c.name)).toEqual(['My organisation']);
    const list = await start.server.app.inject({ method: 'GET', url: '/api/users/demo-accounts' });
    expect(list.json()).toEqual({ accounts: [] });
    expect((await login(start.server.app, demoEmails[0] ?? '', DEMO_PASSWORD)).statusCode).toBe(
      401,
    );
  });

  it('on an installation from before, requires the change while initial-admin.txt still opens the account', async () => {
    const { db } = start.server.database;
    await db.update(users).set({ mustChangePassword: false }).where(eq(users.isSuper, true));
    await seedFirstStart(db, start.server.config, () => {});
    const [admin] = await db.select().from(users).where(eq(users.isSuper, true));
    expect(admin?.mustChangePassword).toBe(true);
    expect(fs.existsSync(start.file)).toBe(true);
  });

  it('forces a change of the generated password, then deletes initial-admin.txt', async () => {
    const { app } = start.server;
    const saved = fs.readFileSync(start.file, 'utf8');
    const password = /^password: (.+)$/m.exec(saved)?.[1] ?? '';
    const signedIn = await login(app, 'admin@localhost', password);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<SessionToken>();
    expect(token.mustChangePassword).toBe(true);
    const headers = authHeaders(token);

    const refused = await app.inject({ method: 'GET', url: '/api/groups', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: ACCOUNT_TEXTS.passwordChangeRequired,
    });
    const profile = await app.inject({ method: 'GET', url: '/api/users/profile', headers });
    expect(profile.statusCode).toBe(200);

    const changed = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers,
      payload: { currentPassword: password, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect(fs.existsSync(start.file)).toBe(false);
    // The same token now opens the other routes; a new sign-in no longer asks for a change.
    const after = await app.inject({ method: 'GET', url: '/api/groups', headers });
    expect(after.statusCode).toBe(200);
    const again = await login(app, 'admin@localhost', NEW_PASSWORD);
    expect(again.json<SessionToken>().mustChangePassword).toBe(false);
  });
});

describe('first start with CALLSIGHT_ADMIN_PASSWORD and the demo', () => {
  let start: Awaited<ReturnType<typeof firstStart>>;
  beforeAll(async () => {
    start = await firstStart({
      SEED_DEMO: 'true',
      CALLSIGHT_ADMIN_EMAIL: 'root@example.com',
      CALLSIGHT_ADMIN_PASSWORD: 'Operator-set-1',
    });
  });
  afterAll(() => start.close());

  it('does not force a change of a password the operator set, and writes no file', async () => {
    expect(fs.existsSync(start.file)).toBe(false);
    const res = await login(start.server.app, 'root@example.com', 'Operator-set-1');
    const token = res.json<SessionToken>();
    expect(token.mustChangePassword).toBe(false);
    const groupsRes = await start.server.app.inject({
      method: 'GET',
      url: '/api/groups',
      headers: authHeaders(token),
    });
    expect(groupsRes.statusCode).toBe(200);
  });

  it('lists the demo accounts publicly while they exist; only the super user removes them (audited)', async () => {
    const { app, database } = start.server;
    const listed = await app.inject({ method: 'GET', url: '/api/users/demo-accounts' });
    expect(listed.json()).toEqual({
      accounts: DEMO_ACCOUNTS.map(({ email, role }) => ({ email, role })),
    });
    const demoAdmin = await signIn(app, 'admin@demo.callsight.local', DEMO_PASSWORD);
    const byAdmin = await app.inject({
      method: 'DELETE',
      url: '/api/users/demo-accounts',
      headers: authHeaders(demoAdmin.token),
    });
    expect(byAdmin.statusCode).toBe(403);

    const root = await signIn(app, 'root@example.com', 'Operator-set-1');
    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/users/demo-accounts',
      headers: authHeaders(root.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().removed.sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());

    expect((await login(app, 'admin@demo.callsight.local', DEMO_PASSWORD)).statusCode).toBe(401);
    const stale = await app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: authHeaders(demoAdmin.token),
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.message).toBe(AUTH_TEXTS.sessionExpired);
    expect((await app.inject({ method: 'GET', url: '/api/users/demo-accounts' })).json()).toEqual({
      accounts: [],
    });

    // The demo groups stay, and each has the removal in its audit log.
    const demoGroups = await database.db.select().from(groups);
    expect(demoGroups.map((g) => g.name).sort()).toEqual(['Acme Sales', 'Acme Support']);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'removeDemoAccounts'));
    expect(audits.map((a) => a.groupId).sort()).toEqual(demoGroups.map((g) => g.id).sort());
    expect(audits.every((a) => a.actor === 'root@example.com')).toBe(true);
  });
});
