import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Teammate, UserLookup } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { PASSWORD, authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { auditLog, groups, memberships, users } from '../src/db/schema/index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const NEW_PASSWORD = 'Fresh-pass-42';

/** A group with an admin signed in. */
async function adminOfNewGroup() {
  const group = await createGroup(s.database.db);
  const admin = await createUser(s.database.db, {
    groups: [group],
    role: 'admin',
    name: 'Ada Admin',
  });
  const { token } = await signIn(s.app, admin.email);
  return { group, admin, headers: authHeaders(token) };
}

/** Another group of the same customer: the e-mail check and adding reach only these. */
async function siblingGroup(of: { customerId: string }) {
  const [group] = await s.database.db
    .insert(groups)
    .values({ customerId: of.customerId, name: `Sibling ${randomUUID().slice(0, 8)}` })
    .returning();
  if (!group) throw new Error('group not created');
  return group;
}

/** Refused writes are audited by a response hook that may finish just after the reply. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 40; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  return read();
}

function auditRows(action: string, targetId: string) {
  return s.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

describe('who may manage teammates', () => {
  it('refuses viewers and group users with 403 on every teammate route', async () => {
    const group = await createGroup(s.database.db);
    const failures = () =>
      s.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.service, 'users'), eq(auditLog.result, 'failure')));
    const before = (await failures()).length;
    for (const role of ['viewer', 'user'] as const) {
      const u = await createUser(s.database.db, { groups: [group], role });
      const { token } = await signIn(s.app, u.email);
      const h = authHeaders(token);
      const calls = [
        s.app.inject({ method: 'GET', url: '/api/users', headers: h }),
        s.app.inject({ method: 'GET', url: `/api/users/${u.id}`, headers: h }),
        s.app.inject({ method: 'GET', url: '/api/users/someone@example.com', headers: h }),
        s.app.inject({
          method: 'POST',
          url: '/api/users',
          headers: h,
          payload: {
            name: 'X',
            email: 'x@example.com',
            role: 'admin',
            group: group.id,
            isMember: true,
            password: NEW_PASSWORD,
          },
        }),
        s.app.inject({
          method: 'PUT',
          url: '/api/users',
          headers: h,
          payload: { id: u.id, name: 'X', email: u.email, role: 'admin', group: group.id },
        }),
        s.app.inject({ method: 'DELETE', url: `/api/users/${u.id}`, headers: h }),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    }
    // POST, PUT and DELETE by each of the two roles are audited as refused.
    const after = await eventually(failures, (rows) => rows.length - before >= 6);
    expect(after.length - before).toBe(6);
  });

  it('lists only members of the current group, with groups the caller can see', async () => {
    const { group, admin, headers } = await adminOfNewGroup();
    const hidden = await createGroup(s.database.db, { name: 'Hidden Tenant' });
    const viewer = await createUser(s.database.db, {
      groups: [group],
      role: 'viewer',
      name: 'Bo Viewer',
    });
    await s.database.db
      .insert(memberships)
      .values({ userId: viewer.id, groupId: hidden.id, role: 'admin' });
    await createUser(s.database.db, { groups: [hidden], name: 'Stranger' });
    const res = await s.app.inject({ method: 'GET', url: '/api/users', headers });
    expect(res.statusCode).toBe(200);
    const list = res.json<Teammate[]>();
    expect(list.map((t) => [t.name, t.role])).toEqual([
      ['Ada Admin', 'admin'],
      ['Bo Viewer', 'viewer'],
    ]);
    const bo = list.find((t) => t.id === viewer.id);
    expect(bo?.groups.map((g) => g.id)).toEqual([group.id]);
    expect(bo).toMatchObject({ isMember: true, isSuper: false, group: { id: group.id } });
    expect(list.find((t) => t.id === admin.id)?.email).toBe(admin.email);
  });

  it("answers another group's member as not found", async () => {
    const { headers } = await adminOfNewGroup();
    const other = await createGroup(s.database.db);
    const stranger = await createUser(s.database.db, { groups: [other] });
    const get = await s.app.inject({ method: 'GET', url: `/api/users/${stranger.id}`, headers });
    expect(get.statusCode).toBe(404);
    const del = await s.app.inject({ method: 'DELETE', url: `/api/users/${stranger.id}`, headers });
    expect(del.statusCode).toBe(404);
    const put = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers,
      payload: {
        id: stranger.id,
        name: 'X',
        email: stranger.email,
        role: 'viewer',
        group: other.id,
      },
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.message).toBe(
      'You can only manage teammates of groups you administer.',
    );
  });
});

describe('GET /api/users/{email}: the e-mail check', () => {
  it('answers id, name and e-mail of the account, or null, and 400 for neither id nor e-mail', async () => {
    const { group, headers } = await adminOfNewGroup();
    const elsewhere = await createUser(s.database.db, {
      groups: [await siblingGroup(group)],
      name: 'Elsa',
      email: 'elsa.check@example.com',
    });
    const found = await s.app.inject({
      method: 'GET',
      url: '/api/users/Elsa.Check@Example.com',
      headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json<UserLookup>()).toEqual({
      id: elsewhere.id,
      name: 'Elsa',
      email: 'elsa.check@example.com',
    });
    const missing = await s.app.inject({
      method: 'GET',
      url: '/api/users/nobody.here@example.com',
      headers,
    });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toBeNull();
    const bad = await s.app.inject({ method: 'GET', url: '/api/users/not-an-email', headers });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/users', () => {
  it('creates an account with an argon2 hash that can sign in, and audits it', async () => {
    const { group, headers } = await adminOfNewGroup();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        name: 'Nia New',
        email: 'Nia.New@Example.com',
        role: 'viewer',
        group: group.id,
        isMember: true,
        password: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(201);
    const t = res.json<Teammate>();
    expect(t).toMatchObject({
      name: 'Nia New',
      email: 'nia.new@example.com',
      role: 'viewer',
      group: { id: group.id },
    });
    const [row] = await s.database.db.select().from(users).where(eq(users.id, t.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const { token } = await signIn(s.app, 'nia.new@example.com', NEW_PASSWORD);
    expect(token.claims.permissions).toEqual(['user:viewer']);
    expect(await auditRows('createTeammate', t.id)).toHaveLength(1);
  });

  it('names each invalid field, with the password policy texts', async () => {
    const { group, headers } = await adminOfNewGroup();
    const post = (payload: Record<string, unknown>) =>
      s.app.inject({ method: 'POST', url: '/api/users', headers, payload });
    const base = {
      name: 'Val',
      email: 'val@example.com',
      role: 'user',
      group: group.id,
      isMember: true,
    };
    const short = await post({ ...base, password: 'aB1!' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({
      password: 'Password should be at least 8 characters long',
    });
    const weak = await post({ ...base, password: 'alllowercase' });
    expect(weak.json().error.fields).toEqual({
      password:
        'Password should have at least 3 out of digits [0-9], lowercase letters [a-z], uppercase letters [A-Z], and special characters [!@#$%^&*]',
    });
    const empty = await post({
      group: group.id,
      isMember: true,
      password: NEW_PASSWORD,
      name: '',
      email: 'nope',
    });
    expect(empty.json().error.fields).toEqual({
      name: 'Required (Name)',
      email: 'Invalid email address',
      role: 'Required (Role)',
    });
    const noPassword = await post(base);
    expect(noPassword.json().error.fields).toEqual({ password: 'Required (Password)' });
  });

  it('fails without an id and without the isMember flag', async () => {
    const { group, headers } = await adminOfNewGroup();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        name: 'Ivy',
        email: 'ivy@example.com',
        role: 'user',
        group: group.id,
        password: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['isMember']);
  });

  it('refuses a taken e-mail with the spec text', async () => {
    const { group, admin, headers } = await adminOfNewGroup();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        name: 'Dup',
        email: admin.email,
        role: 'user',
        group: group.id,
        isMember: true,
        password: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      message: 'A user with this email already exists',
      fields: { email: 'A user with this email already exists' },
    });
  });

  it('adds an existing account (found by the e-mail check) as a member, keeping its password', async () => {
    const { group, headers } = await adminOfNewGroup();
    const other = await siblingGroup(group);
    const existing = await createUser(s.database.db, {
      groups: [other],
      role: 'admin',
      name: 'Eli Existing',
    });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        id: existing.id,
        name: 'Ignored',
        email: existing.email,
        role: 'user',
        group: group.id,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Teammate>()).toMatchObject({
      id: existing.id,
      name: 'Eli Existing',
      role: 'user',
    });
    await signIn(s.app, existing.email, PASSWORD);
    expect(await auditRows('addTeammate', existing.id)).toHaveLength(1);
    const again = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        id: existing.id,
        name: 'Eli',
        email: existing.email,
        role: 'user',
        group: group.id,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This user is already a member of this group.');
    const another = await createUser(s.database.db, { groups: [other] });
    const mismatch = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        id: another.id,
        name: 'Eli',
        email: existing.email,
        role: 'user',
        group: group.id,
      },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields).toEqual({
      email: 'The id does not belong to the user with this email.',
    });
  });

  it('refuses a super role and groups the caller does not administer', async () => {
    const { group, headers } = await adminOfNewGroup();
    const superRole = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        name: 'S',
        email: 's1@example.com',
        role: 'super',
        group: group.id,
        isMember: true,
        password: NEW_PASSWORD,
      },
    });
    expect(superRole.statusCode).toBe(400);
    const isSuper = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        name: 'S',
        email: 's2@example.com',
        role: 'admin',
        group: group.id,
        isMember: true,
        password: NEW_PASSWORD,
        isSuper: true,
      },
    });
    expect(isSuper.statusCode).toBe(400);
    const other = await createGroup(s.database.db);
    const foreign = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        name: 'S',
        email: 's3@example.com',
        role: 'admin',
        group: other.id,
        isMember: true,
        password: NEW_PASSWORD,
      },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('lets a super user add a member to any group', async () => {
    const group = await createGroup(s.database.db);
    const current = await createGroup(s.database.db);
    const sup = await createUser(s.database.db, { isSuper: true });
    const { token } = await signIn(s.app, sup.email);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: authHeaders(token, current.id),
      payload: {
        name: 'Invited',
        email: 'invited.by.super@example.com',
        role: 'admin',
        group: group.id,
        isMember: true,
        password: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Teammate>().group.id).toBe(group.id);
  });
});

describe('PUT /api/users', () => {
  it('updates name, e-mail, role and password, and audits which fields changed', async () => {
    const { group, headers } = await adminOfNewGroup();
    const u = await createUser(s.database.db, {
      groups: [group],
      role: 'viewer',
      name: 'Old Name',
    });
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers,
      payload: {
        id: u.id,
        name: 'New Name',
        email: 'renamed.user@example.com',
        role: 'user',
        group: group.id,
        password: NEW_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Teammate>()).toMatchObject({
      name: 'New Name',
      email: 'renamed.user@example.com',
      role: 'user',
    });
    await signIn(s.app, 'renamed.user@example.com', NEW_PASSWORD);
    const [row] = await auditRows('updateTeammate', u.id);
    expect(row?.details).toEqual({ changed: ['name', 'email', 'password', 'role'], role: 'user' });
    expect(JSON.stringify(row)).not.toContain(NEW_PASSWORD);
  });

  it('keeps the password when none is sent, and refuses a taken e-mail', async () => {
    const { group, admin, headers } = await adminOfNewGroup();
    const u = await createUser(s.database.db, { groups: [group], role: 'viewer' });
    const keep = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers,
      payload: { id: u.id, name: 'Kept', email: u.email, role: 'viewer', group: group.id },
    });
    expect(keep.statusCode).toBe(200);
    await signIn(s.app, u.email, PASSWORD);
    const dup = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers,
      payload: { id: u.id, name: 'Kept', email: admin.email, role: 'viewer', group: group.id },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('A user with this email already exists');
  });

  it('changes only the role of a user who also belongs to groups the admin does not administer', async () => {
    const { group, headers } = await adminOfNewGroup();
    const other = await createGroup(s.database.db);
    const u = await createUser(s.database.db, {
      groups: [group, other],
      role: 'viewer',
      name: 'Shared',
    });
    const account = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers,
      payload: {
        id: u.id,
        name: 'Hijack',
        email: u.email,
        role: 'viewer',
        group: group.id,
        password: NEW_PASSWORD,
      },
    });
    expect(account.statusCode).toBe(403);
    const role = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers,
      payload: { id: u.id, name: 'Shared', email: u.email, role: 'admin', group: group.id },
    });
    expect(role.statusCode).toBe(200);
    expect(role.json<Teammate>().role).toBe('admin');
  });

  it('keeps at least one Group Admin', async () => {
    const { group, admin, headers } = await adminOfNewGroup();
    const self = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers,
      payload: {
        id: admin.id,
        name: admin.name,
        email: admin.email,
        role: 'viewer',
        group: group.id,
      },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(
      'A group must keep at least one Group Admin. Make another teammate Group Admin first.',
    );
    await createUser(s.database.db, { groups: [group], role: 'admin' });
    const ok = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers,
      payload: {
        id: admin.id,
        name: admin.name,
        email: admin.email,
        role: 'viewer',
        group: group.id,
      },
    });
    expect(ok.statusCode).toBe(200);
    // The caller is now a viewer: the next call is refused at once.
    const after = await s.app.inject({ method: 'GET', url: '/api/users', headers });
    expect(after.statusCode).toBe(403);
  });

  it('does not let an admin change a platform administrator', async () => {
    const { group, headers } = await adminOfNewGroup();
    const sup = await createUser(s.database.db, { isSuper: true, groups: [group], role: 'viewer' });
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers,
      payload: { id: sup.id, name: 'Demoted', email: sup.email, role: 'viewer', group: group.id },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('removes the member from this group only, and audits it', async () => {
    const { group, headers } = await adminOfNewGroup();
    const other = await createGroup(s.database.db);
    const u = await createUser(s.database.db, { groups: [group, other], role: 'viewer' });
    const res = await s.app.inject({ method: 'DELETE', url: `/api/users/${u.id}`, headers });
    expect(res.statusCode).toBe(204);
    const left = await s.database.db.select().from(memberships).where(eq(memberships.userId, u.id));
    expect(left.map((m) => m.groupId)).toEqual([other.id]);
    const [row] = await auditRows('removeTeammate', u.id);
    expect(row).toMatchObject({
      groupId: group.id,
      result: 'success',
      details: { accountDeleted: false, email: u.email, role: 'viewer' },
    });
  });

  it('deletes an account left with no group', async () => {
    const { group, headers } = await adminOfNewGroup();
    const u = await createUser(s.database.db, { groups: [group], role: 'user' });
    expect(
      (await s.app.inject({ method: 'DELETE', url: `/api/users/${u.id}`, headers })).statusCode,
    ).toBe(204);
    expect(await s.database.db.select().from(users).where(eq(users.id, u.id))).toHaveLength(0);
  });

  it('refuses to remove the last Group Admin, even themselves', async () => {
    const { admin, headers } = await adminOfNewGroup();
    const res = await s.app.inject({ method: 'DELETE', url: `/api/users/${admin.id}`, headers });
    expect(res.statusCode).toBe(409);
    const failure = await eventually(
      () =>
        s.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.userId, admin.id), eq(auditLog.result, 'failure'))),
      (rows) => rows.length > 0,
    );
    expect(failure.map((f) => f.message)).toEqual(['HTTP 409']);
  });
});
