import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import WebSocket from 'ws';
import {
  onAgentAlert,
  type AgentAlert,
  type WebSocketConstructor,
} from '../../../packages/collector/src/agent-alerts.ts';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  agentPushPage,
  RECORD_COUNT_HEADER,
  type ActionHistoryItem,
  type ApiTokenCreated,
  type EventSource,
  type FeatureFlag,
  type IngestSampleInput,
  type Watcher,
  type WorkflowActionInput,
  type WorkflowSaveInput,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { eventBridgeEvents, workflowJobs } from '../src/db/schema/index.ts';

/** A local HTTP receiver: records every request; answers 200 unless told to fail. */
interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let failWith: number | null = null;
const waiters: (() => void)[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    res.writeHead(failWith ?? 200, { 'content-type': 'text/plain' });
    res.end(failWith ? 'receiver down' : 'ok');
    waiters.splice(0).forEach((w) => w());
  });
});
/** Resolves once the receiver holds at least n requests for the path. */
async function requestsTo(path: string, n: number): Promise<Received[]> {
  for (;;) {
    const got = received.filter((r) => r.url === path);
    if (got.length >= n) return got;
    await new Promise<void>((resolve) => waiters.push(resolve));
  }
}

/** A local SMTP server: every mail it accepts. */
const mails: { to: string[]; raw: string }[] = [];
const mailWaiters: (() => void)[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      mailWaiters.splice(0).forEach((w) => w());
      done();
    });
  },
});

let s: TestServer;
let base: string;
let serverUrl: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  s = await startTestServer({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    WORKFLOW_ACTION_MAX_ATTEMPTS: '2',
    // The product's default: delivery is at least once, so a receiver slowed past the time-out by a
    // loaded machine gets a retry, and the burst test's exactly-40 would fail (seen at 2,000 ms).
    WORKFLOW_ACTION_TIMEOUT_MS: '5000',
  });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s.close();
  receiver.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(() => {
  failWith = null;
  s.ctx.workflows.clock.now = () => Date.now();
});

let counter = 0;
const contact = () => `wf-call-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** A group with an admin and an API key made through the API. */
async function tenant(features: FeatureFlag[] = []) {
  const group = await createGroup(s.database.db, { features });
  const admin = await createUser(s.database.db, { groups: [group], role: 'admin' });
  const { token } = await signIn(s.app, admin.email);
  const headers = authHeaders(token);
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/config/token',
    headers,
    payload: { name: 'Collector' },
  });
  expect(res.statusCode).toBe(201);
  return { group, headers, accessToken: token.accessToken, key: res.json<ApiTokenCreated>().token };
}

const ingest = async (key: string, path: string, payload: object) => {
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/ingest/v1/${path}`,
    headers: { authorization: `Bearer ${key}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** Waits until every firing is written and every queued action has run. */
async function settle() {
  await s.ctx.workflows.engine.settled();
  await s.ctx.workflows.queue.idle();
}

function second(contactId: string, i: number, over: Partial<IngestSampleInput> = {}) {
  return {
    contactId,
    timestamp: Date.now() - 60_000 + i * 1000,
    inbound: { mos: 4.3, packetsCount: 50, packetsLost: 0 },
    outbound: { mos: 4.3, packetsCount: 50, packetsLost: 0 },
    rttMs: 40,
    jitterMs: 4,
    ...over,
  } satisfies IngestSampleInput;
}
const bad = (contactId: string, i: number) =>
  second(contactId, i, {
    inbound: { mos: 2.1, packetsCount: 50, packetsLost: 0 },
    outbound: { mos: 2.0, packetsCount: 50, packetsLost: 0 },
  });

async function createWatcher(
  t: { group: { id: string }; headers: Record<string, string> },
  over: Partial<WorkflowSaveInput> & { actions: WorkflowActionInput[] },
): Promise<Watcher> {
  const payload: WorkflowSaveInput = {
    workflowId: '-1',
    application: 'aws-connect',
    trigger: 'aws-connect-mos',
    workflowName: 'Low MOS alert',
    triggerThreshold: { threshold: 3.5 },
    ...over,
  };
  const watchdog = ['aws-connect-agent-issue-reported', 'eb-summary-data'].includes(
    payload.trigger,
  );
  const res = await s.app.inject(
    watchdog
      ? { method: 'POST', url: '/api/watchdog/watcher', headers: t.headers, payload }
      : { method: 'PUT', url: `/api/groups/${t.group.id}/watchers`, headers: t.headers, payload },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Watcher>();
}

async function history(t: { group: { id: string }; headers: Record<string, string> }) {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/groups/${t.group.id}/watchers/actions/history?fromTime=now-1h&toTime=now%2B1h`,
    headers: t.headers,
  });
  expect(res.statusCode).toBe(200);
  return {
    items: res.json<ActionHistoryItem[]>(),
    total: Number(res.headers[RECORD_COUNT_HEADER]),
  };
}

describe('watchers evaluate ingested data', () => {
  it('sends the webhook once per call for a bad call, records it, and again after the cool-down', async () => {
    const t = await tenant();
    const path = `/hook-${counter}`;
    const w = await createWatcher(t, {
      actions: [
        {
          type: 'invoke-webhook',
          url: `${base}${path}`,
          method: 'put',
          headers: '{"x-token":"s3cret"}',
          body: '{"contactId":"{{contactId}}","agent":"{{agent}}","mos":{{value}},"workflow":"{{workflowName}}"}',
        },
      ],
    });
    const c = contact();
    await ingest(t.key, 'calls', {
      calls: [{ contactId: c, agent: 'agent "one"', startTime: Date.now() - 70_000 }],
    });
    await ingest(t.key, 'samples', { samples: [second(c, 0), bad(c, 1), bad(c, 2)] });

    const [hook] = await requestsTo(path, 1);
    expect(hook?.method).toBe('PUT');
    expect(hook?.headers['x-token']).toBe('s3cret');
    expect(hook?.headers['content-type']).toBe('application/json');
    const sent = JSON.parse(hook?.body ?? '{}') as Record<string, unknown>;
    expect(sent).toMatchObject({ contactId: c, agent: 'agent "one"', workflow: 'Low MOS alert' });
    expect(sent.mos).toBeLessThanOrEqual(3.5);

    await settle();
    let h = await history(t);
    expect(h.total).toBe(1);
    expect(h.items[0]?._source).toMatchObject({
      workflowId: w._id,
      workflowName: 'Low MOS alert',
      application: 'aws-connect',
      trigger: 'aws-connect-mos',
      action: 'invoke-webhook',
      contactId: c,
      agentName: 'agent "one"',
      response: 'HTTP 200: ok',
      result: 'success',
      attempts: 1,
    });

    // More bad seconds of the same call: no storm.
    await ingest(t.key, 'samples', { samples: [bad(c, 3), bad(c, 4), bad(c, 5)] });
    await settle();
    expect(received.filter((r) => r.url === path)).toHaveLength(1);
    expect((await history(t)).total).toBe(1);

    // Past the cool-down the same call may fire again.
    s.ctx.workflows.clock.now = () => Date.now() + 16 * 60_000;
    await ingest(t.key, 'samples', { samples: [bad(c, 6)] });
    await requestsTo(path, 2);
    await settle();
    h = await history(t);
    expect(h.total).toBe(2);

    // A good call, and a bad call while the watcher is off, fire nothing.
    s.ctx.workflows.clock.now = () => Date.now();
    await ingest(t.key, 'samples', { samples: [second(contact(), 0), second(contact(), 1)] });
    const off = await s.app.inject({
      method: 'PUT',
      url: `/api/groups/${t.group.id}/watchers/${w._id}/deactivate`,
      headers: t.headers,
    });
    expect(off.statusCode).toBe(200);
    await ingest(t.key, 'samples', { samples: [bad(contact(), 0)] });
    await settle();
    expect(received.filter((r) => r.url === path)).toHaveLength(2);

    const watcher = (
      await s.app.inject({
        method: 'GET',
        url: `/api/groups/${t.group.id}/watchers`,
        headers: t.headers,
      })
    ).json<Watcher[]>()[0];
    expect(watcher?._source.status.execution_state).toBe('executed');
    expect(watcher?._source.lastFiredAt).not.toBeNull();
  });

  it('runs a burst of firings (more than the queue has slots), each once', async () => {
    const t = await tenant();
    const path = `/burst-${counter}`;
    await createWatcher(t, {
      actions: [
        {
          type: 'invoke-webhook',
          url: `${base}${path}`,
          method: 'post',
          body: '{"contactId":"{{contactId}}"}',
        },
      ],
    });
    const contacts = Array.from({ length: 40 }, () => contact());
    await ingest(t.key, 'samples', { samples: contacts.map((c) => bad(c, 0)) });
    const got = await requestsTo(path, 40);
    await settle();
    const sent = got.map((r) => (JSON.parse(r.body) as { contactId: string }).contactId);
    expect(new Set(sent)).toEqual(new Set(contacts));
    expect(received.filter((r) => r.url === path)).toHaveLength(40);
    expect((await history(t)).total).toBe(40);
  });

  it('hands a fresh job to the local queue (one attempt) and retakes a job whose lease lapsed', async () => {
    const t = await tenant();
    const path = `/handoff-${counter}`;
    const watcher = await createWatcher(t, {
      actions: [
        {
          type: 'invoke-webhook',
          url: `${base}${path}`,
          method: 'post',
          body: '{"contactId":"{{contactId}}"}',
        },
      ],
    });
    const c = contact();
    await ingest(t.key, 'samples', { samples: [bad(c, 0)] });
    await requestsTo(path, 1);
    await settle();
    const jobsOf = () =>
      s.database.db.select().from(workflowJobs).where(eq(workflowJobs.groupId, t.group.id));
    const [fresh] = await jobsOf();
    // Leased in the firing's transaction and run at once: never claimed a second time.
    expect(fresh).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });

    // A job leased by a process that died before running it: once the lease has lapsed, the
    // queue claims it like any due job.
    const [orphan] = await s.database.db
      .insert(workflowJobs)
      .values({
        groupId: t.group.id,
        workflowId: watcher._id,
        status: 'running',
        attempts: 1,
        lockedUntil: new Date(Date.now() - 1000),
        payload: { ...(fresh?.payload ?? {}), contactId: `${c}-orphan` },
      })
      .returning();
    s.ctx.workflows.queue.kick();
    await requestsTo(path, 2);
    await settle();
    const retaken = (await jobsOf()).find((j) => j.id === orphan?.id);
    expect(retaken).toMatchObject({ status: 'done', attempts: 2 });
    expect((await history(t)).total).toBe(2);
  });

  it('records a failing webhook with its attempts and the receiver answer, in history and audit', async () => {
    const t = await tenant();
    const path = `/failing-${counter}`;
    failWith = 503;
    await createWatcher(t, {
      trigger: 'aws-connect-jitter',
      triggerThreshold: { threshold: 30 },
      actions: [{ type: 'invoke-webhook', url: `${base}${path}`, method: 'post', body: '{}' }],
    });
    const c = contact();
    await ingest(t.key, 'samples', { samples: [second(c, 0, { jitterMs: 80 })] });
    await requestsTo(path, 2);
    await settle();
    const h = await history(t);
    expect(h.items[0]?._source).toMatchObject({
      result: 'failure',
      attempts: 2,
      response: 'HTTP 503 receiver down',
    });
    const jobs = await s.database.db
      .select()
      .from(workflowJobs)
      .where(eq(workflowJobs.groupId, t.group.id));
    expect(jobs.map((j) => j.status)).toEqual(['failed']);
    const audit = await s.app.inject({
      method: 'GET',
      url: `/api/auditLogs?service=workflows&id=${jobs[0]?.id}`,
      headers: t.headers,
    });
    const [row] = audit.json<{ data: { result: string; exception: string | null }[] }>().data;
    expect(row).toMatchObject({ result: 'failure', exception: 'HTTP 503 receiver down' });
  });

  it('sends e-mail through the SMTP server when a call loses packets', async () => {
    const t = await tenant();
    const to = `ops-${counter}@example.com`;
    await createWatcher(t, {
      trigger: 'aws-connect-packet-loss',
      triggerThreshold: { threshold: 1 },
      actions: [
        {
          type: 'send-email',
          toEmail: to,
          subject: 'Packet loss on {{contactId}}',
          body: 'Agent {{agent}} lost {{value}}% of packets.',
        },
      ],
    });
    const c = contact();
    await ingest(t.key, 'calls', {
      calls: [{ contactId: c, agent: 'mailer', startTime: Date.now() - 70_000 }],
    });
    await ingest(t.key, 'samples', {
      samples: [second(c, 0, { inbound: { mos: 4, packetsCount: 90, packetsLost: 10 } })],
    });
    while (!mails.some((m) => m.to.includes(to)))
      await new Promise<void>((resolve) => mailWaiters.push(resolve));
    const mail = mails.find((m) => m.to.includes(to));
    expect(mail?.raw).toContain(`Subject: Packet loss on ${c}`);
    expect(mail?.raw).toContain('Agent mailer lost 10% of packets.');
    await settle();
    const h = await history(t);
    expect(h.items[0]?._source.result).toBe('success');
    expect(h.items[0]?._source.response).toMatch(/^250/);
  });

  it('pushes an agent alert to the agent page over the socket', async () => {
    const t = await tenant();
    await createWatcher(t, {
      trigger: 'aws-connect-latency',
      triggerThreshold: { threshold: 400 },
      actions: [
        { type: 'agent-alert', messageType: 'Audio Delay', body: 'High latency: {{value}} ms' },
      ],
    });
    const socket = io(serverUrl, {
      path: '/socket.io',
      auth: { token: t.accessToken },
      transports: ['websocket'],
      reconnection: false,
    });
    const messages: { page: string; data: Record<string, unknown> }[] = [];
    let arrived: () => void = () => {};
    const got = new Promise<void>((resolve) => (arrived = resolve));
    socket.on('message', (m: { page: string; data: Record<string, unknown> }) => {
      messages.push(m);
      arrived();
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    await socket.emitWithAck('subscribeToPage', agentPushPage('jane@example.com'));
    const c = contact();
    await ingest(t.key, 'calls', {
      calls: [{ contactId: c, agent: 'jane@example.com', startTime: Date.now() - 70_000 }],
    });
    await ingest(t.key, 'samples', { samples: [second(c, 0, { rttMs: 650 })] });
    await got;
    socket.close();
    expect(messages[0]?.page).toBe(agentPushPage('jane@example.com'));
    expect(messages[0]?.data).toMatchObject({
      type: 'agent-alert',
      contactId: c,
      messageType: 'Audio Delay',
      body: 'High latency: 650 ms',
    });
  });

  it("delivers an agent notification to the agent's collector (onAgentAlert with the API key)", async () => {
    const t = await tenant();
    await createWatcher(t, {
      trigger: 'aws-connect-mos',
      triggerThreshold: { threshold: 3 },
      actions: [
        {
          type: 'agent-notification',
          messageType: 'Network Issue',
          actionButton: 'Run Network Test',
          body: 'Your call quality dropped (MOS {{value}}).',
        },
      ],
    });
    const alerts: AgentAlert[] = [];
    const errors: Error[] = [];
    let arrived: () => void = () => {};
    const got = new Promise<void>((resolve) => (arrived = resolve));
    let connected: () => void = () => {};
    // onConnect: the subscription is live (the socket.io CONNECT answer) before ingesting.
    const ready = new Promise<void>((resolve) => (connected = resolve));
    const stop = onAgentAlert(
      {
        endpoint: serverUrl,
        apiKey: t.key,
        agent: 'Zoë Agent',
        onError: (e) => errors.push(e),
        onConnect: () => connected(),
        WebSocket: WebSocket as unknown as WebSocketConstructor,
      },
      (alert) => {
        alerts.push(alert);
        arrived();
      },
    );
    await ready;
    const c = contact();
    await ingest(t.key, 'calls', {
      calls: [{ contactId: c, agent: 'Zoë Agent', startTime: Date.now() - 70_000 }],
    });
    await ingest(t.key, 'samples', { samples: [bad(c, 0)] });
    await got;
    stop();
    expect(errors).toEqual([]);
    expect(alerts).toEqual([
      expect.objectContaining({
        type: 'agent-notification',
        contactId: c,
        messageType: 'Network Issue',
        actionButton: 'Run Network Test',
        body: 'Your call quality dropped (MOS 2.06).',
      }),
    ]);
  });

  it('refuses the alert socket to an unknown API key', async () => {
    const errors: Error[] = [];
    let failed: () => void = () => {};
    const refused = new Promise<void>((resolve) => (failed = resolve));
    const stop = onAgentAlert(
      {
        endpoint: serverUrl,
        apiKey: 'cs_not-a-key',
        agent: 'x',
        reconnectDelayMs: 60_000,
        onError: (e) => {
          errors.push(e);
          failed();
        },
        WebSocket: WebSocket as unknown as WebSocketConstructor,
      },
      () => {},
    );
    await refused;
    stop();
    expect(errors[0]?.message).toContain('Invalid API key');
  });

  it('fires watchdog watchers on reported issues and puts summaries on the EventBridge source', async () => {
    const t = await tenant(['eventbridge']);
    const path = `/issues-${counter}`;
    await createWatcher(t, {
      trigger: 'aws-connect-agent-issue-reported',
      triggerThreshold: { severity: 'Terrible' },
      actions: [
        {
          type: 'invoke-webhook',
          url: `${base}${path}`,
          method: 'post',
          body: '{"agent":"{{agent}}","contactId":"{{contactId}}"}',
        },
      ],
    });
    const source = (
      await s.app.inject({
        method: 'POST',
        url: '/api/users/eventBridge',
        headers: t.headers,
        payload: {
          awsRegion: 'eu-west-1',
          eventSourceName: `calls-${counter}`,
          accountId: '123456789012',
        },
      })
    ).json<EventSource>();
    await createWatcher(t, {
      trigger: 'eb-summary-data',
      triggerThreshold: {},
      actions: [{ type: 'eventbridge', eventSource: source.eventSourceId }],
    });

    const c = contact();
    const time = Date.now() - 10_000;
    await ingest(t.key, 'events', {
      events: [
        {
          time,
          type: 'agent-issue-reported',
          agent: 'ann',
          contactId: c,
          data: { severity: 'Minor' },
        },
        {
          time: time + 1,
          type: 'agent-issue-reported',
          agent: 'ann',
          contactId: c,
          data: { severity: 'Terrible' },
        },
      ],
    });
    const [issue] = await requestsTo(path, 1);
    expect(JSON.parse(issue?.body ?? '{}')).toEqual({ agent: 'ann', contactId: c });

    await ingest(t.key, 'calls', {
      calls: [
        { contactId: c, agent: 'ann', startTime: Date.now() - 70_000, endTime: Date.now() - 5000 },
      ],
    });
    await settle();
    const events = await s.database.db
      .select()
      .from(eventBridgeEvents)
      .where(eq(eventBridgeEvents.eventSourceName, source.eventSourceName));
    expect(events).toHaveLength(1);
    expect(events[0]?.region).toBe('eu-west-1');
    expect(events[0]?.detail).toMatchObject({
      contactId: c,
      agent: 'ann',
      trigger: 'eb-summary-data',
    });
    expect(received.filter((r) => r.url === path)).toHaveLength(1);
    const h = await history(t);
    expect(h.items.map((i) => i._source.action).sort()).toEqual(['eventbridge', 'invoke-webhook']);
  });
});
