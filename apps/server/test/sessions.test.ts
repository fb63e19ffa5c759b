import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { AUTH_TEXTS, type SessionToken } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { buildApp } from '../src/app.ts';
import { ensureJwtSecret } from '../src/db/bootstrap.ts';
import { auditLog } from '../src/db/schema/index.ts';

const TTL_SECONDS = 60;

let s: TestServer;
let url: string;
beforeAll(async () => {
  s = await startTestServer({ ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
});
afterAll(() => s.close());

/** Runs `fn` with the sessions' clock moved `offsetMs` ahead. */
async function later<T>(offsetMs: number, fn: () => Promise<T>): Promise<T> {
  const deps = s.ctx.sessionDeps;
  const real = deps.now;
  deps.now = () => Date.now() + offsetMs;
  try {
    return await fn();
  } finally {
    deps.now = real;
  }
}

const refresh = (cookie: string) =>
  s.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { callsight_refresh: cookie },
  });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'callsight_refresh')?.value ?? '';
const profile = (token: SessionToken | string) =>
  s.app.inject({ method: 'GET', url: '/api/users/profile', headers: authHeaders(token) });

async function member() {
  const group = await createGroup(s.database.db);
  return createUser(s.database.db, { groups: [group] });
}

describe('idle time-out (ACCESS_TOKEN_TTL_SECONDS, measured from the last issue or refresh)', () => {
  it('refreshes within the time-out, each refresh starting it again', async () => {
    const user = await member();
    const { refreshCookie } = await signIn(s.app, user.email);
    const first = await later(55_000, () => refresh(refreshCookie));
    expect(first.statusCode).toBe(200);
    // 110 s after sign-in, but only 55 s after the last refresh.
    const second = await later(110_000, () => refresh(cookieOf(first)));
    expect(second.statusCode).toBe(200);
  });

  it('refuses a refresh after the time-out with the session-expired text and revokes the session', async () => {
    const user = await member();
    const { token, refreshCookie } = await signIn(s.app, user.email);
    const idle = await later(63_000, () => refresh(refreshCookie));
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error).toEqual({
      code: 'UNAUTHENTICATED',
      message: AUTH_TEXTS.sessionExpired,
    });
    // Revoked, not just refused: the same cookie fails on the real clock, so does the access token.
    expect((await refresh(refreshCookie)).statusCode).toBe(401);
    expect((await profile(token)).statusCode).toBe(401);
    const rows = await s.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'refresh')));
    expect(rows.map((r) => r.message)).toEqual([
      `session idle for more than ${TTL_SECONDS} s; revoked`,
    ]);
  });
});

describe('logout', () => {
  it('ends the access token of the session at once; another session of the user goes on', async () => {
    const user = await member();
    const mine = await signIn(s.app, user.email);
    const other = await signIn(s.app, user.email);
    expect((await profile(mine.token)).statusCode).toBe(200);
    const out = await s.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: authHeaders(mine.token),
      cookies: { callsight_refresh: mine.refreshCookie },
    });
    expect(out.statusCode).toBe(200);
    const after = await profile(mine.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(AUTH_TEXTS.sessionExpired);
    expect((await profile(other.token)).statusCode).toBe(200);
  });

  it('with the bearer token only (no cookie), ends that token’s session', async () => {
    const user = await member();
    const { token, refreshCookie } = await signIn(s.app, user.email);
    await s.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(token) });
    expect((await profile(token)).statusCode).toBe(401);
    expect((await refresh(refreshCookie)).statusCode).toBe(401);
  });

  it('is seen by another server process on the same database', async () => {
    const second = await buildApp(
      s.config,
      s.database,
      await ensureJwtSecret(s.database.db, undefined),
    );
    try {
      const user = await member();
      const { token, refreshCookie } = await signIn(s.app, user.email);
      const elsewhere = () =>
        second.app.inject({
          method: 'GET',
          url: '/api/users/profile',
          headers: authHeaders(token),
        });
      expect((await elsewhere()).statusCode).toBe(200);
      await s.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: authHeaders(token),
        cookies: { callsight_refresh: refreshCookie },
      });
      expect((await elsewhere()).statusCode).toBe(401);
    } finally {
      await second.app.close();
    }
  });

  it('a signed-out token cannot open the push socket', async () => {
    const user = await member();
    const { token, refreshCookie } = await signIn(s.app, user.email);
    const connect = () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(url, {
          path: '/socket.io',
          auth: { token: token.accessToken },
          transports: ['websocket'],
          reconnection: false,
        });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', (err) => reject(err));
      });
    (await connect()).close();
    await s.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: authHeaders(token),
      cookies: { callsight_refresh: refreshCookie },
    });
    await expect(connect()).rejects.toThrow(AUTH_TEXTS.sessionExpired);
  });
});
