import { drainChartRollups } from '../src/services/canvas/rollups/pg-rollup-refresh.ts';
import fs from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import {
  FEATURE_FLAGS,
  type AiSummary,
  type ApiError,
  type Campaign,
  type ApiTokenCreated,
  type CopilotReply,
  type EventSource,
  type Watcher,
} from '@callsight/shared';
import * as schema from '../src/db/schema/index.ts';
import { forGroup, type TenantTable } from '../src/db/group-scope.ts';
import { EMPTY_DETAILS } from '../src/services/synthetic/jobs.ts';
import { listLogicalDashboards } from '../src/services/canvas/dashboard-imports.ts';
import { standardDashboards } from '../src/services/canvas/standard-dashboards.ts';
import { drainUsage } from '../src/services/usage/rollup.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import {
  acceptsText,
  bodyOf,
  fillPath,
  hasBody,
  isPublic,
  operations,
  routeKey,
  usesApiKey,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './openapi-routes.ts';

/**
 * Issue 15 point 1: two tenants, A and B, each with real objects made through the API. Every
 * route of the OpenAPI document is called by A (its Group Admin, or its API key) aiming at B: with
 * B's group in X-Group-Id, with B's object ids in the path, and with B's ids in the bodies and
 * queries that name objects. Each must be refused, no answer may hold B's data, and B's rows must
 * be the same afterwards. A new route joins the walk by itself; a new parameter must be mapped.
 */

const registry = JSON.parse(
  fs.readFileSync(new URL('../src/db/tenant-tables.json', import.meta.url), 'utf8'),
) as { tables: Record<string, string> };

/** The kinds of a tenant's objects that a path parameter or an id field can name. */
type Kind =
  | 'group'
  | 'adminUser'
  | 'viewerUser'
  | 'adminEmail'
  | 'apiKey'
  | 'watcher'
  | 'watchdog'
  | 'eventSource'
  | 'thread'
  | 'summaryThread'
  | 'trace'
  | 'span'
  | 'contact'
  | 'campaign'
  | 'run'
  | 'monitor'
  | 'heartbeatTest'
  | 'job'
  | 'monitorJob'
  | 'team'
  | 'dashboard'
  | 'logical';

/** Each path parameter that names an object: the kinds of object it may name. */
const OBJECT_PARAMS: Record<string, readonly Kind[]> = {
  // `id` names a group, a user (or their e-mail), a key, a watcher... depending on the route:
  // every kind is tried where the parameter's schema takes its form.
  id: [
    'group',
    'adminUser',
    'viewerUser',
    'adminEmail',
    'apiKey',
    'watcher',
    'watchdog',
    'eventSource',
    'thread',
    'summaryThread',
    'campaign',
    'monitor',
    'heartbeatTest',
    'job',
    'monitorJob',
    'team',
    'dashboard',
  ],
  group: ['group'],
  user: ['adminUser', 'viewerUser'],
  roleId: ['team'],
  dashboardId: ['dashboard'],
  groupId: ['group'],
  logicalId: ['logical'],
  runId: ['run'],
  eventSourceId: ['eventSource'],
  traceId: ['trace'],
  spanId: ['span'],
  contactId: ['contact'],
};

/** Path parameters that name no object of a group: the same values in every group. */
const SHARED_PARAMS: Record<string, { values: string[]; reason: string }> = {
  type: { values: ['string'], reason: 'a config value type (string, list, ...)' },
  key: {
    values: ['GENESYS_CLIENT_ID'],
    reason: 'a config key: each group keeps its own value under the same name',
  },
  flag: { values: ['true'], reason: '"true" lists deleted event sources too' },
  location: {
    values: ['dialler_to_connect'],
    reason: "a hop's name: every job has the same four (the job id names the object)",
  },
  seq: {
    values: ['1'],
    reason: "a call's position in its run: every run has a call 1; the run id names the object",
  },
  callId: {
    values: ['matrix-call'],
    reason: 'a SIP Call-ID, looked up only among the calls of the job its job id names',
  },
  name: {
    values: ['calloverview'],
    reason: "a canvas name: every group has the same ones; the caller's group picks the dashboard",
  },
  filter: {
    values: ['all'],
    reason: "a billing download filter ('all' or 'billable'): platform staff only",
  },
  period: { values: ['2025-03'], reason: 'a billing download period (a month or a range)' },
  set: {
    values: ['All', 'NoExtension'],
    reason: "a coverage set's name: every group has the same three; the caller's group is read",
  },
  region: {
    values: ['us-east-1'],
    reason: "a Connect region, kept for the spec's path: the call is found by contactId",
  },
};

/**
 * Routes that may answer a success while a path parameter names B's object, with the reason;
 * their answers must still hold none of B's data, and B's rows stay the same.
 */
const ROUTE_EXCEPTIONS: Record<string, string> = {
  'GET /api/users/:id':
    "the e-mail check answers 200 null for B's address as for an unknown one (issue 16, Sec2); a user id of B is 404 (test/user-lookup.test.ts)",
};

/** Body and query fields whose names look like ids but that name no object of a group. */
const NOT_OBJECT_FIELDS: Record<string, string> = {
  accountId: "an AWS account number: the customer's own, not one of our objects",
  actionId: "the client's own label of a workflow action, never looked up",
  probeId: "the remote probe's own label of itself, stored as the job's holder",
  diallerCallId: "the SIP Call-ID of the probe's own call, stored as the job's",
  receiverCallId: "the contact centre's id of the probe's call, stored as the job's",
  callContactId: "the contact centre's contact id of the probe's call, stored as the job's",
};
const ID_FIELD = /^(id|group|eventSource)$|Id$|ID$/;

interface Tenant {
  label: string;
  /** A text put in every name and value the tenant stores: an answer holding it leaks them. */
  marker: string;
  groupId: string;
  customerId: string;
  userIds: string[];
  adminHeaders: Record<string, string>;
  key: string;
  objects: Record<Kind, string>;
}

interface Probe {
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** The statuses that mean the id was not followed into the other group. */
  expect: number[];
  /** For a 400: the field it must name (the id was looked for in A's group and not found). */
  field?: string;
}

const REFUSED = [403, 404];

/** A webhook that fails at once (nothing listens on port 9; one attempt). */
const mosWatcher = (t: { marker: string }) => ({
  workflowId: '-1',
  application: 'aws-connect',
  trigger: 'aws-connect-mos',
  workflowName: `Low MOS ${t.marker}`,
  triggerThreshold: { threshold: 3.5 },
  actions: [
    {
      type: 'invoke-webhook',
      url: 'http://127.0.0.1:9/hook',
      method: 'POST',
      body: `{"contact":"{{contactId}}","note":"${t.marker}"}`,
    },
  ],
});
const watchdogBody = (t: { marker: string }, eventSource: string) => ({
  ...mosWatcher(t),
  trigger: 'eb-summary-data',
  workflowName: `Summaries ${t.marker}`,
  actions: [{ type: 'eventbridge', eventSource }],
});

const NOW = Date.now();
const ns = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** One second of a call; a MOS of 2 makes the watcher fire. */
const second = (contactId: string, i: number, mos = 4.3) => ({
  contactId,
  timestamp: NOW - 120_000 + i * 1000,
  inbound: { mos, packetsCount: 50, packetsLost: 0 },
  outbound: { mos, packetsCount: 50, packetsLost: 0 },
  rttMs: 40,
  jitterMs: 4,
});

/** An OTLP journey: root, queue and a telephony span linked to the call. */
function journey(traceId: string, spanIds: string[], contactId: string, marker: string) {
  const span = (i: number, name: string, extra: object = {}) => ({
    traceId,
    spanId: spanIds[i],
    ...(i > 0 ? { parentSpanId: spanIds[0] } : {}),
    name,
    kind: 1,
    startTimeUnixNano: ns(NOW - 110_000 + i * 1000),
    endTimeUnixNano: ns(NOW - 20_000),
    ...extra,
  });
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: marker } }] },
        scopeSpans: [
          {
            scope: { name: 'isolation-matrix' },
            spans: [
              span(0, 'cx.journey', {
                attributes: [{ key: 'cx.platform', value: { stringValue: 'amazon-connect' } }],
              }),
              span(1, 'cx.queue'),
              span(2, 'cx.telephony.call', {
                attributes: [
                  { key: 'cx.telephony.call.id', value: { stringValue: contactId } },
                  { key: 'note', value: { stringValue: marker } },
                ],
                status: { code: 2, message: `Dropped ${marker}` },
              }),
            ],
          },
        ],
      },
    ],
  };
}

/**
 * Requests whose body or query names an object by id, per route: A's own request with B's id
 * put in. Every route with such a field needs an entry (the walk fails naming it otherwise).
 */
const ID_PROBES: Record<string, (a: Tenant, b: Tenant) => Probe[]> = {
  'PUT /api/users/switchGroup': (_a, b) => [
    { body: { currentGroupId: b.groupId }, expect: REFUSED },
  ],
  'POST /api/users': (a, b) => [
    // B's account joining A's group, or B's group; a new account put into B's group.
    ...[a.groupId, b.groupId].map((group) => ({
      body: {
        id: b.objects.adminUser,
        name: 'B admin',
        email: 'b@example.com',
        role: 'user',
        group,
      },
      expect: REFUSED,
    })),
    {
      body: {
        name: 'Planted',
        email: `planted-${randomUUID().slice(0, 8)}@example.com`,
        role: 'admin',
        group: b.groupId,
        isMember: true,
        password: 'Correct-horse-9',
      },
      expect: REFUSED,
    },
  ],
  'PUT /api/users': (a, b) => [
    ...[a.groupId, b.groupId].map((group) => ({
      body: {
        id: b.objects.adminUser,
        name: 'Renamed',
        email: 'b@example.com',
        role: 'user',
        group,
      },
      expect: REFUSED,
    })),
  ],
  // Platform staff only: a Group Admin is refused whatever the ids.
  'POST /api/groups': (_a, b) => [
    {
      body: {
        name: 'Planted',
        region: 'us-east-1',
        customerSelection: 'existing',
        customerID: b.customerId,
      },
      expect: [403],
    },
  ],
  // Dashboard imports are platform staff's: a Group Admin is refused whatever the ids.
  // Marketplace billing is platform staff's: a Group Admin is refused whatever the customer.
  'PUT /api/marketplace/subscriptions/:id/link': (_a, b) => [
    { path: { id: randomUUID() }, body: { customerId: b.customerId }, expect: [403] },
  ],
  'POST /api/canvas/v1/import': (_a, b) => [
    {
      body: { groupId: b.groupId, type: 'custom', version: 1, importId: randomUUID() },
      expect: [403],
    },
  ],
  'GET /api/canvas/v1/executions': (_a, b) => [{ query: { groupId: b.groupId }, expect: [403] }],
  // datasetId names one of our datasets (the same in every group); the import is platform staff's.
  'PUT /api/canvas/v1/upload/:id/datasets': (_a, b) => [
    {
      path: { id: randomUUID() },
      body: { mappings: [{ uuid: b.groupId, datasetId: 'calls', columns: {} }] },
      expect: [403],
    },
  ],
  'PUT /api/groups': (_a, b) => [
    {
      body: {
        id: b.groupId,
        name: 'Renamed',
        region: 'us-east-1',
        customerSelection: 'existing',
        customerID: b.customerId,
      },
      expect: [403],
    },
  ],
  'PUT /api/groups/:group/watchers': (a, b) => [
    {
      path: { group: a.groupId },
      body: { ...mosWatcher(a), workflowId: b.objects.watcher },
      expect: REFUSED,
    },
    {
      path: { group: a.groupId },
      body: { ...mosWatcher(a), workflowId: b.objects.watchdog },
      expect: REFUSED,
    },
  ],
  'POST /api/watchdog/watcher': (a, b) => [
    {
      body: { ...watchdogBody(a, a.objects.eventSource), workflowId: b.objects.watchdog },
      expect: REFUSED,
    },
    // B's event source named in A's action: not found in A's group.
    {
      body: watchdogBody(a, b.objects.eventSource),
      expect: [400],
      field: 'actions.0.eventSource',
    },
  ],
  // The path names the team; the body's id (the spec's payload carries it) is not read.
  'PUT /api/dataRoles/:id': (a, b) => [
    {
      path: { id: a.objects.team },
      body: { id: b.objects.team, name: `Team ${a.marker}`, conditions: [], dashboards: [] },
      expect: [200],
    },
  ],
  'PUT /api/watchdog/watcher/:id': (a, b) => [
    {
      path: { id: a.objects.watchdog },
      body: { ...watchdogBody(a, a.objects.eventSource), workflowId: b.objects.watchdog },
      // The path names the watcher; the body's workflowId is not read when a path id is given.
      expect: [200],
    },
    {
      path: { id: a.objects.watchdog },
      body: watchdogBody(a, b.objects.eventSource),
      expect: [400],
      field: 'actions.0.eventSource',
    },
  ],
  'POST /api/garvis2/ask': (_a, b) => [
    { body: { question: 'How many calls today?', threadId: b.objects.thread }, expect: REFUSED },
  ],
  'POST /api/garvis2/ask_preview': (_a, b) => [
    { body: { question: 'How many calls today?', threadId: b.objects.thread }, expect: REFUSED },
  ],
  'GET /api/garvis/ask': (_a, b) => [
    { query: { prompt: 'How many calls today?', threadId: b.objects.thread }, expect: REFUSED },
  ],
  'POST /api/traces/:traceId/ai-summary': (a, b) => [
    {
      path: { traceId: a.objects.trace },
      body: { threadId: b.objects.summaryThread, regenerate: true },
      expect: REFUSED,
    },
    // A span id is looked for in A's trace only: the summary stays A's journey's.
    {
      path: { traceId: a.objects.trace },
      body: { spanId: b.objects.span, regenerate: true },
      expect: [200, ...REFUSED],
    },
  ],
  // Filters of the caller's own rows: another group's id matches nothing (the answer is checked
  // for B's data like every other).
  'GET /api/calls/stats': (_a, b) => [
    {
      query: {
        fromTime: new Date(NOW - 86_400_000).toISOString(),
        toTime: new Date(NOW + 3_600_000).toISOString(),
        contactId: b.objects.contact,
      },
      expect: [200],
    },
  ],
  'GET /api/groups/:group/watchers/actions/history': (a, b) => [
    {
      path: { group: a.groupId },
      query: { fromTime: 'now-1d', toTime: 'now+1h', workflowId: b.objects.watcher },
      expect: [200],
    },
  ],
  ...Object.fromEntries(
    ['monitors', 'heartbeat'].flatMap((kind) =>
      ['jobs', 'jobs/stats'].map((path) => [
        `GET /api/gsm/${kind}/${path}`,
        (_a: Tenant, b: Tenant): Probe[] => [
          {
            query: { fromTime: 'now-1d', toTime: 'now+1h', heartbeatId: b.objects.heartbeatTest },
            expect: [200, 403],
          },
          {
            query: { fromTime: 'now-1d', toTime: 'now+1h', monitorId: b.objects.monitor },
            expect: [200, 403],
          },
        ],
      ]),
    ),
  ),
  'GET /api/auditLogs': (_a, b) => [
    { query: { fromTime: 'now-1d', toTime: 'now', id: b.objects.watcher }, expect: [200] },
  ],
  // A's key sending items named like B's: stored in A, B's call untouched.
  'POST /api/ingest/v1/calls': (_a, b) => [
    {
      body: {
        calls: [{ contactId: b.objects.contact, agent: 'a-agent', startTime: NOW - 90_000 }],
      },
      expect: [200],
    },
  ],
  'POST /api/ingest/v1/samples': (_a, b) => [
    { body: { samples: [second(b.objects.contact, 200, 1.5)] }, expect: [200] },
  ],
  'POST /api/ingest/v1/logs': (_a, b) => [
    {
      body: {
        logs: [
          {
            time: NOW - 50_000,
            level: 'ERROR',
            agent: 'a-agent',
            contactId: b.objects.contact,
            text: 'A',
          },
        ],
      },
      expect: [200],
    },
  ],
  'POST /api/ingest/v1/events': (_a, b) => [
    {
      body: {
        events: [
          { time: NOW - 50_000, type: 'device', contactId: b.objects.contact, data: { a: 1 } },
        ],
      },
      expect: [200],
    },
  ],
  'POST /v1/traces': (a, b) => [
    {
      body: journey(b.objects.trace, [b.objects.span, hex(8), hex(8)], b.objects.contact, a.marker),
      expect: [200],
    },
  ],
};

/** Bodies that pass validation, for routes whose generated body would not (by the caller A). */
const VALID_BODIES: Record<string, (a: Tenant) => unknown> = {
  'PUT /api/groups/:group/watchers': (a) => mosWatcher(a),
  'PUT /api/watchdog/watcher/:id': (a) => watchdogBody(a, a.objects.eventSource),
  'POST /api/users/eventBridge/:eventSourceId/associate': () => ({ eventBusName: 'matrix-bus' }),
  'PUT /api/config/:type': () => ({ key: 'GENESYS_CLIENT_ID', value: 'walk' }),
  'POST /api/traces/:traceId/ai-summary': () => ({}),
  'PUT /api/dataRoles/:id': (a) => ({
    name: `Team ${a.marker}`,
    conditions: [],
    dashboards: [],
  }),
  'POST /api/probes/jobs/:id/result': () => ({
    status: 'Busy',
    message: null,
    startedAt: new Date(NOW - 5_000).toISOString(),
    endedAt: new Date(NOW).toISOString(),
    diallerCallId: null,
    receiverCallId: null,
    callContactId: null,
    carrier: null,
    mos: null,
    cxScore: null,
    axScore: null,
    networkScore: null,
    details: EMPTY_DETAILS,
    stats: [],
    measures: {},
    recordings: {},
  }),
};

let s: TestServer;
let ops: Operation[];
let a: Tenant;
let b: Tenant;

/** Sends the request; a payload goes as JSON text (so that any value, a string too, is JSON). */
function send(request: InjectOptions) {
  if (request.payload === undefined) return s.app.inject(request);
  return s.app.inject({
    ...request,
    payload: JSON.stringify(request.payload),
    headers: { ...request.headers, 'content-type': 'application/json' },
  });
}

/** A request that must succeed while the tenant is built; answers its JSON. */
async function must<T>(request: InjectOptions): Promise<T> {
  const res = await send(request);
  if (res.statusCode >= 300)
    throw new Error(`${request.method} ${request.url}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : null) as T;
}

/** A group with every flag on, its admin and viewer, and one object of each kind, via the API. */
async function buildTenant(label: string): Promise<Tenant> {
  const db = s.database.db;
  const marker = `zq${label.toLowerCase()}${hex(4)}`;
  const group = await createGroup(db, { name: `Group ${marker}`, features: [...FEATURE_FLAGS] });
  const admin = await createUser(db, { groups: [group], role: 'admin', name: `Admin ${marker}` });
  const viewer = await createUser(db, { groups: [group], role: 'viewer', name: `View ${marker}` });
  const headers = authHeaders((await signIn(s.app, admin.email)).token);
  await signIn(s.app, viewer.email);
  const as = <T>(method: InjectOptions['method'], url: string, payload?: unknown) =>
    must<T>({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const key = await as<ApiTokenCreated>('POST', '/api/config/token', { name: `Key ${marker}` });
  const byKey = (url: string, payload: object) =>
    must({ method: 'POST', url, headers: { authorization: `Bearer ${key.token}` }, payload });
  await as('PUT', '/api/config/ip/', { ipMap: [{ cidr: '10.1.0.0/16', label: `Net ${marker}` }] });
  await as('PUT', '/api/config/string', { key: 'GENESYS_CLIENT_ID', value: `client-${marker}` });
  const source = await as<EventSource>('POST', '/api/users/eventBridge', {
    awsRegion: 'us-east-1',
    eventSourceName: `src-${marker}`,
    accountId: '123456789012',
  });
  const watcher = await as<Watcher>(
    'PUT',
    `/api/groups/${group.id}/watchers`,
    mosWatcher({ marker }),
  );
  const watchdog = await as<Watcher>(
    'POST',
    '/api/watchdog/watcher',
    watchdogBody({ marker }, source.eventSourceId),
  );

  const contact = `call-${label}-${hex(4)}`;
  await byKey('/api/ingest/v1/calls', {
    calls: [
      {
        contactId: contact,
        agent: `agent-${marker}`,
        direction: 'INBOUND',
        startTime: NOW - 121_000,
        endTime: NOW - 20_000,
        agentISP: `isp-${marker}`,
        agentLocalIPAddress: '10.1.2.3',
      },
    ],
  });
  // The usage rollup's pass (the background job's work) counts the call in usage_days, and the
  // chart rollups' pass puts it in call_rollups; what arrives next leaves marks in usage_dirty
  // and call_rollup_dirty for the next passes.
  await drainUsage(db);
  await drainChartRollups(db, s.ctx.telemetry.refreshChartRollups, Date.now());
  await byKey('/api/ingest/v1/samples', {
    samples: Array.from({ length: 30 }, (_, i) => second(contact, i, i > 25 ? 2 : 4.3)),
  });
  await byKey('/api/ingest/v1/logs', {
    logs: [
      {
        time: NOW - 100_000,
        level: 'ERROR',
        agent: `agent-${marker}`,
        contactId: contact,
        text: `log ${marker}`,
      },
    ],
  });
  await byKey('/api/ingest/v1/events', {
    events: [{ time: NOW - 100_000, type: 'device', contactId: contact, data: { note: marker } }],
  });
  const trace = hex(16);
  const spans = [hex(8), hex(8), hex(8)];
  await byKey('/v1/traces', journey(trace, spans, contact, marker));
  const summary = await as<AiSummary>('POST', `/api/traces/${trace}/ai-summary`, {});
  const thread = await as<CopilotReply>('POST', '/api/garvis2/ask', {
    question: `How many calls today? ${marker}`,
  });
  // Campaigns: made through the API; a run and its call straight in the tables until the
  // dialler's start route exists.
  const campaign = await as<Campaign>('POST', '/api/campaigns', {
    type: 'fullload',
    name: `Load ${marker}`,
    description: marker,
    fromNumber: '+61255500000',
    totalCalls: 10,
    callDuration: 15,
    callsPerSecond: 1,
  });
  const [run] = await db
    .insert(schema.campaignRuns)
    .values({
      groupId: group.id,
      campaignId: campaign.id,
      description: `Run ${marker}`,
      tags: [marker],
      isComplete: true,
      status: 'Complete',
      parameters: {},
    })
    .returning();
  if (!run) throw new Error('run not created');
  await db.insert(schema.campaignCalls).values({
    groupId: group.id,
    runId: run.id,
    seq: 0,
    toNumber: '+61255501234',
    fromNumber: '+61255500000',
    reason: marker,
  });

  // Synthetic tests: a monitor, a heartbeat test and a job of each, straight in the tables (GSM
  // routes are for super users; this tenant's admin is not one).
  await db
    .insert(schema.configEntries)
    .values({ groupId: group.id, key: 'HEARTBEAT_ENABLED', value: 'true' });
  const [monitor] = await db
    .insert(schema.gsmMonitors)
    .values({
      groupId: group.id,
      description: marker,
      connectRegions: ['Sydney'],
      agentRegions: ['Sydney'],
      scheduleMinutes: 0,
    })
    .returning();
  const [test] = await db
    .insert(schema.heartbeatTests)
    .values({
      groupId: group.id,
      description: marker,
      agentType: 'VIRTUAL_AGENT',
      agentIds: [marker],
      sourcePhoneNumber: '+61290000300',
      targetPhoneNumber: '+61255501001',
      scheduleMinutes: 0,
    })
    .returning();
  if (!monitor || !test) throw new Error('synthetic sources not created');
  const jobOf = (kind: 'monitor' | 'heartbeat') => ({
    groupId: group.id,
    kind,
    ...(kind === 'monitor' ? { monitorId: monitor.id } : { heartbeatId: test.id }),
    slotAt: new Date(),
    agentId: marker,
    connectRegion: 'Sydney',
    agentRegion: 'Sydney',
    status: 'Completed',
    description: marker,
    details: { recordings: { dialler_to_connect: `/nonexistent/${marker}.wav` } },
  });
  const [job, monitorJob] = await db
    .insert(schema.syntheticJobs)
    .values([jobOf('heartbeat'), jobOf('monitor')])
    .returning();
  if (!job || !monitorJob) throw new Error('synthetic jobs not created');

  // Dashboard imports' rows (platform staff's routes; this tenant's admin is not one): the
  // logical dashboards, an execution and the dashboard it installed, through the services.
  const [logical] = await listLogicalDashboards(db, group.id);
  if (!logical) throw new Error('logical dashboards not created');
  await db.insert(schema.dashboardImportExecutions).values({
    groupId: group.id,
    type: 'custom',
    version: 1,
    status: 'success',
    reason: marker,
  });
  const installed = standardDashboards(group.id)[1];
  if (!installed) throw new Error('no standard dashboard');
  await db.insert(schema.canvasDashboards).values({
    groupId: group.id,
    id: `${group.id}_custom_${marker}`,
    type: 'custom',
    title: `Dashboard ${marker}`,
    spec: { ...installed, id: `${group.id}_custom_${marker}`, title: `Dashboard ${marker}` },
  });

  const team = await as<{ id: string }>('POST', '/api/dataRoles', { name: `Team ${marker}` });
  await as('PUT', `/api/dataRoles/${team.id}`, {
    name: `Team ${marker}`,
    conditions: [{ type: 'group1', operator: 'equals', value: marker }],
    dashboards: [],
  });
  await as('POST', `/api/dataRoles/${team.id}/users/${viewer.id}`);

  return {
    label,
    marker,
    groupId: group.id,
    customerId: group.customerId,
    userIds: [admin.id, viewer.id],
    adminHeaders: headers,
    key: key.token,
    objects: {
      group: group.id,
      adminUser: admin.id,
      viewerUser: viewer.id,
      adminEmail: admin.email,
      apiKey: key.id,
      watcher: watcher._id,
      watchdog: watchdog._id,
      eventSource: source.eventSourceId,
      thread: thread.threadId,
      summaryThread: summary.threadId,
      trace,
      span: spans[2] ?? '',
      contact,
      campaign: campaign.id,
      run: run.id,
      monitor: monitor.id,
      heartbeatTest: test.id,
      job: job.id,
      monitorJob: monitorJob.id,
      team: team.id,
      dashboard: `${group.id}_Technology-CallOverview`,
      logical: logical.id,
    },
  };
}

/** Waits for the work that requests leave behind: watcher firings, actions, trailing summaries. */
async function settle() {
  await s.ctx.workflows.engine.settled();
  await s.ctx.workflows.queue.idle();
  await s.ctx.ingest.trailing.refreshIdle(0);
}

const asJson = (row: unknown) =>
  JSON.stringify(row, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );

/**
 * Every row of the tenant: each tenant table's rows of its group, the group and its customer,
 * its members' accounts and their sessions. Rows as JSON texts, sorted, per table.
 */
async function snapshot(t: Tenant): Promise<Record<string, string[]>> {
  const db = s.database.db;
  const scope = forGroup(db, t.groupId);
  const out: Record<string, string[]> = {};
  const tables = schema as unknown as Record<string, TenantTable>;
  for (const [sqlName, name] of Object.entries(registry.tables)) {
    const table = tables[name];
    if (!table) throw new Error(`tenant-tables.json names ${name}, not a schema export`);
    out[sqlName] = (await db.select().from(table).where(scope.owns(table))).map(asJson).sort();
  }
  const { groups, customers, users, refreshSessions } = schema;
  out.groups = (await db.select().from(groups).where(eq(groups.id, t.groupId))).map(asJson);
  out.customers = (await db.select().from(customers).where(eq(customers.id, t.customerId))).map(
    asJson,
  );
  out.users = (await db.select().from(users).where(inArray(users.id, t.userIds))).map(asJson);
  out.refresh_sessions = (
    await db.select().from(refreshSessions).where(inArray(refreshSessions.userId, t.userIds))
  )
    .map(asJson)
    .sort();
  return out;
}

/** The rows that differ between two snapshots, per table (cut to stay readable). */
function changes(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const table of Object.keys(before)) {
    const was = new Set(before[table]);
    const now = new Set(after[table]);
    for (const row of was) if (!now.has(row)) out.push(`${table} - ${row.slice(0, 300)}`);
    for (const row of now) if (!was.has(row)) out.push(`${table} + ${row.slice(0, 300)}`);
  }
  return out;
}

/** A's request for `op`: its admin's session, or its API key on the ingestion routes. */
function headersOf(op: Operation, groupId: string): Record<string, string> {
  const base = usesApiKey(op) ? { authorization: `Bearer ${a.key}` } : a.adminHeaders;
  return { ...base, 'x-group-id': groupId };
}

/** A body of the route that passes validation where the test knows one, else one by its types. */
function validBody(op: Operation): unknown {
  const known = VALID_BODIES[routeKey(op)];
  if (known) return known(a);
  return op.body ? bodyOf(op.body, (plain) => plain) : {};
}

interface Choice {
  value: string;
  /** Names one of B's objects. */
  foreign: boolean;
}

/**
 * The values a path parameter is tried with: A's and B's objects of each kind it may name (where
 * its schema takes their form), or the shared values. Null for a parameter the test does not know.
 */
function choicesOf(op: Operation, param: string): Choice[] | null {
  const paramSchema: JsonSchema = op.pathSchemas[param] ?? {};
  const shared = SHARED_PARAMS[param];
  if (shared) return shared.values.map((value) => ({ value, foreign: false }));
  const kinds = OBJECT_PARAMS[param];
  if (!kinds) return null;
  return [a, b].flatMap((t) =>
    kinds
      .map((kind) => ({ value: t.objects[kind], foreign: t === b }))
      .filter((c) => acceptsText(paramSchema, c.value)),
  );
}

/** Every assignment of the route's path parameters naming at least one of B's objects. */
function foreignPaths(op: Operation, choices: Choice[][]): Record<string, string>[] {
  let partial: { values: Record<string, string>; foreign: boolean }[] = [
    { values: {}, foreign: false },
  ];
  op.pathParams.forEach((param, i) => {
    partial = partial.flatMap((p) =>
      (choices[i] ?? []).map((c) => ({
        values: { ...p.values, [param]: c.value },
        foreign: p.foreign || c.foreign,
      })),
    );
  });
  return partial.filter((p) => p.foreign).map((p) => p.values);
}

/** A failure text when the answer holds B's marker (B's names and values), else null. */
function leak(what: string, body: string): string | null {
  return body.includes(b.marker)
    ? `${what}: the answer holds B's data: ${body.slice(0, 300)}`
    : null;
}

let bBefore: Record<string, string[]>;
beforeAll(async () => {
  s = await startTestServer({
    EVENTBRIDGE_PARTNER_DOMAIN: 'example.test',
    WORKFLOW_ACTION_MAX_ATTEMPTS: '1',
  });
  ops = operations(s.app.swagger() as unknown as OpenApiDocument).filter((op) => !isPublic(op));
  a = await buildTenant('A');
  b = await buildTenant('B');
  await settle();
  bBefore = await snapshot(b);
});
afterAll(() => s.close());

describe('tenant isolation, route by route (issue 15)', () => {
  it('builds two tenants whose rows fill every kind the walk aims at', () => {
    expect(ops.length).toBeGreaterThan(60);
    for (const kind of Object.keys(b.objects) as Kind[]) expect(b.objects[kind], kind).not.toBe('');
    // Every tenant table holds rows of B, so that the comparison after the walk compares rows.
    const empty = Object.entries(bBefore).filter(([, rows]) => rows.length === 0);
    expect(
      empty.map(([table]) => table),
      'tables the fixture leaves empty: make buildTenant create a row of each through the API',
    ).toEqual([]);
  });

  it("refuses every route with B's group in X-Group-Id (403 or 404), A's admin or A's key", async () => {
    const failures: string[] = [];
    for (const op of ops) {
      const values: Record<string, string> = {};
      for (const param of op.pathParams) {
        const choices = choicesOf(op, param);
        values[param] = choices?.find((c) => c.foreign)?.value ?? choices?.[0]?.value ?? 'x';
      }
      const res = await send({
        method: op.method,
        url: fillPath(op, values),
        headers: headersOf(op, b.groupId),
        ...(hasBody(op) ? { payload: validBody(op) as object } : {}),
      });
      const what = `${routeKey(op)} with X-Group-Id of B`;
      if (!REFUSED.includes(res.statusCode))
        failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      const leaked = leak(what, res.body);
      if (leaked) failures.push(leaked);
    }
    expect(failures).toEqual([]);
  });

  it("refuses every route with B's object ids in its path (403 or 404), A's own group in X-Group-Id", async () => {
    const failures: string[] = [];
    let foreignCalls = 0;
    for (const op of ops.filter((o) => o.pathParams.length > 0)) {
      const choices: Choice[][] = [];
      for (const param of op.pathParams) {
        const found = choicesOf(op, param);
        if (!found) {
          failures.push(
            `${routeKey(op)}: path parameter :${param} is not mapped — add it to OBJECT_PARAMS (the kinds of object it names) or SHARED_PARAMS (with the reason it names none) in isolation-matrix.test.ts`,
          );
        }
        choices.push(found ?? []);
      }
      const anyObject = op.pathParams.some((p) => OBJECT_PARAMS[p]);
      const paths = anyObject
        ? foreignPaths(op, choices)
        : // No parameter names an object: A's own answer, checked for B's data only.
          [Object.fromEntries(op.pathParams.map((p, i) => [p, choices[i]?.[0]?.value ?? '']))];
      for (const values of paths) {
        const url = fillPath(op, values);
        const payload = hasBody(op) ? (validBody(op) as object) : undefined;
        const res = await send({
          method: op.method,
          url,
          headers: headersOf(op, a.groupId),
          ...(payload === undefined ? {} : { payload }),
        });
        const what = `${op.method} ${url}`;
        const leaked = leak(what, res.body);
        if (leaked) failures.push(leaked);
        if (!anyObject || ROUTE_EXCEPTIONS[routeKey(op)]) {
          if (res.statusCode >= 500) failures.push(`${what}: ${res.statusCode}`);
          continue;
        }
        foreignCalls++;
        if (!REFUSED.includes(res.statusCode)) {
          const hint =
            res.statusCode === 400
              ? ` (a refused body tests nothing: give ${routeKey(op)} a valid one in VALID_BODIES)`
              : '';
          failures.push(
            `${what}: ${res.statusCode}${hint} ${res.body.slice(0, 200)} ${payload ?? ''}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(foreignCalls).toBeGreaterThan(100);
  });

  it("does not follow B's ids named in bodies and queries; ingestion with B's ids stays in A", async () => {
    const failures: string[] = [];
    const idFields = (schema: JsonSchema | undefined, out: Set<string>, depth = 0) => {
      if (!schema || depth > 6) return out;
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (ID_FIELD.test(name) && !NOT_OBJECT_FIELDS[name]) out.add(name);
        idFields(property, out, depth + 1);
      }
      idFields(schema.items, out, depth + 1);
      for (const v of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
        idFields(v, out, depth + 1);
      return out;
    };
    const keys = new Set(ops.map(routeKey));
    for (const key of Object.keys(ID_PROBES))
      if (!keys.has(key)) failures.push(`ID_PROBES names ${key}, which is no longer a route`);
    // Ingestion last: it stores A's own rows under B's ids.
    const ordered = [...ops].sort((x, y) => Number(usesApiKey(x)) - Number(usesApiKey(y)));
    for (const op of ordered) {
      const fields = idFields(op.body, new Set<string>());
      for (const q of op.query) if (ID_FIELD.test(q) && !NOT_OBJECT_FIELDS[q]) fields.add(q);
      const probes = ID_PROBES[routeKey(op)];
      if (!probes) {
        if (fields.size > 0)
          failures.push(
            `${routeKey(op)} takes ${[...fields].join(', ')}: add requests naming B's objects to ID_PROBES (or the field to NOT_OBJECT_FIELDS with the reason it names none)`,
          );
        continue;
      }
      for (const probe of probes(a, b)) {
        const query = new URLSearchParams(probe.query ?? {}).toString();
        const path = fillPath(op, probe.path ?? {});
        const url = query ? `${path}?${query}` : path;
        const res = await send({
          method: op.method,
          url,
          headers: headersOf(op, a.groupId),
          ...(probe.body === undefined ? {} : { payload: probe.body as object }),
        });
        const what = `${op.method} ${url} ${JSON.stringify(probe.body ?? '').slice(0, 160)}`;
        const fields = res.statusCode === 400 ? res.json<ApiError>().error.fields : undefined;
        if (probe.field && res.statusCode === 400 && !fields?.[probe.field])
          failures.push(`${what}: 400 without the field ${probe.field}: ${res.body.slice(0, 200)}`);
        if (!probe.expect.includes(res.statusCode))
          failures.push(
            `${what}: ${res.statusCode}, expected ${probe.expect.join(' or ')} ${res.body.slice(0, 200)}`,
          );
        const leaked = leak(what, res.body);
        if (leaked) failures.push(leaked);
      }
    }
    expect(failures).toEqual([]);
  });

  it('leaves every row of B as it was after the walk', async () => {
    await settle();
    expect(changes(bBefore, await snapshot(b))).toEqual([]);
  });
});
