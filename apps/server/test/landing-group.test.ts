import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createTenant, createUser, ingest, signIn } from './factories.ts';
import { users } from '../src/db/schema/index.ts';

/**
 * The group a sign-in lands in (issue 33): the last group used, else the first group that has
 * data, so that nobody starts in an empty group where every chart says "No data Found".
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('the group a sign-in lands in', () => {
  it('a super user with no group used yet lands in the first group that has data', async () => {
    // The empty group sorts first (older, and by name), as Acme Sales does in the demo.
    const empty = await createGroup(s.database.db, { name: 'Acme Sales' });
    const withData = await createTenant(s);
    await ingest(s.app, withData.key, 'calls', [
      { contactId: 'landing-1', agent: 'ana', startTime: Date.now() - 60_000 },
    ]);
    const admin = await createUser(s.database.db, { isSuper: true });
    expect(admin.currentGroupId).toBeNull();

    const first = await signIn(s.app, admin.email);
    expect(first.token.claims.groupId).toBe(withData.group.id);

    // Then the last group used, even an empty one.
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/users/switchGroup',
      headers: authHeaders(first.token),
      payload: { currentGroupId: empty.id },
    });
    expect(res.statusCode).toBe(200);
    const again = await signIn(s.app, admin.email);
    expect(again.token.claims.groupId).toBe(empty.id);
  });

  it('a member whose last group is gone lands in their first group that has data', async () => {
    const empty = await createGroup(s.database.db, { name: 'Aardvark Empty' });
    const tenant = await createTenant(s);
    await ingest(s.app, tenant.key, 'calls', [
      { contactId: 'landing-2', agent: 'ben', startTime: Date.now() - 60_000 },
    ]);
    const member = await createUser(s.database.db, {
      groups: [empty, tenant.group],
      role: 'viewer',
    });
    await s.database.db.update(users).set({ currentGroupId: null }).where(eq(users.id, member.id));

    const { token } = await signIn(s.app, member.email);
    expect(token.claims.groupId).toBe(tenant.group.id);
  });

  it('with no group holding data, the first group as before', async () => {
    const a = await createGroup(s.database.db, { name: 'Quiet A' });
    const b = await createGroup(s.database.db, { name: 'Quiet B' });
    const member = await createUser(s.database.db, { groups: [a, b], role: 'viewer' });
    await s.database.db.update(users).set({ currentGroupId: null }).where(eq(users.id, member.id));

    const { token } = await signIn(s.app, member.email);
    expect(token.claims.groupId).toBe(a.id);
  });
});
