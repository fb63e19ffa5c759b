import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  Customer,
  Group,
  GroupActionResult,
  GroupDetail,
  GroupSaveResult,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { auditLog, configEntries, customers } from '../src/db/schema/index.ts';

let s: TestServer;
let superHeaders: Record<string, string>;
beforeAll(async () => {
  s = await startTestServer();
  const home = await createGroup(s.database.db, { name: 'Staff Home' });
  const sup = await createUser(s.database.db, { isSuper: true });
  const { token } = await signIn(s.app, sup.email);
  superHeaders = authHeaders(token, home.id);
});
afterAll(() => s.close());

function audited(action: string, targetId: string) {
  return s.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        eq(auditLog.targetId, targetId),
        eq(auditLog.result, 'success'),
      ),
    );
}

async function provision(payload: Record<string, unknown>) {
  return s.app.inject({ method: 'POST', url: '/api/groups', headers: superHeaders, payload });
}

describe('group management is for platform staff only', () => {
  it('refuses an admin with 403 on every management route', async () => {
    const g = await createGroup(s.database.db);
    const admin = await createUser(s.database.db, { groups: [g], role: 'admin' });
    const { token } = await signIn(s.app, admin.email);
    const h = authHeaders(token);
    const calls = await Promise.all([
      s.app.inject({ method: 'GET', url: '/api/groups/archived', headers: h }),
      s.app.inject({ method: 'GET', url: '/api/customer', headers: h }),
      s.app.inject({
        method: 'POST',
        url: '/api/groups',
        headers: h,
        payload: {
          name: 'X',
          region: 'us-east-2',
          customerSelection: 'new',
          newCustomerName: 'X',
          ccaasProvider: 'AWS',
        },
      }),
      s.app.inject({
        method: 'PUT',
        url: '/api/groups',
        headers: h,
        payload: { id: g.id, name: 'X', customerID: g.customerId, ccaasProvider: 'AWS' },
      }),
      s.app.inject({ method: 'POST', url: `/api/groups/${g.id}/archive`, headers: h }),
      s.app.inject({ method: 'POST', url: `/api/groups/${g.id}/restore`, headers: h }),
      s.app.inject({ method: 'POST', url: `/api/groups/${g.id}/bi/configure`, headers: h }),
    ]);
    expect(calls.map((c) => c.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    // Members see their group without its secret.
    const own = await s.app.inject({ method: 'GET', url: `/api/groups/${g.id}`, headers: h });
    expect(own.statusCode).toBe(200);
    expect(own.json()).not.toHaveProperty('secret');
  });
});

describe('POST /api/groups', () => {
  it('provisions a group with a new customer, a generated secret and the default config', async () => {
    const res = await provision({
      name: 'Blue Ops',
      region: 'us-east-2',
      customerSelection: 'new',
      newCustomerName: 'Blue Corp',
      ccaasProvider: 'GENESYS',
    });
    expect(res.statusCode).toBe(201);
    const { group, message } = res.json<GroupSaveResult>();
    expect(message).toBe('');
    expect(group).toMatchObject({
      name: 'Blue Ops',
      region: 'us-east-2',
      customerName: 'Blue Corp',
      ccaasProvider: 'GENESYS',
      status: 'active',
      heartbeatEnabled: false,
    });
    expect(group.secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const config = await s.database.db
      .select()
      .from(configEntries)
      .where(eq(configEntries.groupId, group.id));
    expect(config.map((c) => [c.key, c.value])).toEqual([['HEARTBEAT_ENABLED', 'false']]);
    expect(await audited('createGroup', group.id)).toHaveLength(1);
    expect(await audited('configureBi', group.id)).toHaveLength(1);
    const detail = await s.app.inject({
      method: 'GET',
      url: `/api/groups/${group.id}`,
      headers: superHeaders,
    });
    expect(detail.json<GroupDetail>().secret).toBe(group.secret);
    // The new group works at once: it is listed and can be entered.
    const list = await s.app.inject({ method: 'GET', url: '/api/groups', headers: superHeaders });
    expect(list.json<Group[]>().map((g) => g.id)).toContain(group.id);
    const features = await s.app.inject({
      method: 'GET',
      url: `/api/groups/${group.id}/features`,
      headers: authHeaders(superHeaders.authorization?.slice(7) ?? '', group.id),
    });
    expect(features.statusCode).toBe(200);
  });

  it('adds a group to an existing customer, listed by GET /api/customer', async () => {
    const first = (
      await provision({
        name: 'Red One',
        region: 'ap-southeast-2',
        customerSelection: 'new',
        newCustomerName: 'Red Corp',
        ccaasProvider: 'AWS',
      })
    ).json<GroupSaveResult>().group;
    const second = await provision({
      name: 'Red Two',
      region: 'ap-southeast-2',
      customerSelection: 'existing',
      customerID: first.customerID,
      ccaasProvider: 'NICE',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json<GroupSaveResult>().group.customerName).toBe('Red Corp');
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/customer',
      headers: superHeaders,
    });
    expect(list.json<Customer[]>().find((c) => c.customerID === first.customerID)).toEqual({
      customerID: first.customerID,
      customerName: 'Red Corp',
      groupCount: 2,
    });
  });

  it('names missing fields and refuses duplicates', async () => {
    const empty = await provision({ name: '', customerSelection: 'new' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      name: 'Required (Name)',
      region: 'Required (Region)',
      ccaasProvider: 'Required (CCaaS Provider)',
      newCustomerName: 'Required (New Customer Name)',
    });
    const missingCustomer = await provision({
      name: 'Z',
      region: 'us-east-2',
      customerSelection: 'existing',
      customerID: '5b0f9a4e-3f55-4b55-9d8e-0a4c2b3c1d11',
      ccaasProvider: 'AWS',
    });
    expect(missingCustomer.statusCode).toBe(400);
    expect(missingCustomer.json().error.fields).toEqual({ customerID: 'Customer not found' });
    await provision({
      name: 'Green',
      region: 'us-east-2',
      customerSelection: 'new',
      newCustomerName: 'Green Corp',
      ccaasProvider: 'AWS',
    });
    const dupCustomer = await provision({
      name: 'Green 2',
      region: 'us-east-2',
      customerSelection: 'new',
      newCustomerName: 'green corp',
      ccaasProvider: 'AWS',
    });
    expect(dupCustomer.statusCode).toBe(409);
    expect(dupCustomer.json().error.message).toBe('A customer with this name already exists');
    const [green] = await s.database.db
      .select()
      .from(customers)
      .where(eq(customers.name, 'Green Corp'));
    const dupGroup = await provision({
      name: 'GREEN',
      region: 'us-east-2',
      customerSelection: 'existing',
      customerID: green?.id,
      ccaasProvider: 'AWS',
    });
    expect(dupGroup.statusCode).toBe(409);
  });
});

describe('PUT /api/groups', () => {
  it('updates name, customer and provider; the region is locked', async () => {
    const created = (
      await provision({
        name: 'Teal',
        region: 'ap-southeast-2',
        customerSelection: 'new',
        newCustomerName: 'Teal Corp',
        ccaasProvider: 'AWS',
      })
    ).json<GroupSaveResult>().group;
    const ok = await s.app.inject({
      method: 'PUT',
      url: '/api/groups',
      headers: superHeaders,
      payload: {
        id: created.id,
        name: 'Teal Renamed',
        region: 'ap-southeast-2',
        customerSelection: 'existing',
        customerID: created.customerID,
        ccaasProvider: 'NICE',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<GroupSaveResult>().group).toMatchObject({
      name: 'Teal Renamed',
      ccaasProvider: 'NICE',
      region: 'ap-southeast-2',
      secret: created.secret,
    });
    expect(await audited('updateGroup', created.id)).toHaveLength(1);
    const region = await s.app.inject({
      method: 'PUT',
      url: '/api/groups',
      headers: superHeaders,
      payload: {
        id: created.id,
        name: 'Teal',
        region: 'us-east-2',
        customerID: created.customerID,
        ccaasProvider: 'NICE',
      },
    });
    expect(region.statusCode).toBe(400);
    expect(region.json().error.fields).toEqual({
      region: 'Region cannot be changed after the group is created',
    });
    const noId = await s.app.inject({
      method: 'PUT',
      url: '/api/groups',
      headers: superHeaders,
      payload: { name: 'Teal', customerID: created.customerID, ccaasProvider: 'NICE' },
    });
    expect(noId.json().error.fields).toEqual({ id: 'Group ID is missing' });
    const unknown = await s.app.inject({
      method: 'PUT',
      url: '/api/groups',
      headers: superHeaders,
      payload: {
        id: '5b0f9a4e-3f55-4b55-9d8e-0a4c2b3c1d11',
        name: 'Teal',
        customerID: created.customerID,
        ccaasProvider: 'NICE',
      },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('archive and restore', () => {
  it('locks members out of an archived group and lets them back in after restore', async () => {
    const g = await createGroup(s.database.db);
    const member = await createUser(s.database.db, { groups: [g], role: 'admin' });
    const { token } = await signIn(s.app, member.email);
    const archived = await s.app.inject({
      method: 'POST',
      url: `/api/groups/${g.id}/archive`,
      headers: superHeaders,
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json<GroupDetail>()).toMatchObject({
      status: 'archived',
      archivedAt: expect.any(String),
    });
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/users', headers: authHeaders(token, g.id) }))
        .statusCode,
    ).toBe(403);
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/groups/archived',
      headers: superHeaders,
    });
    expect(list.json<GroupDetail[]>().map((x) => x.id)).toContain(g.id);
    const active = await s.app.inject({ method: 'GET', url: '/api/groups', headers: superHeaders });
    expect(active.json<Group[]>().map((x) => x.id)).not.toContain(g.id);
    const twice = await s.app.inject({
      method: 'POST',
      url: `/api/groups/${g.id}/archive`,
      headers: superHeaders,
    });
    expect(twice.statusCode).toBe(409);

    const restored = await s.app.inject({
      method: 'POST',
      url: `/api/groups/${g.id}/restore`,
      headers: superHeaders,
    });
    expect(restored.json<GroupDetail>()).toMatchObject({ status: 'active', archivedAt: null });
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/users', headers: authHeaders(token, g.id) }))
        .statusCode,
    ).toBe(200);
    expect(await audited('archiveGroup', g.id)).toHaveLength(1);
    expect(await audited('restoreGroup', g.id)).toHaveLength(1);
  });
});

describe('BI configuration (Update Canvas)', () => {
  it('is recorded in the audit log and answers a message', async () => {
    const g = await createGroup(s.database.db, { name: 'Canvas Co' });
    const bi = await s.app.inject({
      method: 'POST',
      url: `/api/groups/${g.id}/bi/configure`,
      headers: superHeaders,
    });
    expect(bi.statusCode).toBe(200);
    expect(bi.json<GroupActionResult>().message).toContain("Canvas of 'Canvas Co'");
    expect(await audited('configureBi', g.id)).toHaveLength(1);
    const missing = await s.app.inject({
      method: 'POST',
      url: '/api/groups/5b0f9a4e-3f55-4b55-9d8e-0a4c2b3c1d11/bi/configure',
      headers: superHeaders,
    });
    expect(missing.statusCode).toBe(404);
    // Update Canvas calls bi/configure (issue 21): the former canvas/update route is gone.
    const gone = await s.app.inject({
      method: 'POST',
      url: `/api/groups/${g.id}/canvas/update`,
      headers: superHeaders,
    });
    expect(gone.statusCode).toBe(404);
  });
});
