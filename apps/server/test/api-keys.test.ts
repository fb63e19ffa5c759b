import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiToken, ApiTokenCreated } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { apiTokens, auditLog } from '../src/db/schema/index.ts';
import { makeAuthorizeApiKey } from '../src/plugins/api-key.ts';
import { sha256 } from '../src/lib/crypto.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

async function adminOf(role: 'admin' | 'viewer' | 'user' = 'admin') {
  const group = await createGroup(s.database.db);
  const user = await createUser(s.database.db, { groups: [group], role });
  const { token } = await signIn(s.app, user.email);
  return { group, user, headers: authHeaders(token) };
}

async function createKey(headers: Record<string, string>, name = 'Ingest') {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/config/token',
    headers,
    payload: { name },
  });
  expect(res.statusCode).toBe(201);
  return res.json<ApiTokenCreated>();
}

const keyHeaders = (key: string, groupId?: string) => ({
  authorization: `Bearer ${key}`,
  ...(groupId ? { 'x-group-id': groupId } : {}),
});

describe('API Management: /api/config/token', () => {
  it('creates a key shown once, stores only its hash, lists it masked, and audits', async () => {
    const { group, user, headers } = await adminOf();
    const created = await createKey(headers, '  Collector  ');
    expect(created.label).toBe('Collector');
    expect(created.token).toMatch(/^cs_[0-9A-Za-z]{43}$/);
    expect(created.lastAccessed).toBeNull();

    const [row] = await s.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row?.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await s.app.inject({ method: 'GET', url: '/api/config/token', headers });
    expect(list.statusCode).toBe(200);
    const tokens = list.json<ApiToken[]>();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({
      id: created.id,
      label: 'Collector',
      lastAccessed: null,
      createdOn: created.createdOn,
    });
    expect(tokens[0]?.token.startsWith(created.token.slice(0, 7))).toBe(true);
    expect(tokens[0]?.token).not.toContain(created.token.slice(7, 12));

    const audit = await s.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, 'createApiToken')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      groupId: group.id,
      userId: user.id,
      result: 'success',
      service: 'config',
    });
    expect(JSON.stringify(audit[0])).not.toContain(created.token);
  });

  it('refuses a blank name with the field named', async () => {
    const { headers } = await adminOf();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/config/token',
      headers,
      payload: { name: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ name: 'Required (Name)' });
  });

  it('keys are random: two keys never match', async () => {
    const { headers } = await adminOf();
    const a = await createKey(headers, 'a');
    const b = await createKey(headers, 'b');
    expect(a.token).not.toBe(b.token);
  });

  it('revokes a key: gone from the list, audited; a second revoke is 404', async () => {
    const { headers } = await adminOf();
    const created = await createKey(headers);
    const del = await s.app.inject({
      method: 'DELETE',
      url: `/api/config/token/${created.id}`,
      headers,
    });
    expect(del.statusCode).toBe(204);
    const list = await s.app.inject({ method: 'GET', url: '/api/config/token', headers });
    expect(list.json<ApiToken[]>()).toEqual([]);
    const audit = await s.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, 'revokeApiToken')));
    expect(audit).toHaveLength(1);
    const again = await s.app.inject({
      method: 'DELETE',
      url: `/api/config/token/${created.id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses viewers and users the keys, even masked (the API module is admin's); another group's key is not found", async () => {
    const { group, headers } = await adminOf();
    const created = await createKey(headers);
    const viewer = await createUser(s.database.db, { groups: [group], role: 'viewer' });
    const viewerHeaders = authHeaders((await signIn(s.app, viewer.email)).token);
    const read = await s.app.inject({
      method: 'GET',
      url: '/api/config/token',
      headers: viewerHeaders,
    });
    expect(read.statusCode).toBe(403);
    expect(read.json().error.message).toBe('You do not have permission to do this.');
    const write = await s.app.inject({
      method: 'POST',
      url: '/api/config/token',
      headers: viewerHeaders,
      payload: { name: 'x' },
    });
    expect(write.statusCode).toBe(403);
    const revoke = await s.app.inject({
      method: 'DELETE',
      url: `/api/config/token/${created.id}`,
      headers: viewerHeaders,
    });
    expect(revoke.statusCode).toBe(403);
    // Refused writes are audited by the app's response hook (after the answer is sent): the
    // viewer's own refusals, not any group's.
    const viewerRefusals = async () =>
      (
        await s.database.db
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(and(eq(auditLog.result, 'failure'), eq(auditLog.userId, viewer.id)))
      )
        .map((r) => r.action)
        .sort();
    await expect
      .poll(viewerRefusals)
      .toEqual(['DELETE /api/config/token/:id', 'POST /api/config/token']);

    const plain = await createUser(s.database.db, { groups: [group], role: 'user' });
    const plainHeaders = authHeaders((await signIn(s.app, plain.email)).token);
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/config/token', headers: plainHeaders }))
        .statusCode,
    ).toBe(403);

    const other = await adminOf();
    const foreign = await s.app.inject({
      method: 'DELETE',
      url: `/api/config/token/${created.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await s.app.inject({ method: 'GET', url: '/api/config/token', headers: other.headers })
      ).json(),
    ).toEqual([]);
  });
});

describe('API key authentication (GET /api/ingest/v1/whoami)', () => {
  it("answers the key's group and records Last used", async () => {
    const { group, headers } = await adminOf();
    const created = await createKey(headers);
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/ingest/v1/whoami',
      headers: keyHeaders(created.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ groupId: group.id, tokenId: created.id });
    const [listed] = (
      await s.app.inject({ method: 'GET', url: '/api/config/token', headers })
    ).json<ApiToken[]>();
    expect(listed?.lastAccessed).not.toBeNull();
    const sameGroup = await s.app.inject({
      method: 'GET',
      url: '/api/ingest/v1/whoami',
      headers: keyHeaders(created.token, group.id),
    });
    expect(sameGroup.statusCode).toBe(200);
  });

  it('refuses a missing, unknown, malformed or revoked key with 401 and a clear message', async () => {
    const { headers } = await adminOf();
    const created = await createKey(headers);
    const missing = await s.app.inject({ method: 'GET', url: '/api/ingest/v1/whoami' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.message).toBe(
      'API key required: send Authorization: Bearer <API key>',
    );
    const unknown = await s.app.inject({
      method: 'GET',
      url: '/api/ingest/v1/whoami',
      headers: keyHeaders(`cs_${'x'.repeat(43)}`),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe('Invalid API key');
    const session = await s.app.inject({ method: 'GET', url: '/api/ingest/v1/whoami', headers });
    expect(session.statusCode).toBe(401);
    expect(session.json().error.message).toBe('Invalid API key');

    await s.app.inject({ method: 'DELETE', url: `/api/config/token/${created.id}`, headers });
    const revoked = await s.app.inject({
      method: 'GET',
      url: '/api/ingest/v1/whoami',
      headers: keyHeaders(created.token),
    });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.message).toBe('This API key has been revoked');
  });

  it("another group's key cannot reach this group", async () => {
    const a = await adminOf();
    const b = await adminOf();
    const keyA = await createKey(a.headers);
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/ingest/v1/whoami',
      headers: keyHeaders(keyA.token, b.group.id),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('This API key belongs to another group.');
    // An API key is not a session: it cannot manage keys either.
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/config/token',
      headers: keyHeaders(keyA.token, a.group.id),
    });
    expect(list.statusCode).toBe(401);
  });

  it('writes Last used at most once per interval per key', async () => {
    const { headers } = await adminOf();
    const created = await createKey(headers);
    let now = Date.parse('2030-01-01T00:00:00Z');
    const guard = makeAuthorizeApiKey(s.database.db, {
      lastUsedWriteIntervalMs: 60_000,
      now: () => now,
    });
    const lastUsed = async () =>
      (
        await s.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id))
      )[0]?.lastAccessedAt?.toISOString();
    const request = { headers: keyHeaders(created.token), apiKey: null, log: { warn: () => {} } };
    const run = () => guard.call(s.app as never, request as never, {} as never);

    await run();
    expect(await lastUsed()).toBe('2030-01-01T00:00:00.000Z');
    now += 30_000;
    for (let i = 0; i < 20; i++) await run();
    expect(await lastUsed()).toBe('2030-01-01T00:00:00.000Z');
    now += 31_000;
    await run();
    expect(await lastUsed()).toBe('2030-01-01T00:01:01.000Z');
    expect(request.apiKey).toEqual({ tokenId: created.id, groupId: expect.any(String) });
  });

  it('refuses keys of an archived group', async () => {
    const { group, headers } = await adminOf();
    const created = await createKey(headers);
    const { groups } = await import('../src/db/schema/index.ts');
    await s.database.db.update(groups).set({ status: 'archived' }).where(eq(groups.id, group.id));
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/ingest/v1/whoami',
      headers: keyHeaders(created.token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("This API key's group is archived.");
  });

  it('refuses keys while the group\'s "API access" setting is off, and accepts them again', async () => {
    const { headers } = await adminOf();
    const created = await createKey(headers);
    const setAccess = (value: boolean) =>
      s.app.inject({
        method: 'PUT',
        url: '/api/config/boolean',
        headers,
        payload: { key: 'API_ACCESS_ENABLED', value },
      });
    const whoami = () =>
      s.app.inject({
        method: 'GET',
        url: '/api/ingest/v1/whoami',
        headers: keyHeaders(created.token),
      });
    expect((await setAccess(false)).statusCode).toBe(200);
    const off = await whoami();
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe('API access is turned off for this group.');
    expect((await setAccess(true)).statusCode).toBe(200);
    expect((await whoami()).statusCode).toBe(200);
  });
});
