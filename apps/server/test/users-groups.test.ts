import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Group, Profile, SessionToken } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { auditLog, users } from '../src/db/schema/index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('GET/PUT /api/users/profile', () => {
  it("returns the caller's profile with the groups they can switch to", async () => {
    const a = await createGroup(s.database.db, { name: 'Alpha Ops' });
    const b = await createGroup(s.database.db, { name: 'Beta Ops' });
    await createGroup(s.database.db, { name: 'Not mine' });
    const user = await createUser(s.database.db, { groups: [a, b], name: 'Pat' });
    const { token } = await signIn(s.app, user.email);
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: authHeaders(token),
    });
    expect(res.statusCode).toBe(200);
    const profile = res.json<Profile>();
    expect(profile).toMatchObject({
      id: user.id,
      name: 'Pat',
      email: user.email,
      currentGroupId: a.id,
      isSuper: false,
    });
    expect(profile.groups.map((g) => g.name)).toEqual(['Alpha Ops', 'Beta Ops']);
  });

  it('updates the name, audits it, and names a bad field', async () => {
    const g = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [g], role: 'viewer' });
    const { token } = await signIn(s.app, user.email);
    const ok = await s.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: authHeaders(token),
      payload: { name: '  New Name ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Profile>().name).toBe('New Name');
    const audit = await s.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'updateProfile')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ groupId: g.id, result: 'success' });

    const bad = await s.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: authHeaders(token),
      payload: { name: '   ', email: 'x@y.z' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      name: 'Required (Name)',
      email: 'Unrecognized key: "email"',
    });
    const [row] = await s.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe('New Name');
  });
});

describe('group membership and permissions', () => {
  it('refuses a foreign X-Group-Id with 403 and a malformed one with 400 naming the header', async () => {
    const mine = await createGroup(s.database.db);
    const other = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [mine] });
    const { token } = await signIn(s.app, user.email);
    const foreign = await s.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: authHeaders(token, other.id),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('You are not a member of this group.');
    const malformed = await s.app.inject({
      method: 'GET',
      url: '/api/groups',
      headers: authHeaders(token, 'not-a-uuid'),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ 'X-Group-Id': 'Must be a group id (UUID)' });
  });

  it("answers another group's id as not found, and lists only the caller's groups", async () => {
    const mine = await createGroup(s.database.db);
    const other = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [mine] });
    const { token } = await signIn(s.app, user.email);
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/groups',
      headers: authHeaders(token),
    });
    expect(list.json<Group[]>().map((g) => g.id)).toEqual([mine.id]);
    const get = await s.app.inject({
      method: 'GET',
      url: `/api/groups/${other.id}`,
      headers: authHeaders(token),
    });
    expect(get.statusCode).toBe(404);
    const own = await s.app.inject({
      method: 'GET',
      url: `/api/groups/${mine.id}`,
      headers: authHeaders(token),
    });
    expect(own.json<Group>()).toMatchObject({
      id: mine.id,
      customerName: mine.customerName,
      heartbeatEnabled: false,
      status: 'active',
    });
  });

  it('a super user may act in every active group', async () => {
    const g1 = await createGroup(s.database.db, { heartbeat: true });
    const g2 = await createGroup(s.database.db);
    const archived = await createGroup(s.database.db, { status: 'archived' });
    const sup = await createUser(s.database.db, { isSuper: true });
    const { token } = await signIn(s.app, sup.email);
    expect(token.claims.permissions).toEqual(['user:super']);
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/groups',
      headers: authHeaders(token),
    });
    const ids = list.json<Group[]>().map((g) => g.id);
    expect(ids).toEqual(expect.arrayContaining([g1.id, g2.id]));
    expect(ids).not.toContain(archived.id);
    const one = await s.app.inject({
      method: 'GET',
      url: `/api/groups/${g1.id}`,
      headers: authHeaders(token, g2.id),
    });
    expect(one.json<Group>().heartbeatEnabled).toBe(true);
  });

  it('an archived group is closed to its members', async () => {
    const archived = await createGroup(s.database.db, { status: 'archived' });
    const active = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [active, archived] });
    const { token } = await signIn(s.app, user.email);
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/groups',
      headers: authHeaders(token, archived.id),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/users/switchGroup', () => {
  it('switches to a group the user is in, keeps it for the next sign-in, and audits it', async () => {
    const a = await createGroup(s.database.db);
    const b = await createGroup(s.database.db, { features: ['simulate'] });
    const user = await createUser(s.database.db, { groups: [a, b], role: 'viewer' });
    const { token } = await signIn(s.app, user.email);
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/users/switchGroup',
      headers: authHeaders(token),
      payload: { id: user.id, name: user.name, currentGroupId: b.id },
    });
    expect(res.statusCode).toBe(200);
    const next = res.json<SessionToken>();
    expect(next.claims.groupId).toBe(b.id);
    expect(next.claims.features).toEqual([{ group: b.id, feature: 'simulate' }]);
    const again = await signIn(s.app, user.email);
    expect(again.token.claims.groupId).toBe(b.id);
    const audit = await s.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'switchGroup')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a group the user is not in, changes nothing, and audits the refusal', async () => {
    const a = await createGroup(s.database.db);
    const other = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [a] });
    const { token } = await signIn(s.app, user.email);
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/users/switchGroup',
      headers: authHeaders(token),
      payload: { currentGroupId: other.id },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await s.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.currentGroupId).toBe(a.id);
    const audit = await s.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.result, 'failure')));
    expect(audit.map((r) => r.action)).toContain('PUT /api/users/switchGroup');
  });

  it('names a missing or malformed group id', async () => {
    const a = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [a] });
    const { token } = await signIn(s.app, user.email);
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/users/switchGroup',
      headers: authHeaders(token),
      payload: { currentGroupId: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ currentGroupId: 'Group ID is missing' });
  });
});

describe('health and unknown routes', () => {
  it('reports the database and answers unknown API paths with the error shape', async () => {
    const health = await s.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
    const unknown = await s.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });

  it('serves the OpenAPI document generated from the zod schemas', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/users/profile',
        '/api/users/switchGroup',
        '/api/groups/{id}',
      ]),
    );
  });
});

describe('group feature flags', () => {
  it('only a super user may switch flags; viewers and admins get 403 and nothing changes', async () => {
    const g = await createGroup(s.database.db);
    const viewer = await createUser(s.database.db, { groups: [g], role: 'viewer' });
    const admin = await createUser(s.database.db, { groups: [g], role: 'admin' });
    const sup = await createUser(s.database.db, { isSuper: true });
    for (const u of [viewer, admin]) {
      const { token } = await signIn(s.app, u.email);
      const res = await s.app.inject({
        method: 'PUT',
        url: `/api/groups/${g.id}/features`,
        headers: authHeaders(token, g.id),
        payload: { simulate: true },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'FORBIDDEN',
        message: 'You do not have permission to do this.',
      });
    }
    const { token } = await signIn(s.app, sup.email);
    const ok = await s.app.inject({
      method: 'PUT',
      url: `/api/groups/${g.id}/features`,
      headers: authHeaders(token, g.id),
      payload: { simulate: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ simulate: true, journeyExplorer: false });
    const bad = await s.app.inject({
      method: 'PUT',
      url: `/api/groups/${g.id}/features`,
      headers: authHeaders(token, g.id),
      payload: { teleport: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['teleport']);
    const viewerToken = (await signIn(s.app, viewer.email)).token;
    expect(viewerToken.claims.features).toEqual([{ group: g.id, feature: 'simulate' }]);
  });
});
