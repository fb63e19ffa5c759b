import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { EventSource } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { auditLog } from '../src/db/schema/index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ EVENTBRIDGE_PARTNER_DOMAIN: 'example.test' });
});
afterAll(() => s.close());

async function member(
  role: 'admin' | 'viewer' | 'user' = 'admin',
  features: 'eventbridge'[] = ['eventbridge'],
) {
  const group = await createGroup(s.database.db, { features });
  const user = await createUser(s.database.db, { groups: [group], role });
  const { token } = await signIn(s.app, user.email);
  return { group, user, headers: authHeaders(token) };
}

const body = (name = 'calls', accountId = '123456789012', awsRegion = 'us-east-1') => ({
  awsRegion,
  eventSourceName: name,
  accountId,
});

describe('EventBridge event sources (built-in adapter)', () => {
  it('creates a pending source named aws.partner/{domain}/{groupId}/{name}, lists it, audits it', async () => {
    const { group, user, headers } = await member();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users/eventBridge',
      headers,
      payload: body('calls.prod'),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json<EventSource>();
    expect(created).toMatchObject({
      awsRegion: 'us-east-1',
      eventSourceName: `aws.partner/example.test/${group.id}/calls.prod`,
      accountId: '123456789012',
      status: 'pending',
      eventBusName: null,
    });
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/users/eventBridge/false',
      headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<EventSource[]>()).toEqual([created]);
    const audit = await s.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, created.eventSourceId), eq(auditLog.action, 'createEventSource')),
      );
    expect(audit[0]).toMatchObject({
      groupId: group.id,
      userId: user.id,
      service: 'eventbridge',
      result: 'success',
    });
  });

  it('validates name, account and region with the spec texts', async () => {
    const { headers } = await member();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/users/eventBridge',
      headers,
      payload: { awsRegion: 'mars-1', eventSourceName: 'bad name', accountId: '12345' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      awsRegion: 'Required (AWS Region)',
      eventSourceName:
        'Event Source Name is required and can only contain alphanumeric characters, hyphens (-), underscores (_), and periods (.)',
      accountId: 'Invalid Account Number',
    });
  });

  it('refuses a duplicate name for the same account and region with the spec text', async () => {
    const { headers } = await member();
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/users/eventBridge',
          headers,
          payload: body('dup'),
        })
      ).statusCode,
    ).toBe(201);
    const again = await s.app.inject({
      method: 'POST',
      url: '/api/users/eventBridge',
      headers,
      payload: body('dup'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'Event source name already exists with given AWS account. Please try again with a unique name.',
    );
    const otherAccount = await s.app.inject({
      method: 'POST',
      url: '/api/users/eventBridge',
      headers,
      payload: body('dup', '210987654321'),
    });
    expect(otherAccount.statusCode).toBe(201);
  });

  it('moves pending to active when an event bus is associated', async () => {
    const { headers } = await member();
    const created = (
      await s.app.inject({
        method: 'POST',
        url: '/api/users/eventBridge',
        headers,
        payload: body('assoc'),
      })
    ).json<EventSource>();
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/users/eventBridge/${created.eventSourceId}/associate`,
      headers,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<EventSource>()).toMatchObject({
      status: 'active',
      eventBusName: created.eventSourceName,
    });
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/users/eventBridge/false',
      headers,
    });
    expect(list.json<EventSource[]>()[0]?.status).toBe('active');
    const audit = await s.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, created.eventSourceId), eq(auditLog.action, 'associateEventBus')),
      );
    expect(audit).toHaveLength(1);
  });

  it('deletes a source: hidden from the live list, shown as deleted with flag=true, audited, name reusable', async () => {
    const { headers } = await member();
    const created = (
      await s.app.inject({
        method: 'POST',
        url: '/api/users/eventBridge',
        headers,
        payload: body('gone'),
      })
    ).json<EventSource>();
    const del = await s.app.inject({
      method: 'DELETE',
      url: `/api/users/eventBridge/${created.eventSourceId}`,
      headers,
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/users/eventBridge/false', headers })).json(),
    ).toEqual([]);
    const all = (
      await s.app.inject({ method: 'GET', url: '/api/users/eventBridge/true', headers })
    ).json<EventSource[]>();
    expect(all.map((e) => [e.eventSourceId, e.status])).toEqual([
      [created.eventSourceId, 'deleted'],
    ]);
    const again = await s.app.inject({
      method: 'DELETE',
      url: `/api/users/eventBridge/${created.eventSourceId}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Event source not found.');
    const audit = await s.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, created.eventSourceId), eq(auditLog.action, 'deleteEventSource')),
      );
    expect(audit).toHaveLength(1);
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/users/eventBridge',
          headers,
          payload: body('gone'),
        })
      ).statusCode,
    ).toBe(201);
  });

  it('needs the eventbridge flag, admin or super to write, and keeps groups apart', async () => {
    const noFlag = await member('admin', []);
    const off = await s.app.inject({
      method: 'GET',
      url: '/api/users/eventBridge/false',
      headers: noFlag.headers,
    });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe('EventBridge is not enabled for this group.');
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/users/eventBridge',
          headers: noFlag.headers,
          payload: body(),
        })
      ).statusCode,
    ).toBe(403);

    const admin = await member();
    const created = (
      await s.app.inject({
        method: 'POST',
        url: '/api/users/eventBridge',
        headers: admin.headers,
        payload: body('mine'),
      })
    ).json<EventSource>();
    const viewer = await createUser(s.database.db, { groups: [admin.group], role: 'viewer' });
    const viewerHeaders = authHeaders((await signIn(s.app, viewer.email)).token);
    expect(
      (
        await s.app.inject({
          method: 'GET',
          url: '/api/users/eventBridge/false',
          headers: viewerHeaders,
        })
      ).json<EventSource[]>(),
    ).toHaveLength(1);
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/users/eventBridge',
          headers: viewerHeaders,
          payload: body('v'),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await s.app.inject({
          method: 'DELETE',
          url: `/api/users/eventBridge/${created.eventSourceId}`,
          headers: viewerHeaders,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: `/api/users/eventBridge/${created.eventSourceId}/associate`,
          headers: viewerHeaders,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);

    const other = await member();
    expect(
      (
        await s.app.inject({
          method: 'DELETE',
          url: `/api/users/eventBridge/${created.eventSourceId}`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await s.app.inject({
          method: 'GET',
          url: '/api/users/eventBridge/true',
          headers: other.headers,
        })
      ).json(),
    ).toEqual([]);
  });

  it('tells the name prefix and the adapter in use', async () => {
    const { group, headers } = await member('viewer');
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/users/eventBridge/settings',
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      namePrefix: `aws.partner/example.test/${group.id}/`,
      adapter: 'local',
    });
  });

  it('reads the list flag strictly', async () => {
    const { headers } = await member();
    const bad = await s.app.inject({ method: 'GET', url: '/api/users/eventBridge/maybe', headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      flag: 'flag must be true (include deleted sources) or false',
    });
  });
});
