import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { AUTH_TEXTS, SUBSCRIPTION_TEXTS } from '@callsight/shared';
import { loadConfig } from '../src/config.ts';
import { auditLog, loginThrottle } from '../src/db/schema/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createGroup, createUser, PASSWORD } from './factories.ts';

/**
 * The sign-in and subscription limits count per client address, and the audit log records it.
 * Through a real listening server (requests from 127.0.0.1), a client's own X-Forwarded-For must
 * neither escape a limit nor reach the audit log, unless TRUST_PROXY names the sender.
 */

// LOGIN_MAX_FAILURES 2: an address may fail 2 × 4 = 8 times per window.
const ADDRESS_LIMIT = 8;
const LIMITS = { LOGIN_MAX_FAILURES: '2', SUBSCRIPTION_MAX_ATTEMPTS: '3' };

interface Listening {
  s: TestServer;
  base: string;
}

async function listen(env: Record<string, string>): Promise<Listening> {
  const s = await startTestServer({ ...LIMITS, ...env });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = s.app.server.address() as AddressInfo;
  return { s, base: `http://127.0.0.1:${port}` };
}

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const unknownEmail = () => `nobody-${randomUUID().slice(0, 8)}@example.com`;

/** One wrong password for a new account per request, each with its own X-Forwarded-For. */
async function wrongPasswords(base: string, count: number, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = unknownEmail();
    emails.push(email);
    const res = await post(
      base,
      '/api/auth/login',
      { email, password: 'Wrong-password-1' },
      { 'x-forwarded-for': forwardedFor(i) },
    );
    statuses.push(res.status);
  }
  return { statuses, emails };
}

async function loginAuditIps(s: TestServer, emails: string[]) {
  const rows = await s.database.db
    .select({ actor: auditLog.actor, details: auditLog.details })
    .from(auditLog)
    .where(inArray(auditLog.actor, emails));
  return rows.map((r) => (r.details as { ip?: string } | null)?.ip);
}

const clearThrottle = (s: TestServer) => s.database.db.delete(loginThrottle);

describe('without TRUST_PROXY (the default)', () => {
  let l: Listening;
  beforeAll(async () => {
    l = await listen({});
  });
  afterAll(() => l.s.close());
  beforeEach(() => clearThrottle(l.s));

  it('a rotating X-Forwarded-For does not escape the per-address sign-in limit', async () => {
    const { statuses, emails } = await wrongPasswords(l.base, 12, (i) => `198.51.100.${i + 1}`);
    expect(statuses).toEqual([...Array(ADDRESS_LIMIT).fill(401), ...Array(4).fill(429)]);
    // The audit log records the address the request came from, not the header.
    const ips = await loginAuditIps(l.s, emails);
    expect(ips).toHaveLength(12);
    expect(new Set(ips)).toEqual(new Set(['127.0.0.1']));
  });

  it('a locked-out address stays locked when it adds the header, even with the right password', async () => {
    const group = await createGroup(l.s.database.db);
    const user = await createUser(l.s.database.db, { groups: [group] });
    const { statuses } = await wrongPasswords(l.base, ADDRESS_LIMIT, () => '203.0.113.1');
    expect(statuses).toEqual(Array(ADDRESS_LIMIT).fill(401));
    const attempts: Record<string, string>[] = [{}, { 'x-forwarded-for': '203.0.113.99' }];
    for (const headers of attempts) {
      const res = await post(
        l.base,
        '/api/auth/login',
        { email: user.email, password: PASSWORD },
        headers,
      );
      expect(res.status).toBe(429);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        AUTH_TEXTS.tooManyAttempts,
      );
    }
  });

  it('a rotating X-Forwarded-For does not escape the subscription limit; audit rows keep the real address', async () => {
    const codes = Array.from({ length: 5 }, () => `CUST-${randomUUID().slice(0, 8)}`);
    const statuses: number[] = [];
    for (const [i, customerCode] of codes.entries()) {
      const res = await post(
        l.base,
        '/api/subscription/',
        { customerCode, productCode: 'prod-1' },
        { 'x-forwarded-for': `192.0.2.${i + 1}` },
      );
      statuses.push(res.status);
      if (res.status === 429) {
        expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
          SUBSCRIPTION_TEXTS.tooManyAttempts,
        );
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // Refused attempts are counted before the body is read: their rows carry no customer code.
    const rows = await l.s.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.service, 'subscription'));
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => (r.details as { ip?: string }).ip))).toEqual(
      new Set(['127.0.0.1']),
    );
  });
});

describe('with TRUST_PROXY naming the proxy (here the loopback address)', () => {
  let l: Listening;
  beforeAll(async () => {
    l = await listen({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => l.s.close());
  beforeEach(() => clearThrottle(l.s));

  it('counts and audits the forwarded client address, so clients behind one proxy are limited apart', async () => {
    const { statuses, emails } = await wrongPasswords(l.base, 12, (i) => `198.51.100.${i + 1}`);
    expect(statuses).toEqual(Array(12).fill(401));
    const ips = await loginAuditIps(l.s, emails);
    expect(new Set(ips)).toEqual(new Set(emails.map((_, i) => `198.51.100.${i + 1}`)));
  });

  it('locks out one forwarded client while another signs in', async () => {
    const group = await createGroup(l.s.database.db);
    const user = await createUser(l.s.database.db, { groups: [group] });
    await wrongPasswords(l.base, ADDRESS_LIMIT, () => '203.0.113.1');
    const login = (forwardedFor: string) =>
      post(
        l.base,
        '/api/auth/login',
        { email: user.email, password: PASSWORD },
        { 'x-forwarded-for': forwardedFor },
      );
    expect((await login('203.0.113.1')).status).toBe(429);
    expect((await login('203.0.113.2')).status).toBe(200);
  });

  it('believes only the hop the proxy added, not an address the client wrote before it', async () => {
    const { emails } = await wrongPasswords(l.base, 1, () => '192.0.2.66, 203.0.113.5');
    expect(await loginAuditIps(l.s, emails)).toEqual(['203.0.113.5']);
  });
});

describe('TRUST_PROXY setting', () => {
  it('accepts addresses, CIDRs and the named ranges; refuses "true" and hop counts at boot', () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1 ,fd00::/8,loopback' }).TRUST_PROXY,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
    for (const value of ['true', '1', '*', '10.0.0.0/33', 'proxy.example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        `TRUST_PROXY.0: ${JSON.stringify(value)} is not a proxy address`,
      );
    }
  });
});
