import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Teammate, UserLookup } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { auditLog, groups, memberships } from '../src/db/schema/index.ts';

// Issue 14 point 2: one customer's Group Admin must not reach accounts of another customer.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const CHOSEN_BY_A = 'Chosen-by-A-1';

/** A customer (one group) with a Group Admin signed in. */
async function customerWithAdmin() {
  const group = await createGroup(s.database.db);
  const admin = await createUser(s.database.db, { groups: [group], role: 'admin' });
  const { token } = await signIn(s.app, admin.email);
  return { group, admin, headers: authHeaders(token) };
}

/** Another group of the same customer as `of`. */
async function siblingGroup(of: { customerId: string }) {
  const [group] = await s.database.db
    .insert(groups)
    .values({ customerId: of.customerId, name: `Sibling ${randomUUID().slice(0, 8)}` })
    .returning();
  if (!group) throw new Error('group not created');
  return group;
}

async function superHeaders(groupId: string) {
  const sup = await createUser(s.database.db, { isSuper: true });
  const { token } = await signIn(s.app, sup.email);
  return { sup, headers: authHeaders(token, groupId) };
}

function auditIn(groupId: string, action: string, targetId: string) {
  return s.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.groupId, groupId),
        eq(auditLog.action, action),
        eq(auditLog.targetId, targetId),
      ),
    );
}

const lookup = (headers: Record<string, string>, email: string) =>
  s.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(email)}`, headers });

describe('the takeover through an address created by another customer', () => {
  it("keeps B's admin from adding A's account, so A's password never opens B", async () => {
    const a = await customerWithAdmin();
    const b = await customerWithAdmin();
    const email = `newhire-${randomUUID().slice(0, 8)}@b.example`;
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: a.headers,
      payload: {
        name: 'New Hire',
        email,
        role: 'admin',
        group: a.group.id,
        isMember: true,
        password: CHOSEN_BY_A,
      },
    });
    expect(created.statusCode).toBe(201);
    const planted = created.json<Teammate>();

    // B's e-mail check finds nothing (the form keeps id 0) ...
    expect((await lookup(b.headers, email)).json()).toBeNull();
    // ... so B saves a new account: answered as for a new address (issue 31: a 409 here told B
    // the address was taken), while A's account stays as it is and its owner is invited.
    const asNew = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: b.headers,
      payload: {
        name: 'New Hire',
        email,
        role: 'admin',
        group: b.group.id,
        isMember: true,
        password: 'Chosen-by-B-1',
      },
    });
    expect(asNew.statusCode).toBe(201);
    expect(asNew.json<Teammate>().id).not.toBe(planted.id);
    // Sending the id anyway (as the old check answered it) is not found either.
    const byId = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: b.headers,
      payload: { id: planted.id, name: 'New Hire', email, role: 'admin', group: b.group.id },
    });
    expect(byId.statusCode).toBe(404);

    // A's admin signs in with the password they chose: B's keys stay closed.
    const { token } = await signIn(s.app, email, CHOSEN_BY_A);
    const keys = await s.app.inject({
      method: 'GET',
      url: '/api/config/token',
      headers: authHeaders(token, b.group.id),
    });
    expect(keys.statusCode).toBe(403);
    const inB = await s.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, planted.id), eq(memberships.groupId, b.group.id)));
    expect(inB).toHaveLength(0);
  });
});

describe("the e-mail check sees only the caller's customer", () => {
  it('answers not found for another customer’s account and for a super user', async () => {
    const a = await customerWithAdmin();
    const b = await customerWithAdmin();
    const { sup } = await superHeaders(a.group.id);
    const foreign = await lookup(a.headers, b.admin.email);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.body).toBe('null');
    const platform = await lookup(a.headers, sup.email);
    expect(platform.statusCode).toBe(200);
    expect(platform.body).toBe('null');
  });

  it('answers not found for an account shared with another customer', async () => {
    const a = await customerWithAdmin();
    const b = await customerWithAdmin();
    const shared = await createUser(s.database.db, { groups: [a.group, b.group], role: 'user' });
    expect((await lookup(a.headers, shared.email)).body).toBe('null');
  });

  it("finds an account of another group of the caller's own customer", async () => {
    const a = await customerWithAdmin();
    const sibling = await siblingGroup(a.group);
    const colleague = await createUser(s.database.db, {
      groups: [sibling],
      role: 'viewer',
      name: 'Cole League',
    });
    const found = await lookup(a.headers, colleague.email);
    expect(found.statusCode).toBe(200);
    expect(found.json<UserLookup>()).toEqual({
      id: colleague.id,
      name: 'Cole League',
      email: colleague.email,
    });
  });

  it('still shows a super user every account', async () => {
    const b = await customerWithAdmin();
    const { headers } = await superHeaders((await createGroup(s.database.db)).id);
    const found = await lookup(headers, b.admin.email);
    expect(found.statusCode).toBe(200);
    expect(found.json<UserLookup>().id).toBe(b.admin.id);
  });
});

describe('adding an existing account by id', () => {
  it("refuses another customer's user as not found, and B keeps them alone", async () => {
    const a = await customerWithAdmin();
    const b = await customerWithAdmin();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: a.headers,
      payload: {
        id: b.admin.id,
        name: b.admin.name,
        email: b.admin.email,
        role: 'viewer',
        group: a.group.id,
      },
    });
    expect(res.statusCode).toBe(404);
    const rows = await s.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, b.admin.id));
    expect(rows.map((m) => m.groupId)).toEqual([b.group.id]);
  });

  it('refuses a super user, whatever e-mail is sent with the id', async () => {
    const a = await customerWithAdmin();
    const { sup } = await superHeaders(a.group.id);
    for (const email of [sup.email, 'someone.else@example.com']) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: a.headers,
        payload: { id: sup.id, name: 'S', email, role: 'viewer', group: a.group.id },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses an account already shared with another customer', async () => {
    const a = await customerWithAdmin();
    const sibling = await siblingGroup(a.group);
    const b = await customerWithAdmin();
    const shared = await createUser(s.database.db, { groups: [sibling, b.group], role: 'user' });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: a.headers,
      payload: {
        id: shared.id,
        name: shared.name,
        email: shared.email,
        role: 'user',
        group: a.group.id,
      },
    });
    expect(res.statusCode).toBe(404);
  });

  it("adds an account of the caller's own customer, audited in both of its groups", async () => {
    const a = await customerWithAdmin();
    const sibling = await siblingGroup(a.group);
    const colleague = await createUser(s.database.db, { groups: [sibling], role: 'viewer' });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: a.headers,
      payload: {
        id: colleague.id,
        name: colleague.name,
        email: colleague.email,
        role: 'user',
        group: a.group.id,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await auditIn(a.group.id, 'addTeammate', colleague.id)).toHaveLength(1);
    const [note] = await auditIn(sibling.id, 'addTeammateElsewhere', colleague.id);
    expect(note).toMatchObject({
      userId: a.admin.id,
      result: 'success',
      details: {
        email: colleague.email,
        role: 'user',
        group: { id: a.group.id, name: a.group.name },
        otherCustomer: false,
      },
    });
  });
});

describe('passwords of accounts shared between customers', () => {
  it('refuses an admin of both customers; the role in the group can still change', async () => {
    const a = await customerWithAdmin();
    const b = await customerWithAdmin();
    // A's admin also administers B's group: they still cannot set a shared account's password.
    await s.database.db
      .insert(memberships)
      .values({ userId: a.admin.id, groupId: b.group.id, role: 'admin' });
    const shared = await createUser(s.database.db, { groups: [a.group, b.group], role: 'user' });
    const base = { id: shared.id, name: shared.name, email: shared.email, group: a.group.id };
    const password = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: a.headers,
      payload: { ...base, role: 'user', password: CHOSEN_BY_A },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json().error.message).toBe(
      'This user also belongs to another customer: only their role in this group can be changed here.',
    );
    const role = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: a.headers,
      payload: { ...base, role: 'viewer' },
    });
    expect(role.statusCode).toBe(200);
  });
});

describe('every membership change is written in every group of the account', () => {
  it("notes in B's log when a super user adds B's user to A, and when A changes or removes them", async () => {
    const a = await customerWithAdmin();
    const b = await customerWithAdmin();
    const member = await createUser(s.database.db, { groups: [b.group], role: 'user' });
    const { headers: staff } = await superHeaders(a.group.id);
    const added = await s.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: staff,
      payload: {
        id: member.id,
        name: member.name,
        email: member.email,
        role: 'viewer',
        group: a.group.id,
      },
    });
    expect(added.statusCode).toBe(201);
    expect(await auditIn(a.group.id, 'addTeammate', member.id)).toHaveLength(1);
    const [addNote] = await auditIn(b.group.id, 'addTeammateElsewhere', member.id);
    // Another customer's group is not named in B's log.
    expect(addNote?.details).toEqual({
      email: member.email,
      role: 'viewer',
      group: null,
      otherCustomer: true,
    });

    const changed = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: a.headers,
      payload: {
        id: member.id,
        name: member.name,
        email: member.email,
        role: 'user',
        group: a.group.id,
      },
    });
    expect(changed.statusCode).toBe(200);
    const [roleNote] = await auditIn(b.group.id, 'updateTeammateElsewhere', member.id);
    expect(roleNote).toMatchObject({
      userId: a.admin.id,
      details: { changed: ['role'], role: 'user', group: null, otherCustomer: true },
    });

    const removed = await s.app.inject({
      method: 'DELETE',
      url: `/api/users/${member.id}`,
      headers: a.headers,
    });
    expect(removed.statusCode).toBe(204);
    const [removeNote] = await auditIn(b.group.id, 'removeTeammateElsewhere', member.id);
    expect(removeNote).toMatchObject({
      userId: a.admin.id,
      details: { email: member.email, role: 'user', group: null, otherCustomer: true },
    });
    // The membership in B is kept.
    const left = await s.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, member.id));
    expect(left.map((m) => m.groupId)).toEqual([b.group.id]);
  });
});
