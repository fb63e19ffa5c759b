import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { AUTH_TEXTS, type SessionToken } from '@callsight/shared';
import { buildApp } from '../src/app.ts';
import type { App, AppContext } from '../src/app-context.ts';
import { ensureJwtSecret } from '../src/db/bootstrap.ts';
import { authSessions, memberships } from '../src/db/schema/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { reachable, skipWithout } from './support/peers.ts';
import { authHeaders, createGroup, createUser, PASSWORD, signIn } from './factories.ts';

/**
 * Push sockets end with their session (issue 31 item 4): sign-out, a password change, an idle
 * time-out, a removed membership and an expired token close the sockets, and the dead token
 * subscribes no more. The clock is the sessions' injected one; nothing waits on the wall clock.
 */

const TTL_SECONDS = 60;
const PAGE = 'explorer';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let s: TestServer;
let url: string;
beforeAll(async () => {
  s = await startTestServer({ ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) });
  url = await listen(s.app);
});
afterAll(() => s.close());
/** Every client socket a test opened, closed after it (passed or not). */
const opened: Socket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.close();
});

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A connected socket with what it received and whether the server closed it. */
interface Client {
  socket: Socket;
  messages: unknown[];
  closedByServer: () => boolean;
}

function connect(token: SessionToken | string, at = url): Promise<Client> {
  const accessToken = typeof token === 'string' ? token : token.accessToken;
  const socket = io(at, {
    path: '/socket.io',
    auth: { token: accessToken },
    transports: ['websocket'],
    reconnection: false,
  });
  opened.push(socket);
  const messages: unknown[] = [];
  let reason = '';
  socket.on('message', (m: unknown) => messages.push(m));
  socket.on('disconnect', (r) => (reason = r));
  return new Promise((resolve, reject) => {
    socket.on('connect', () =>
      resolve({ socket, messages, closedByServer: () => reason === 'io server disconnect' }),
    );
    socket.on('connect_error', (err) => (socket.close(), reject(err)));
  });
}

async function subscribe(client: Client): Promise<{ ok: boolean; error?: string }> {
  return client.socket.timeout(5000).emitWithAck('subscribeToPage', PAGE);
}

/** A subscribed client, checked to receive the group's messages. */
async function subscribed(ctx: AppContext, token: SessionToken, at = url): Promise<Client> {
  const client = await connect(token, at);
  expect(await subscribe(client)).toEqual({ ok: true });
  const probe = { probe: Math.random() };
  ctx.push.publish(token.claims.groupId, PAGE, probe);
  await expect.poll(() => client.messages).toContainEqual({ page: PAGE, data: probe });
  return client;
}

/**
 * The dead client was closed by the server and gets none of the group's later messages (the
 * live one, subscribed to the same group, proves they were sent); its token is refused.
 */
async function expectEnded(
  dead: Client,
  live: Client,
  token: SessionToken,
  refusal: string = AUTH_TEXTS.sessionExpired,
) {
  await expect.poll(() => dead.closedByServer()).toBe(true);
  const before = dead.messages.length;
  const after = { after: Math.random() };
  s.ctx.push.publish(token.claims.groupId, PAGE, after);
  await expect.poll(() => live.messages).toContainEqual({ page: PAGE, data: after });
  expect(dead.messages).toHaveLength(before);
  await expect(connect(token)).rejects.toThrow(refusal);
}

async function member() {
  const group = await createGroup(s.database.db);
  const user = await createUser(s.database.db, { groups: [group] });
  return { group, user };
}

/** Runs `fn` with the sessions' clock (the push server's too) moved `offsetMs` ahead. */
async function later<T>(offsetMs: number, fn: () => Promise<T> | T): Promise<T> {
  const deps = s.ctx.sessionDeps;
  const real = deps.now;
  deps.now = () => Date.now() + offsetMs;
  try {
    return await fn();
  } finally {
    deps.now = real;
  }
}

const logout = (token: SessionToken, refreshCookie?: string) =>
  s.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: authHeaders(token),
    ...(refreshCookie ? { cookies: { callsight_refresh: refreshCookie } } : {}),
  });

describe('push sockets end with the session', () => {
  it('sign-out closes the session’s sockets; another session of the user goes on', async () => {
    const { user } = await member();
    const one = await signIn(s.app, user.email);
    const two = await signIn(s.app, user.email);
    const a = await subscribed(s.ctx, one.token);
    const b = await subscribed(s.ctx, two.token);

    expect((await logout(one.token, one.refreshCookie)).statusCode).toBe(200);
    await expectEnded(a, b, one.token);
    expect(b.socket.connected).toBe(true);
    b.socket.close();
  });

  it('a password change closes the user’s other sessions’ sockets, not its own', async () => {
    const { user } = await member();
    const here = await signIn(s.app, user.email);
    const elsewhere = await signIn(s.app, user.email);
    const mine = await subscribed(s.ctx, here.token);
    const other = await subscribed(s.ctx, elsewhere.token);

    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/users/password',
      headers: authHeaders(here.token),
      payload: { currentPassword: PASSWORD, newPassword: 'Another-horse-42' },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(other, mine, elsewhere.token);
    expect(mine.socket.connected).toBe(true);
    expect(await subscribe(mine)).toEqual({ ok: true });
    mine.socket.close();
  });

  it('a password an admin sets for a teammate ends all of the teammate’s sessions and sockets', async () => {
    const { group } = await member();
    const admin = await signIn(s.app, (await createUser(s.database.db, { groups: [group] })).email);
    const user = await createUser(s.database.db, { groups: [group], role: 'viewer' });
    const theirs = await signIn(s.app, user.email);
    const dead = await subscribed(s.ctx, theirs.token);
    const live = await subscribed(s.ctx, admin.token);

    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: authHeaders(admin.token),
      payload: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: 'viewer',
        group: group.id,
        password: 'Admin-set-horse-42',
      },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(dead, live, theirs.token);
    const api = await s.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: authHeaders(theirs.token),
    });
    expect(api.statusCode).toBe(401);
    live.socket.close();
  });

  it('an idle time-out (a late refresh revokes the session) closes its sockets', async () => {
    const { group } = await member();
    const idle = await signIn(
      s.app,
      (await createUser(s.database.db, { groups: [group], role: 'viewer' })).email,
    );
    const watcher = await signIn(
      s.app,
      (await createUser(s.database.db, { groups: [group] })).email,
    );
    const dead = await subscribed(s.ctx, idle.token);
    const live = await subscribed(s.ctx, watcher.token);

    const refused = await later((TTL_SECONDS + 3) * 1000, () =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { callsight_refresh: idle.refreshCookie },
      }),
    );
    expect(refused.statusCode).toBe(401);
    await expectEnded(dead, live, idle.token);
    live.socket.close();
  });

  it('a removed membership closes the user’s sockets of that group only', async () => {
    const a = await createGroup(s.database.db);
    const b = await createGroup(s.database.db);
    const admin = await createUser(s.database.db, { groups: [a] });
    const user = await createUser(s.database.db, { groups: [a, b], role: 'viewer' });
    const adminSession = await signIn(s.app, admin.email);
    const inA = await signIn(s.app, user.email);
    expect(inA.token.claims.groupId).toBe(a.id);
    const switched = await s.app.inject({
      method: 'PUT',
      url: '/api/users/switchGroup',
      headers: authHeaders(inA.token),
      payload: { currentGroupId: b.id },
    });
    expect(switched.statusCode).toBe(200);
    const inB = switched.json<SessionToken>();
    const socketA = await subscribed(s.ctx, inA.token);
    const socketB = await subscribed(s.ctx, inB);
    const adminSocket = await subscribed(s.ctx, adminSession.token);

    const removed = await s.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: authHeaders(adminSession.token),
    });
    expect(removed.statusCode).toBe(204);
    await expectEnded(socketA, adminSocket, inA.token, AUTH_TEXTS.notMember);
    // Group B's socket of the same session stays, and still subscribes.
    expect(socketB.socket.connected).toBe(true);
    expect(await subscribe(socketB)).toEqual({ ok: true });
    socketB.socket.close();
    adminSocket.socket.close();
  });

  it('a deleted account (its last membership removed) closes its sockets', async () => {
    const { group, user: admin } = await member();
    const user = await createUser(s.database.db, { groups: [group], role: 'viewer' });
    const adminSession = await signIn(s.app, admin.email);
    const session = await signIn(s.app, user.email);
    const dead = await subscribed(s.ctx, session.token);
    const live = await subscribed(s.ctx, adminSession.token);

    const removed = await s.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: authHeaders(adminSession.token),
    });
    expect(removed.statusCode).toBe(204);
    await expectEnded(dead, live, session.token);
    live.socket.close();
  });

  it('re-checks the session and membership before each subscription', async () => {
    // Ended without the hooks (as by a process whose Redis was down): the next subscription is
    // refused and the socket closed.
    const { group, user } = await member();
    const revoked = await signIn(s.app, user.email);
    const gone = await signIn(s.app, user.email);
    const first = await connect(revoked.token);
    const second = await connect(gone.token);
    await s.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.id, revoked.token.claims.sid));
    expect(await subscribe(first)).toEqual({ ok: false, error: AUTH_TEXTS.sessionExpired });
    await expect.poll(() => first.closedByServer()).toBe(true);

    await s.database.db
      .delete(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.groupId, group.id)));
    expect(await subscribe(second)).toEqual({ ok: false, error: AUTH_TEXTS.notMember });
    await expect.poll(() => second.closedByServer()).toBe(true);
  });

  it('a page left right after subscribing stays left (the check does not reorder them)', async () => {
    const { user } = await member();
    const session = await signIn(s.app, user.email);
    const left = await connect(session.token);
    const live = await subscribed(s.ctx, session.token);
    left.socket.emit('subscribeToPage', PAGE);
    expect(await left.socket.emitWithAck('unsubscribeFromPage', PAGE)).toEqual({ ok: true });
    const after = { after: Math.random() };
    s.ctx.push.publish(session.token.claims.groupId, PAGE, after);
    await expect.poll(() => live.messages).toContainEqual({ page: PAGE, data: after });
    expect(left.messages).toEqual([]);
  });

  it('an expired access token’s socket is closed and subscribes no more; a fresh token goes on', async () => {
    const { user } = await member();
    const session = await signIn(s.app, user.email);
    const swept = await subscribed(s.ctx, session.token);
    const idle = await connect(session.token);

    await later((TTL_SECONDS + 1) * 1000, async () => {
      expect(await subscribe(idle)).toEqual({ ok: false, error: AUTH_TEXTS.sessionExpired });
      s.ctx.push.closeExpiredSockets();
      await expect.poll(() => swept.closedByServer()).toBe(true);
      await expect(connect(session.token)).rejects.toThrow(AUTH_TEXTS.sessionExpired);
    });
    expect(idle.closedByServer()).toBe(true);

    // The web app's path: a refresh within the lifetime, a new handshake with the new token.
    const refreshed = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { callsight_refresh: session.refreshCookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const fresh = await subscribed(s.ctx, refreshed.json<SessionToken>());
    s.ctx.push.closeExpiredSockets();
    expect(fresh.socket.connected).toBe(true);
    fresh.socket.close();
  });
});

const redisUp = !skipWithout(await reachable(REDIS_URL), `Redis at ${REDIS_URL}`);

describe.skipIf(!redisUp)('across server processes (Redis adapter)', () => {
  it('sign-out on one process closes the session’s socket on another', async () => {
    const secret = await ensureJwtSecret(s.database.db, undefined);
    const quiet = { info: () => undefined, warn: () => undefined };
    const one = await buildApp(s.config, s.database, secret);
    const two = await buildApp(s.config, s.database, secret);
    try {
      await one.ctx.push.shareThroughRedis(REDIS_URL, quiet);
      await two.ctx.push.shareThroughRedis(REDIS_URL, quiet);
      await one.app.ready();
      await two.app.ready();
      const urlTwo = await listen(two.app);
      const { user } = await member();
      const session = await signIn(one.app, user.email);
      const watcher = await signIn(one.app, user.email);
      const dead = await subscribed(two.ctx, session.token, urlTwo);
      const live = await subscribed(two.ctx, watcher.token, urlTwo);

      const res = await one.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: authHeaders(session.token),
      });
      expect(res.statusCode).toBe(200);
      await expect.poll(() => dead.closedByServer()).toBe(true);
      // Published on the first process, received on the second by the live socket only.
      const after = { after: Math.random() };
      const before = dead.messages.length;
      one.ctx.push.publish(session.token.claims.groupId, PAGE, after);
      await expect.poll(() => live.messages).toContainEqual({ page: PAGE, data: after });
      expect(dead.messages).toHaveLength(before);
      live.socket.close();
    } finally {
      await one.app.close();
      await two.app.close();
    }
  });
});
