import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { TEAMMATE_TEXTS, type Teammate } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { PASSWORD, authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { auditLog, groups, mailOutbox, memberships, users } from '../src/db/schema/index.ts';
import { INVITATION_MAIL } from '../src/services/teammates/teammates.ts';

/**
 * Issue 31 §6: `POST /api/users` must not tell a Group Admin that an address belongs to another
 * customer's account, which the e-mail check (`GET /api/users/{email}`) already hides.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const address = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

async function customerWithAdmin() {
  const group = await createGroup(s.database.db);
  const admin = await createUser(s.database.db, { groups: [group], role: 'admin' });
  return { group, admin, headers: authHeaders((await signIn(s.app, admin.email)).token) };
}

const addNew = (headers: Record<string, string>, groupId: string, email: string) =>
  s.app.inject({
    method: 'POST',
    url: '/api/users',
    headers,
    payload: {
      name: 'New Hire',
      email,
      role: 'user',
      group: groupId,
      isMember: true,
      password: 'Chosen-by-B-1',
    },
  });

/** A teammate answer without what differs between any two answers (id, address, time). */
const shapeOf = (t: Teammate) => ({ ...t, id: typeof t.id, email: '', createdAt: '' });

const auditRows = (where: Parameters<typeof and>) =>
  s.database.db
    .select()
    .from(auditLog)
    .where(and(...where));

describe("adding another customer's address as a new account", () => {
  it('answers as for a new address, changes no account, and mails its owner an invitation', async () => {
    const a = await customerWithAdmin();
    const b = await customerWithAdmin();
    const held = await createUser(s.database.db, { groups: [a.group], role: 'user' });

    // The e-mail check and the save agree: nothing is known of this address.
    const check = await s.app.inject({
      method: 'GET',
      url: `/api/users/${encodeURIComponent(held.email)}`,
      headers: b.headers,
    });
    expect(check.json()).toBeNull();
    const fresh = await addNew(b.headers, b.group.id, address('fresh'));
    const invited = await addNew(b.headers, b.group.id, held.email);
    expect(invited.statusCode).toBe(fresh.statusCode);
    expect(invited.statusCode).toBe(201);
    const answer = invited.json<Teammate>();
    expect(shapeOf(answer)).toEqual(shapeOf(fresh.json<Teammate>()));
    expect(answer.email).toBe(held.email);
    expect(answer.id).not.toBe(held.id);

    // The account is as it was: not in B's group, A's password still opens it.
    const inB = await s.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, held.id), eq(memberships.groupId, b.group.id)));
    expect(inB).toHaveLength(0);
    const [account] = await s.database.db.select().from(users).where(eq(users.id, held.id));
    expect(account?.name).toBe(held.name);
    await signIn(s.app, held.email, PASSWORD);

    // B's log reads as for a new address; A's group and platform staff see the invitation.
    const bRows = await auditRows([
      eq(auditLog.groupId, b.group.id),
      eq(auditLog.targetId, answer.id),
    ]);
    expect(bRows.map((r) => [r.action, r.details])).toEqual([
      ['createTeammate', { email: held.email, role: 'user' }],
    ]);
    const aRows = await auditRows([
      eq(auditLog.groupId, a.group.id),
      eq(auditLog.targetId, held.id),
    ]);
    expect(aRows.map((r) => [r.action, r.details])).toEqual([
      [
        'inviteTeammateElsewhere',
        { email: held.email, role: 'user', group: null, otherCustomer: true },
      ],
    ]);
    const staff = await auditRows([
      isNull(auditLog.groupId),
      eq(auditLog.action, 'inviteTeammate'),
    ]);
    expect(staff.find((r) => r.targetId === held.id)?.details).toMatchObject({
      group: { id: b.group.id },
      placeholderId: answer.id,
    });

    // The owner decides: the mail tells them who asked, and that nothing changed.
    await expect
      .poll(async () =>
        (await s.database.db.select().from(mailOutbox)).filter((m) => m.toAddress === held.email),
      )
      .toHaveLength(1);
    const [mail] = (await s.database.db.select().from(mailOutbox)).filter(
      (m) => m.toAddress === held.email,
    );
    const [bGroup] = await s.database.db.select().from(groups).where(eq(groups.id, b.group.id));
    expect(mail?.subject).toBe(INVITATION_MAIL.subject(bGroup?.name ?? ''));
    expect(mail?.body).toContain(b.admin.email);
  });

  it('answers the same for an account shared with another customer, as the e-mail check does', async () => {
    const a = await customerWithAdmin();
    const b = await customerWithAdmin();
    const shared = await createUser(s.database.db, { groups: [a.group, b.group], role: 'user' });
    const sibling = (
      await s.database.db
        .insert(groups)
        .values({ customerId: b.group.customerId, name: `Sibling ${randomUUID().slice(0, 8)}` })
        .returning()
    )[0];
    if (!sibling) throw new Error('group not created');
    await s.database.db
      .insert(memberships)
      .values({ groupId: sibling.id, userId: b.admin.id, role: 'admin' });
    const res = await addNew(
      authHeaders((await signIn(s.app, b.admin.email)).token, sibling.id),
      sibling.id,
      shared.email,
    );
    expect(res.statusCode).toBe(201);
    const inSibling = await s.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, shared.id), eq(memberships.groupId, sibling.id)));
    expect(inSibling).toHaveLength(0);
  });
});

describe('the duplicate text stays where the e-mail check shows the account', () => {
  it("answers 409 for an account of the caller's own customer (another group of it too)", async () => {
    const b = await customerWithAdmin();
    const [sibling] = await s.database.db
      .insert(groups)
      .values({ customerId: b.group.customerId, name: `Sibling ${randomUUID().slice(0, 8)}` })
      .returning();
    if (!sibling) throw new Error('group not created');
    const colleague = await createUser(s.database.db, { groups: [sibling], role: 'user' });
    const res = await addNew(b.headers, b.group.id, colleague.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      message: TEAMMATE_TEXTS.duplicateEmail,
      fields: { email: TEAMMATE_TEXTS.duplicateEmail },
    });
  });

  it('answers 409 to platform staff, who see every account', async () => {
    const a = await customerWithAdmin();
    const b = await customerWithAdmin();
    const held = await createUser(s.database.db, { groups: [a.group], role: 'user' });
    const sup = await createUser(s.database.db, { isSuper: true });
    const headers = authHeaders((await signIn(s.app, sup.email)).token, b.group.id);
    const res = await addNew(headers, b.group.id, held.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(TEAMMATE_TEXTS.duplicateEmail);
  });
});
