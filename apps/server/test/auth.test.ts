import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { AUTH_TEXTS, type SessionToken } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, PASSWORD, signIn } from './factories.ts';
import { auditLog } from '../src/db/schema/index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ LOGIN_MAX_FAILURES: '3', ACCESS_TOKEN_TTL_SECONDS: '900' });
});
afterAll(() => s.close());

describe('POST /api/auth/login', () => {
  it('signs a member in with a token carrying permissions, group and enabled features', async () => {
    const group = await createGroup(s.database.db, { features: ['journeyExplorer'] });
    const user = await createUser(s.database.db, { groups: [group], role: 'viewer' });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<SessionToken>();
    expect(body.claims).toMatchObject({
      sub: user.id,
      groupId: group.id,
      permissions: ['user:viewer'],
    });
    expect(body.claims.features).toEqual([{ group: group.id, feature: 'journeyExplorer' }]);
    expect(body.lifetimeSeconds).toBe(900);
    expect(body.expiresAt - Date.now()).toBeGreaterThan(890_000);
    const cookie = res.cookies.find((c) => c.name === 'callsight_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
  });

  it('answers 401 with the spec text for a wrong password or unknown account, and audits it', async () => {
    const group = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [group] });
    for (const payload of [
      { email: user.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const res = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: {
          code: 'INVALID_CREDENTIALS',
          message: "Oops...looks like that Login doesn't exist.",
        },
      });
    }
    const rows = await s.database.db.select().from(auditLog).where(eq(auditLog.userId, user.id));
    expect(rows.some((r) => r.action === 'login' && r.result === 'failure')).toBe(true);
  });

  it('rate-limits repeated failures per account, even with the right password afterwards', async () => {
    const group = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [group] });
    for (let i = 0; i < 3; i++) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'nope' },
        remoteAddress: `10.0.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: '10.0.0.9',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(AUTH_TEXTS.tooManyAttempts);
  });

  it('rate-limits one address trying many accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 12; i++) {
      await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `x${i}@example.com`, password: 'nope' },
        remoteAddress: ip,
      });
    }
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'fresh@example.com', password: 'nope' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
  });

  it('names each bad field and refuses extra fields and malformed JSON', async () => {
    const bad = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not-an-email', extra: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      email: 'Invalid email address',
      password: 'Required (Password)',
      extra: 'Unrecognized key: "extra"',
    });
    const malformed = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Malformed JSON body' },
    });
  });

  it('refuses a user who belongs to no group', async () => {
    const user = await createUser(s.database.db);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh cookie on each use and refuses a replayed one, revoking the family', async () => {
    const group = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [group] });
    const { token, refreshCookie } = await signIn(s.app, user.email);
    const first = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { callsight_refresh: refreshCookie },
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.cookies.find((c) => c.name === 'callsight_refresh')?.value;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(refreshCookie);
    const replay = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { callsight_refresh: refreshCookie },
    });
    expect(replay.statusCode).toBe(401);
    // The replay revoked the family: the rotated token is dead too.
    const after = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { callsight_refresh: rotated ?? '' },
    });
    expect(after.statusCode).toBe(401);
    // And the session's access tokens stop working at once.
    const profile = await s.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: authHeaders(token),
    });
    expect(profile.statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const group = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [group] });
    const { token, refreshCookie } = await signIn(s.app, user.email);
    const out = await s.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: authHeaders(token),
      cookies: { callsight_refresh: refreshCookie },
    });
    expect(out.statusCode).toBe(200);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { callsight_refresh: refreshCookie },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refresh without a cookie is 401', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(res.statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('refuses a missing, forged or expired token', async () => {
    const group = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [group] });
    const { token } = await signIn(s.app, user.email);
    const none = await s.app.inject({ method: 'GET', url: '/api/users/profile' });
    expect(none.statusCode).toBe(401);

    const [h, p] = token.accessToken.split('.');
    const tampered = `${h}.${p}.${'A'.repeat(43)}`;
    const forged = await s.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: authHeaders(tampered, group.id),
    });
    expect(forged.statusCode).toBe(401);

    const otherKey = new TextEncoder().encode('x'.repeat(48));
    const foreign = await new SignJWT({ ...token.claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('callsight')
      .setAudience('callsight-api')
      .setExpirationTime('10m')
      .sign(otherKey);
    const wrongKey = await s.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: authHeaders(foreign, group.id),
    });
    expect(wrongKey.statusCode).toBe(401);

    const secret = new TextEncoder().encode(
      await import('../src/db/bootstrap.ts').then((m) =>
        m.ensureJwtSecret(s.database.db, undefined),
      ),
    );
    const { sub, ...rest } = token.claims;
    const expired = await new SignJWT(rest)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuer('callsight')
      .setAudience('callsight-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: authHeaders(expired, group.id),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'TOKEN_EXPIRED', message: AUTH_TEXTS.sessionExpired });
  });
});
