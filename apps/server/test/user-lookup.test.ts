import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { UserLookup } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { groups } from '../src/db/schema/index.ts';

// Issue 16: the teammate form's e-mail check (spec 001 §5, GET /api/users/{email}) answers 200
// in normal use, so that the browser logs no error, and still tells a Group Admin nothing about
// accounts outside their customer (decision Sec2): such an address answers as an unknown one.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** A customer (one group) with a Group Admin signed in. */
async function customerWithAdmin() {
  const group = await createGroup(s.database.db);
  const admin = await createUser(s.database.db, { groups: [group], role: 'admin' });
  const { token } = await signIn(s.app, admin.email);
  return { group, admin, headers: authHeaders(token) };
}

async function siblingGroup(of: { customerId: string }) {
  const [group] = await s.database.db
    .insert(groups)
    .values({ customerId: of.customerId, name: `Sibling ${randomUUID().slice(0, 8)}` })
    .returning();
  if (!group) throw new Error('group not created');
  return group;
}

const lookup = (headers: Record<string, string>, key: string) =>
  s.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(key)}`, headers });

/** What a caller can observe of an answer: status, type and body. */
const seen = (res: Awaited<ReturnType<typeof lookup>>) => ({
  status: res.statusCode,
  type: res.headers['content-type'],
  body: res.body,
});

describe('GET /api/users/{email}: the e-mail check', () => {
  it('answers 200 null for an address nobody has', async () => {
    const a = await customerWithAdmin();
    const res = await lookup(a.headers, `nobody-${randomUUID().slice(0, 8)}@example.com`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toBeNull();
  });

  it('answers id, name and e-mail only (any case) for a member of the group and of its customer', async () => {
    const a = await customerWithAdmin();
    const member = await createUser(s.database.db, {
      groups: [a.group],
      role: 'viewer',
      name: 'Mia Member',
      email: `mia-${randomUUID().slice(0, 6)}@acme.example`,
    });
    const res = await lookup(a.headers, member.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json<UserLookup>()).toEqual({
      id: member.id,
      name: 'Mia Member',
      email: member.email,
    });

    // Another group of the same customer: the form can add them to this group (Sec2).
    const colleague = await createUser(s.database.db, {
      groups: [await siblingGroup(a.group)],
      role: 'user',
      name: 'Cole League',
    });
    expect((await lookup(a.headers, colleague.email)).json<UserLookup>()).toEqual({
      id: colleague.id,
      name: 'Cole League',
      email: colleague.email,
    });
  });

  it("reveals nothing of another customer's accounts: the same answer as an unknown address", async () => {
    const a = await customerWithAdmin();
    const b = await customerWithAdmin();
    const unknown = seen(await lookup(a.headers, `nobody-${randomUUID().slice(0, 8)}@b.example`));
    const shared = await createUser(s.database.db, {
      groups: [a.group, b.group],
      role: 'user',
      name: 'Shared Person',
    });
    const sup = await createUser(s.database.db, { isSuper: true, name: 'Platform Staff' });
    for (const other of [b.admin, shared, sup]) {
      const answer = seen(await lookup(a.headers, other.email));
      expect(answer, other.email).toEqual(unknown);
      expect(answer.body).not.toContain(other.id);
      expect(answer.body).not.toContain(other.name);
    }
    expect(unknown).toEqual({ status: 200, type: expect.stringMatching(/json/), body: 'null' });
  });

  it("answers 404 for a user id that is not a member of the caller's group, B's included", async () => {
    const a = await customerWithAdmin();
    const b = await customerWithAdmin();
    const colleague = await createUser(s.database.db, { groups: [await siblingGroup(a.group)] });
    for (const id of [b.admin.id, colleague.id, randomUUID()]) {
      const res = await lookup(a.headers, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.body).not.toContain(b.admin.email);
    }
    expect((await lookup(a.headers, a.admin.id)).statusCode).toBe(200);
  });

  it('refuses viewers and group users (403) and a value that is neither id nor e-mail (400)', async () => {
    const a = await customerWithAdmin();
    for (const role of ['viewer', 'user'] as const) {
      const u = await createUser(s.database.db, { groups: [a.group], role });
      const { token } = await signIn(s.app, u.email);
      const res = await lookup(authHeaders(token), a.admin.email);
      expect(res.statusCode, role).toBe(403);
      expect(res.body).not.toContain(a.admin.id);
    }
    const bad = await lookup(a.headers, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ id: 'Give a user id or an e-mail address' });
  });

  it("shows a super user every account, another customer's included", async () => {
    const b = await customerWithAdmin();
    const sup = await createUser(s.database.db, { isSuper: true });
    const { token } = await signIn(s.app, sup.email);
    const other = await createGroup(s.database.db);
    const res = await lookup(authHeaders(token, other.id), b.admin.email);
    expect(res.statusCode).toBe(200);
    expect(res.json<UserLookup>().id).toBe(b.admin.id);
  });
});

describe('a password that is not text', () => {
  it('is named like any required field: "Required (Password)"', async () => {
    const a = await customerWithAdmin();
    for (const password of [5, null, true]) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: a.headers,
        payload: {
          name: 'Wrong Type',
          email: `wt-${randomUUID().slice(0, 6)}@acme.example`,
          role: 'viewer',
          group: a.group.id,
          isMember: true,
          password,
        },
      });
      expect(res.statusCode, String(password)).toBe(400);
      expect(res.json().error.fields).toEqual({ password: 'Required (Password)' });
    }
  });
});
