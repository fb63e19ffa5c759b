import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventSource } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';

/**
 * A local HTTP server answering as AWS EventBridge does (JSON 1.1 protocol): the real SDK makes
 * real, signed HTTP calls to it. It keeps partner sources and the state offered to each account.
 */
interface Received {
  target: string;
  contentType: string;
  authorization: string;
  body: Record<string, unknown>;
}
const received: Received[] = [];
const sources = new Map<string, Map<string, 'PENDING' | 'ACTIVE' | 'DELETED'>>();
/** Next answers to force, per operation: an AWS error or a dropped connection. */
const failNext = new Map<
  string,
  { status: number; type: string; message: string } | 'drop' | 'dropAlways'
>();

const fakeAws = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const target = String(req.headers['x-amz-target'] ?? '');
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
      string,
      string
    >;
    received.push({
      target,
      contentType: String(req.headers['content-type']),
      authorization: String(req.headers.authorization),
      body,
    });
    const op = target.replace('AWSEvents.', '');
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-requestid': 'req-1',
      });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, type: string, message: string) =>
      send(status, { __type: type, message });
    const forced = failNext.get(op);
    if (forced) {
      if (forced !== 'dropAlways') failNext.delete(op);
      if (forced === 'drop' || forced === 'dropAlways') return req.socket.destroy();
      return error(forced.status, forced.type, forced.message);
    }
    const name = body.Name ?? body.EventSourceName ?? '';
    switch (op) {
      case 'CreatePartnerEventSource': {
        const accounts = sources.get(name) ?? new Map();
        if (accounts.has(body.Account ?? ''))
          return error(
            400,
            'ResourceAlreadyExistsException',
            `Event source ${name} already exists.`,
          );
        accounts.set(body.Account ?? '', 'PENDING');
        sources.set(name, accounts);
        return send(200, { EventSourceArn: `arn:aws:events:us-east-1::event-source/${name}` });
      }
      case 'DeletePartnerEventSource': {
        const accounts = sources.get(name);
        if (!accounts)
          return error(400, 'ResourceNotFoundException', `Event source ${name} does not exist.`);
        accounts.delete(body.Account ?? '');
        return send(200, {});
      }
      case 'DescribePartnerEventSource': {
        if (!sources.has(name))
          return error(400, 'ResourceNotFoundException', `Event source ${name} does not exist.`);
        return send(200, { Arn: `arn:aws:events:us-east-1::event-source/${name}`, Name: name });
      }
      case 'ListPartnerEventSourceAccounts': {
        const accounts = sources.get(name);
        if (!accounts)
          return error(400, 'ResourceNotFoundException', `Event source ${name} does not exist.`);
        return send(200, {
          PartnerEventSourceAccounts: [...accounts].map(([Account, State]) => ({
            Account,
            State,
            CreationTime: 1767225600,
          })),
        });
      }
      default:
        return error(400, 'UnknownOperationException', `Unknown operation ${op}`);
    }
  });
});

let s: TestServer;
beforeAll(async () => {
  await new Promise<void>((resolve) => fakeAws.listen(0, '127.0.0.1', resolve));
  const { port } = fakeAws.address() as AddressInfo;
  s = await startTestServer({
    AWS_ACCESS_KEY_ID: 'AKIDTEST',
    AWS_SECRET_ACCESS_KEY: 'test-secret',
    AWS_ENDPOINT_URL: `http://127.0.0.1:${port}`,
    EVENTBRIDGE_PARTNER_DOMAIN: 'example.test',
    EVENTBRIDGE_STATUS_REFRESH_SECONDS: '0',
  });
});
afterAll(async () => {
  await s.close();
  await new Promise((resolve) => fakeAws.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  failNext.clear();
});

async function admin() {
  const group = await createGroup(s.database.db, { features: ['eventbridge'] });
  const user = await createUser(s.database.db, { groups: [group], role: 'admin' });
  return { group, headers: authHeaders((await signIn(s.app, user.email)).token) };
}
const create = (
  headers: Record<string, string>,
  eventSourceName: string,
  accountId = '123456789012',
) =>
  s.app.inject({
    method: 'POST',
    url: '/api/users/eventBridge',
    headers,
    payload: { awsRegion: 'eu-west-1', eventSourceName, accountId },
  });

describe('EventBridge through the AWS SDK against a local AWS-like server', () => {
  it('creates with a signed JSON 1.1 CreatePartnerEventSource call', async () => {
    const { group, headers } = await admin();
    const res = await create(headers, 'calls');
    expect(res.statusCode).toBe(201);
    const name = `aws.partner/example.test/${group.id}/calls`;
    expect(res.json<EventSource>()).toMatchObject({
      eventSourceName: name,
      status: 'pending',
      awsRegion: 'eu-west-1',
    });
    const call = received.find((r) => r.target === 'AWSEvents.CreatePartnerEventSource');
    expect(call?.contentType).toBe('application/x-amz-json-1.1');
    expect(call?.body).toEqual({ Name: name, Account: '123456789012' });
    expect(call?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/events\/aws4_request/,
    );
  });

  it('refreshes the status on list from ListPartnerEventSourceAccounts: ACTIVE once a bus is associated', async () => {
    const { group, headers } = await admin();
    await create(headers, 'status');
    const name = `aws.partner/example.test/${group.id}/status`;
    const list1 = (
      await s.app.inject({ method: 'GET', url: '/api/users/eventBridge/false', headers })
    ).json<EventSource[]>();
    expect(list1.map((e) => e.status)).toEqual(['pending']);
    sources.get(name)?.set('123456789012', 'ACTIVE');
    const list2 = (
      await s.app.inject({ method: 'GET', url: '/api/users/eventBridge/false', headers })
    ).json<EventSource[]>();
    expect(list2.map((e) => e.status)).toEqual(['active']);
    expect(
      received
        .filter((r) => r.target === 'AWSEvents.ListPartnerEventSourceAccounts')
        .map((r) => r.body),
    ).toContainEqual({ EventSourceName: name });
    // Gone in AWS (the customer deleted it): deleted here, hidden from the live list.
    sources.delete(name);
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/users/eventBridge/false', headers })).json(),
    ).toEqual([]);
    const all = (
      await s.app.inject({ method: 'GET', url: '/api/users/eventBridge/true', headers })
    ).json<EventSource[]>();
    expect(all.map((e) => e.status)).toEqual(['deleted']);
  });

  it('says deleted when the source exists but is no longer offered to the account (Describe)', async () => {
    const { group, headers } = await admin();
    await create(headers, 'withdrawn');
    sources.get(`aws.partner/example.test/${group.id}/withdrawn`)?.clear();
    const all = (
      await s.app.inject({ method: 'GET', url: '/api/users/eventBridge/true', headers })
    ).json<EventSource[]>();
    expect(all.map((e) => e.status)).toEqual(['deleted']);
    expect(received.map((r) => r.target)).toContain('AWSEvents.DescribePartnerEventSource');
  });

  it('maps AWS errors to the spec texts', async () => {
    const { headers } = await admin();
    failNext.set('CreatePartnerEventSource', {
      status: 400,
      type: 'ResourceAlreadyExistsException',
      message: 'Event source already exists.',
    });
    const exists = await create(headers, 'x1');
    expect(exists.statusCode).toBe(409);
    expect(exists.json().error.message).toBe(
      'Event source name already exists with given AWS account. Please try again with a unique name.',
    );

    failNext.set('CreatePartnerEventSource', {
      status: 400,
      type: 'AccessDeniedException',
      message: 'Caller is not allowlisted',
    });
    const allow = await create(headers, 'x2');
    expect(allow.statusCode).toBe(400);
    expect(allow.json().error).toMatchObject({
      message: expect.stringContaining('Invalid AWS Account'),
      fields: { accountId: 'Invalid Account Number' },
    });

    failNext.set('CreatePartnerEventSource', {
      status: 400,
      type: 'ValidationException',
      message:
        "1 validation error detected: Value at 'name' failed to satisfy constraint: Member must satisfy regular expression pattern",
    });
    const pattern = await create(headers, 'x3');
    expect(pattern.statusCode).toBe(400);
    expect(pattern.json().error.message).toBe(
      'Event source name should contain only the following characters...',
    );

    failNext.set('CreatePartnerEventSource', {
      status: 400,
      type: 'OperationDisabledException',
      message: 'Not available in this region',
    });
    const other = await create(headers, 'x4');
    expect(other.statusCode).toBe(502);
    expect(other.json().error.message).toBe(
      'An error occurred while creating event source. Please try again.',
    );

    // Nothing was saved for the refused creates.
    expect(
      (await s.app.inject({ method: 'GET', url: '/api/users/eventBridge/true', headers })).json(),
    ).toEqual([]);
  });

  it('keeps the stored status when AWS cannot be reached, and retries a dropped create once, then answers 502', async () => {
    const { headers } = await admin();
    await create(headers, 'offline');
    failNext.set('ListPartnerEventSourceAccounts', 'drop');
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/users/eventBridge/false',
      headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<EventSource[]>().map((e) => e.status)).toEqual(['pending']);

    failNext.set('CreatePartnerEventSource', 'drop');
    expect((await create(headers, 'retried')).statusCode).toBe(201);
    failNext.set('CreatePartnerEventSource', 'dropAlways');
    const dropped = await create(headers, 'unreachable');
    expect(dropped.statusCode).toBe(502);
    expect(dropped.json().error.message).toBe(
      'An error occurred while creating event source. Please try again.',
    );
  });

  it('deletes with DeletePartnerEventSource; a source already gone in AWS deletes cleanly', async () => {
    const { group, headers } = await admin();
    const a = (await create(headers, 'del-a')).json<EventSource>();
    const res = await s.app.inject({
      method: 'DELETE',
      url: `/api/users/eventBridge/${a.eventSourceId}`,
      headers,
    });
    expect(res.statusCode).toBe(204);
    expect(received.find((r) => r.target === 'AWSEvents.DeletePartnerEventSource')?.body).toEqual({
      Name: `aws.partner/example.test/${group.id}/del-a`,
      Account: '123456789012',
    });
    const b = (await create(headers, 'del-b')).json<EventSource>();
    sources.delete(b.eventSourceName);
    expect(
      (
        await s.app.inject({
          method: 'DELETE',
          url: `/api/users/eventBridge/${b.eventSourceId}`,
          headers,
        })
      ).statusCode,
    ).toBe(204);

    const c = (await create(headers, 'del-c')).json<EventSource>();
    failNext.set('DeletePartnerEventSource', {
      status: 400,
      type: 'InternalException',
      message: 'boom',
    });
    const failed = await s.app.inject({
      method: 'DELETE',
      url: `/api/users/eventBridge/${c.eventSourceId}`,
      headers,
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toContain('InternalException: boom');
  });

  it('says the AWS adapter is in use', async () => {
    const { headers } = await admin();
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/users/eventBridge/settings',
      headers,
    });
    expect(res.json()).toMatchObject({ adapter: 'aws' });
  });

  it('refuses the local association endpoint: in AWS the customer associates the bus', async () => {
    const { headers } = await admin();
    const a = (await create(headers, 'assoc')).json<EventSource>();
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/users/eventBridge/${a.eventSourceId}/associate`,
      headers,
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('associate it with an event bus in the AWS account');
  });
});
