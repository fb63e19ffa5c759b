import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { NetworkLabelMap } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { auditLog, networkLabels } from '../src/db/schema/index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const URL_ = '/api/config/ip/';

async function adminOf(role: 'admin' | 'viewer' | 'user' = 'admin') {
  const group = await createGroup(s.database.db);
  const user = await createUser(s.database.db, { groups: [group], role });
  const { token } = await signIn(s.app, user.email);
  return { group, user, headers: authHeaders(token, group.id) };
}

const put = (headers: Record<string, string>, payload: unknown, url = URL_) =>
  s.app.inject({ method: 'PUT', url, headers, payload: payload as Record<string, unknown> });

describe('GET/PUT /api/config/ip/', () => {
  it('starts empty, saves the ordered list with 201, and answers it back in order', async () => {
    const { group, headers } = await adminOf();
    const empty = await s.app.inject({ method: 'GET', url: URL_, headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ ipMap: [] });

    const ipMap = [
      { cidr: '10.1.2.0/24', label: 'Team A' },
      { cidr: '10.1.0.0/16', label: 'Sydney' },
      { cidr: ' 10.9.8.7/8 ', label: '  Corporate ' },
      { cidr: '2001:DB8::/32', label: 'V6' },
    ];
    const saved = await put(headers, { ipMap });
    expect(saved.statusCode).toBe(201);
    const expected = [
      { cidr: '10.1.2.0/24', label: 'Team A' },
      { cidr: '10.1.0.0/16', label: 'Sydney' },
      { cidr: '10.0.0.0/8', label: 'Corporate' },
      { cidr: '2001:db8::/32', label: 'V6' },
    ];
    expect(saved.json<NetworkLabelMap>()).toEqual({ ipMap: expected });
    const read = await s.app.inject({ method: 'GET', url: '/api/config/ip', headers });
    expect(read.json<NetworkLabelMap>().ipMap).toEqual(expected);

    const rows = await s.database.db
      .select()
      .from(networkLabels)
      .where(eq(networkLabels.groupId, group.id));
    expect(rows.map((r) => r.position).sort()).toEqual([0, 1, 2, 3]);
  });

  it('replaces the whole list (reorder, remove, empty) and audits each save with before and after', async () => {
    const { group, user, headers } = await adminOf();
    await put(headers, {
      ipMap: [
        { cidr: '192.168.0.0/24', label: 'A' },
        { cidr: '192.168.1.0/24', label: 'B' },
      ],
    });
    const reordered = await put(headers, {
      ipMap: [
        { cidr: '192.168.1.0/24', label: 'B' },
        { cidr: '192.168.0.0/24', label: 'A' },
      ],
    });
    expect(reordered.statusCode).toBe(201);
    const read = await s.app.inject({ method: 'GET', url: URL_, headers });
    expect(read.json<NetworkLabelMap>().ipMap.map((e) => e.label)).toEqual(['B', 'A']);

    expect((await put(headers, { ipMap: [] })).statusCode).toBe(201);
    expect((await s.app.inject({ method: 'GET', url: URL_, headers })).json()).toEqual({
      ipMap: [],
    });

    const audit = await s.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.groupId, group.id), eq(auditLog.action, 'replaceNetworkLabels')))
      .orderBy(auditLog.id);
    expect(audit).toHaveLength(3);
    expect(
      audit.every((a) => a.result === 'success' && a.userId === user.id && a.actor === user.email),
    ).toBe(true);
    expect(audit[1]?.details).toEqual({
      before: [
        { cidr: '192.168.0.0/24', label: 'A' },
        { cidr: '192.168.1.0/24', label: 'B' },
      ],
      after: [
        { cidr: '192.168.1.0/24', label: 'B' },
        { cidr: '192.168.0.0/24', label: 'A' },
      ],
    });
    expect(audit[2]?.message).toBe('Network labels saved: 2 → 0');
  });

  it('refuses bad rows with 400 naming each row and field with the spec texts, and keeps the old list', async () => {
    const { group, headers } = await adminOf();
    await put(headers, { ipMap: [{ cidr: '172.16.0.0/12', label: 'Keep' }] });
    const bad = await put(headers, {
      ipMap: [
        { cidr: '10.0.0.0/8', label: 'Corporate' },
        { cidr: '10.1.0.0/16', label: 'Shadowed' },
        { cidr: '10.0.0.300/24', label: '' },
        { cidr: '192.168.0.0/24', label: 'x'.repeat(121) },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    expect(bad.json().error.fields).toEqual({
      'ipMap.1.cidr': 'Overlaps with 10.0.0.0/8 (Row 1)',
      'ipMap.2.cidr': 'Please enter a valid CIDR range (e.g. 192.168.1.0/24)',
      'ipMap.2.label': 'Please enter a label (max 120 characters)',
      'ipMap.3.label': 'Please enter a label (max 120 characters)',
    });
    expect(bad.json().error.message).toContain('ipMap.1.cidr');
    const read = await s.app.inject({ method: 'GET', url: URL_, headers });
    expect(read.json<NetworkLabelMap>().ipMap).toEqual([{ cidr: '172.16.0.0/12', label: 'Keep' }]);

    await expect
      .poll(async () => {
        const refused = await s.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.groupId, group.id), eq(auditLog.result, 'failure')));
        return refused.map((a) => [a.action, a.message]);
      })
      .toEqual([['PUT /api/config/ip/', 'HTTP 400']]);
  });

  it('accepts 50 rows and refuses 51; refuses unknown keys and a missing list', async () => {
    const { headers } = await adminOf();
    const rows = Array.from({ length: 51 }, (_, i) => ({
      cidr: `10.${i}.0.0/16`,
      label: `Site ${i + 1}`,
    }));
    expect((await put(headers, { ipMap: rows.slice(0, 50) })).statusCode).toBe(201);
    const tooMany = await put(headers, { ipMap: rows });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toEqual({ ipMap: 'At most 50 networks can be labelled' });
    expect(
      (await put(headers, { ipMap: [{ cidr: '10.0.0.0/8', label: 'x', validationError: 'y' }] }))
        .statusCode,
    ).toBe(400);
    expect((await put(headers, {})).statusCode).toBe(400);
    expect((await put(headers, { ipMap: [{ cidr: 10, label: 'x' }] })).statusCode).toBe(400);
  });

  it('is for admin and super only: a viewer and a group user get 403 on GET and PUT, audited', async () => {
    const refusedPuts = async () =>
      (
        await s.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'PUT /api/config/ip/'), eq(auditLog.message, 'HTTP 403')))
      ).length;
    const before = await refusedPuts();
    for (const role of ['viewer', 'user'] as const) {
      const { headers } = await adminOf(role);
      const get = await s.app.inject({ method: 'GET', url: URL_, headers });
      expect(get.statusCode).toBe(403);
      const write = await put(headers, { ipMap: [{ cidr: '10.0.0.0/8', label: 'Nope' }] });
      expect(write.statusCode).toBe(403);
      // The caller is checked before the body: a bad body from a viewer is still 403.
      expect((await put(headers, { ipMap: 'x' })).statusCode).toBe(403);
    }
    // Refusals are audited by the response hook, just after the answer leaves.
    await expect.poll(refusedPuts).toBe(before + 4);
    expect((await s.app.inject({ method: 'GET', url: URL_ })).statusCode).toBe(401);
    expect((await put({}, { ipMap: 'x' })).statusCode).toBe(401);
  });

  it('keeps groups apart; a super user may work in any group', async () => {
    const a = await adminOf();
    const b = await adminOf();
    await put(a.headers, { ipMap: [{ cidr: '10.0.0.0/8', label: 'Group A' }] });
    await put(b.headers, { ipMap: [{ cidr: '10.0.0.0/8', label: 'Group B' }] });
    const foreign = await s.app.inject({
      method: 'GET',
      url: URL_,
      headers: { ...a.headers, 'x-group-id': b.group.id },
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      (await s.app.inject({ method: 'GET', url: URL_, headers: a.headers })).json<NetworkLabelMap>()
        .ipMap[0]?.label,
    ).toBe('Group A');

    const sup = await createUser(s.database.db, { isSuper: true });
    const { token } = await signIn(s.app, sup.email);
    const superHeaders = authHeaders(token, b.group.id);
    expect(
      (
        await s.app.inject({ method: 'GET', url: URL_, headers: superHeaders })
      ).json<NetworkLabelMap>().ipMap[0]?.label,
    ).toBe('Group B');
    expect(
      (await put(superHeaders, { ipMap: [{ cidr: '10.0.0.0/8', label: 'By super' }] })).statusCode,
    ).toBe(201);
    expect(
      (await s.app.inject({ method: 'GET', url: URL_, headers: a.headers })).json<NetworkLabelMap>()
        .ipMap[0]?.label,
    ).toBe('Group A');
  });

  it('serialises concurrent saves of one group', async () => {
    const { headers } = await adminOf();
    const lists = Array.from({ length: 5 }, (_, i) => ({
      ipMap: [
        { cidr: `10.${i}.0.0/16`, label: `L${i}` },
        { cidr: '192.168.0.0/16', label: 'Common' },
      ],
    }));
    const results = await Promise.all(lists.map((l) => put(headers, l)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const final = (
      await s.app.inject({ method: 'GET', url: URL_, headers })
    ).json<NetworkLabelMap>().ipMap;
    expect(final).toHaveLength(2);
    expect(lists.map((l) => l.ipMap)).toContainEqual(final);
  });
});
