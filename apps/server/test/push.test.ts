import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import {
  AUTH_TEXTS,
  EXPLORER_PUSH_PAGE,
  NewCallMessageSchema,
  PAGE_GATES,
  SYNTHETIC_PUSH_CHANNELS,
  agentPushPage,
  hasPermission,
  permissionsFor,
  type PageKey,
  type SyntheticJob,
} from '@callsight/shared';
import { forGroup } from '../src/db/group-scope.ts';
import { memberships, syntheticJobs } from '../src/db/schema/index.ts';
import {
  AGENT_PUSH_PAGE_ROUTE,
  PUSH_PAGE_ROUTES,
  ROUTE_ROLES,
  mayJoinPushPage,
  pushPageRoute,
} from '../src/routes/route-roles.ts';
import { publishJob } from '../src/services/synthetic/results.ts';
import { EXPLORER_PAGE } from '../src/services/telemetry/ingest-context.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createApiKey, createGroup, createUser, ingest, signIn } from './factories.ts';

let s: TestServer;
let url: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
});
afterAll(() => s.close());

function connect(token: string): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (err) => reject(err));
  });
}

describe('push socket', () => {
  it('delivers a page message to subscribers of that group only, and stops after unsubscribe', async () => {
    const a = await createGroup(s.database.db);
    const b = await createGroup(s.database.db);
    const ua = await createUser(s.database.db, { groups: [a] });
    const ub = await createUser(s.database.db, { groups: [b] });
    const sa = await connect((await signIn(s.app, ua.email)).token.accessToken);
    const sb = await connect((await signIn(s.app, ub.email)).token.accessToken);
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    sa.on('message', (m) => gotA.push(m));
    sb.on('message', (m) => gotB.push(m));
    await sa.emitWithAck('subscribeToPage', 'explorer');
    await sb.emitWithAck('subscribeToPage', 'explorer');

    s.ctx.push.publish(a.id, 'explorer', { newCall: 'c-1' });
    await expect.poll(() => gotA.length).toBe(1);
    expect(gotA[0]).toEqual({ page: 'explorer', data: { newCall: 'c-1' } });

    await sa.emitWithAck('unsubscribeFromPage', 'explorer');
    s.ctx.push.publish(a.id, 'explorer', { newCall: 'c-2' });
    s.ctx.push.publish(b.id, 'explorer', { newCall: 'b-1' });
    await expect.poll(() => gotB.length).toBe(1);
    expect(gotA).toHaveLength(1);
    sa.close();
    sb.close();
  });

  it('refuses a connection without a valid token', async () => {
    await expect(connect('forged.token.value')).rejects.toThrow('Invalid access token');
  });
});

/**
 * Who may subscribe to each push page (issue 31): the readers of the page's data through the API
 * as the screens give it (spec 000 §6), pinned here apart from route-roles.ts, so that loosening
 * a page (its route or its entry) fails. Unknown pages are joined by no role.
 */
const AGENT_PAGE = agentPushPage('jane@example.com');
const PAGE_ROLES: Record<string, readonly Role[]> = {
  // The Explorer's call list (GET /api/calls/stats): Group Users have no Explorer.
  [EXPLORER_PUSH_PAGE]: ['viewer', 'admin', 'super'],
  // Heartbeat logs and insights (GET /api/gsm/heartbeat/jobs).
  heartbeatJobs: ['viewer', 'admin', 'super'],
  // The GSM pages' monitor jobs (GET /api/gsm/monitors/jobs): super users only.
  monitorJobs: ['super'],
  // An agent's alerts (the Workflows screen, GET /api/groups/:group/watchers).
  [AGENT_PAGE]: ['admin', 'super'],
  // Unknown pages, near misses of the real ones included.
  calls: [],
  Explorer: [],
  'explorer:all': [],
  heartbeatJobs2: [],
  'group:x': [],
};
const ROLES = ['viewer', 'user', 'admin', 'super'] as const;
type Role = (typeof ROLES)[number];

const refused = { ok: false, error: AUTH_TEXTS.forbidden };

async function userOf(group: { id: string }, role: Role) {
  return createUser(
    s.database.db,
    role === 'super' ? { groups: [group], isSuper: true } : { groups: [group], role },
  );
}

/** A socket signed in as a new user of `role` in the group, with what it received. */
async function socketAs(group: { id: string }, role: Role) {
  const user = await userOf(group, role);
  const { token } = await signIn(s.app, user.email);
  const socket = await connect(token.accessToken);
  const messages: { page: string; data: unknown }[] = [];
  socket.on('message', (m: { page: string; data: unknown }) => messages.push(m));
  return { user, token, socket, messages };
}

const subscribe = (socket: Socket, page: string): Promise<{ ok: boolean; error?: string }> =>
  socket.timeout(5000).emitWithAck('subscribeToPage', page);

/**
 * Resolves once the server has answered a later event of this socket: any message published to
 * it before has arrived by then (one connection delivers in order), so "none arrived" is proven
 * without waiting on a clock.
 */
const roundTrip = (socket: Socket) =>
  socket.timeout(5000).emitWithAck('unsubscribeFromPage', 'none');

describe('push pages follow the API roles', () => {
  it('declares a route for exactly the pages the server publishes', () => {
    // Every page name a publisher uses: new calls, jobs of both kinds, agent alerts.
    const published = [
      EXPLORER_PAGE,
      SYNTHETIC_PUSH_CHANNELS.heartbeat,
      SYNTHETIC_PUSH_CHANNELS.monitor,
      AGENT_PAGE,
    ];
    for (const page of published) expect(pushPageRoute(page), page).not.toBeNull();
    expect(Object.keys(PUSH_PAGE_ROUTES).sort()).toEqual(
      [EXPLORER_PAGE, SYNTHETIC_PUSH_CHANNELS.heartbeat, SYNTHETIC_PUSH_CHANNELS.monitor].sort(),
    );
    // Each declared page's route exists in ROUTE_ROLES (the permission matrix proves the route).
    for (const route of Object.values(PUSH_PAGE_ROUTES)) expect(ROUTE_ROLES[route]).toBeDefined();
    expect(ROUTE_ROLES[AGENT_PUSH_PAGE_ROUTE]).toBeDefined();
  });

  it('grants each page to exactly the roles of the web screens that subscribe to it', () => {
    // The screens whose components call usePageMessages (apps/web), and the page each asks for.
    const subscribingScreens: [PageKey, string][] = [
      ['explorer', EXPLORER_PUSH_PAGE],
      ['heartbeatLogs', SYNTHETIC_PUSH_CHANNELS.heartbeat],
      ['heartbeatInsights', SYNTHETIC_PUSH_CHANNELS.heartbeat],
      ['gsm', SYNTHETIC_PUSH_CHANNELS.monitor],
    ];
    for (const role of ROLES) {
      const permissions = permissionsFor(role === 'super' ? null : role, role === 'super');
      for (const [screen, page] of subscribingScreens) {
        expect(mayJoinPushPage(page, permissions), `${role} on ${screen}`).toBe(
          hasPermission(permissions, PAGE_GATES[screen].permissions),
        );
      }
    }
  });

  it('lets each role subscribe to the pages its screens read, refuses and never joins the others', async () => {
    const group = await createGroup(s.database.db);
    const sockets = await Promise.all(
      ROLES.map(async (role) => ({ role, ...(await socketAs(group, role)) })),
    );
    const readers = Object.entries(PAGE_ROLES);
    const answers: Record<string, Record<string, unknown>> = {};
    const expected: Record<string, Record<string, unknown>> = {};
    for (const { role, socket } of sockets) {
      for (const [page, roles] of readers) {
        (answers[page] ??= {})[role] = await subscribe(socket, page);
        (expected[page] ??= {})[role] = roles.includes(role) ? { ok: true } : refused;
      }
    }
    expect(answers).toEqual(expected);

    // A message of each page reaches exactly its readers; a refusal left the socket connected.
    for (const [page] of readers) s.ctx.push.publish(group.id, page, { page });
    for (const { role, socket, messages } of sockets) {
      const wanted = readers.filter(([, roles]) => roles.includes(role)).map(([page]) => page);
      await expect.poll(() => messages.length).toBeGreaterThanOrEqual(wanted.length);
      await roundTrip(socket);
      expect(socket.connected).toBe(true);
      expect(messages.map((m) => m.page).sort(), role).toEqual([...wanted].sort());
      socket.close();
    }
  });

  it('never sends a Group User’s socket the group’s live calls', async () => {
    const group = await createGroup(s.database.db);
    const admin = await socketAs(group, 'admin');
    const user = await socketAs(group, 'user');
    expect(await subscribe(user.socket, EXPLORER_PUSH_PAGE)).toEqual(refused);
    expect(await subscribe(admin.socket, EXPLORER_PUSH_PAGE)).toEqual({ ok: true });
    const key = await createApiKey(s.app, authHeaders(admin.token));

    // Calls stored through the ingestion API are announced on the explorer page.
    const contactIds = ['live-1', 'live-2'].map(
      (c) => `${c}-${Math.random().toString(36).slice(2)}`,
    );
    await ingest(s.app, key, 'calls', [
      ...contactIds.map((contactId) => ({ contactId, agent: 'jane', startTime: Date.now() })),
    ]);
    // One message per new call, naming none of them (decision T3).
    await expect.poll(() => admin.messages.length).toBe(contactIds.length);
    expect(admin.messages.map((m) => NewCallMessageSchema.parse(m.data).type)).toEqual([
      'call',
      'call',
    ]);
    expect(admin.messages.every((m) => m.page === EXPLORER_PUSH_PAGE)).toBe(true);
    await roundTrip(user.socket);
    expect(user.messages).toEqual([]);
    // Asking again changes nothing.
    expect(await subscribe(user.socket, EXPLORER_PUSH_PAGE)).toEqual(refused);
    s.ctx.push.publish(group.id, EXPLORER_PUSH_PAGE, {
      type: 'call',
      startTime: new Date().toISOString(),
    });
    await expect.poll(() => admin.messages.length).toBe(contactIds.length + 1);
    await roundTrip(user.socket);
    expect(user.messages).toEqual([]);
    admin.socket.close();
    user.socket.close();
  });

  it('sends GSM monitor jobs to super users only, heartbeat jobs to the heartbeat pages’ readers', async () => {
    const group = await createGroup(s.database.db);
    const viewer = await socketAs(group, 'viewer');
    const superUser = await socketAs(group, 'super');
    expect(await subscribe(viewer.socket, 'heartbeatJobs')).toEqual({ ok: true });
    expect(await subscribe(viewer.socket, 'monitorJobs')).toEqual(refused);
    expect(await subscribe(superUser.socket, 'heartbeatJobs')).toEqual({ ok: true });
    expect(await subscribe(superUser.socket, 'monitorJobs')).toEqual({ ok: true });

    const scope = forGroup(s.database.db, group.id);
    const row = (kind: 'monitor' | 'heartbeat', slot: number) =>
      scope.row(syntheticJobs, {
        kind,
        slotAt: new Date(Date.now() - slot * 60_000),
        connectRegion: 'Sydney',
        agentRegion: 'Sydney',
        status: 'Completed',
      });
    const [monitorJob, heartbeatJob] = await s.database.db
      .insert(syntheticJobs)
      .values([row('monitor', 1), row('heartbeat', 2)])
      .returning();
    if (!monitorJob || !heartbeatJob) throw new Error('jobs not inserted');
    // The publisher of finished jobs (writeJobResult's last step).
    publishJob(s.ctx.push, monitorJob);
    publishJob(s.ctx.push, heartbeatJob);

    const jobsOf = (messages: { page: string; data: unknown }[]) =>
      messages.map((m) => [m.page, (m.data as { job: SyntheticJob }).job.kind]);
    await expect.poll(() => jobsOf(superUser.messages).length).toBe(2);
    expect(jobsOf(superUser.messages)).toEqual(
      expect.arrayContaining([
        ['monitorJobs', 'monitor'],
        ['heartbeatJobs', 'heartbeat'],
      ]),
    );
    await expect.poll(() => jobsOf(viewer.messages).length).toBe(1);
    await roundTrip(viewer.socket);
    expect(jobsOf(viewer.messages)).toEqual([['heartbeatJobs', 'heartbeat']]);
    viewer.socket.close();
    superUser.socket.close();
  });

  it('reads the role at each subscription: a demoted admin is refused the pages it lost', async () => {
    const group = await createGroup(s.database.db);
    const admin = await socketAs(group, 'admin');
    expect(await subscribe(admin.socket, AGENT_PAGE)).toEqual({ ok: true });
    await s.database.db
      .update(memberships)
      .set({ role: 'user' })
      .where(and(eq(memberships.userId, admin.user.id), eq(memberships.groupId, group.id)));
    expect(await subscribe(admin.socket, EXPLORER_PUSH_PAGE)).toEqual(refused);
    expect(await subscribe(admin.socket, 'heartbeatJobs')).toEqual(refused);
    expect(admin.socket.connected).toBe(true);
    admin.socket.close();
  });

  it('refuses a malformed page name', async () => {
    const group = await createGroup(s.database.db);
    const { socket } = await socketAs(group, 'super');
    for (const page of ['', 'a b', 'x'.repeat(101), 42, null]) {
      expect(await socket.timeout(5000).emitWithAck('subscribeToPage', page)).toEqual(refused);
    }
    socket.close();
  });

  it('keeps API-key sockets (collectors) on their agent’s page, subscribing to nothing', async () => {
    const group = await createGroup(s.database.db);
    const admin = await userOf(group, 'admin');
    const key = await createApiKey(s.app, authHeaders((await signIn(s.app, admin.email)).token));
    const socket = io(url, {
      path: '/socket.io',
      auth: { apiKey: key, agent: 'jane@example.com' },
      transports: ['websocket'],
      reconnection: false,
    });
    const messages: unknown[] = [];
    socket.on('message', (m: unknown) => messages.push(m));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    expect(await subscribe(socket, EXPLORER_PUSH_PAGE)).toEqual({ ok: false });
    s.ctx.push.publish(group.id, EXPLORER_PUSH_PAGE, { type: 'call', contactId: 'not-for-agents' });
    s.ctx.push.publish(group.id, AGENT_PAGE, { body: 'alert' });
    await expect.poll(() => messages).toEqual([{ page: AGENT_PAGE, data: { body: 'alert' } }]);
    socket.close();
  });
});
