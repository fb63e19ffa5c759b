import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Subscription } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { auditLog, marketplaceSubscriptions } from '../src/db/schema/index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    SUBSCRIPTION_MAX_ATTEMPTS: '1000',
    SUPPORT_EMAIL: 'help@example.org',
  });
});
afterAll(() => s.close());

let address = 0;
/** Each test speaks from its own address so the per-address limit stays out of the way. */
const subscribe = (payload: unknown, ip = `10.9.0.${++address}`) =>
  s.app.inject({
    method: 'POST',
    url: '/api/subscription/',
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
  });
const code = () => `CUST-${randomUUID().slice(0, 8)}`;

async function auditFor(customerCode: string) {
  return s.database.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.details} ->> 'customerCode' = ${customerCode}`)
    .orderBy(auditLog.id);
}

describe('POST /api/subscription/ (public)', () => {
  it('records a subscription without sign-in and audits it', async () => {
    const customerCode = code();
    const res = await subscribe({
      customerCode,
      productCode: 'prod-1',
      subscriptionEnd: '2099-12-31T00:00:00Z',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<Subscription>()).toMatchObject({
      customerCode,
      productCode: 'prod-1',
      subscriptionEnd: '2099-12-31T00:00:00.000Z',
      status: 'active',
    });
    const rows = await s.database.db
      .select()
      .from(marketplaceSubscriptions)
      .where(eq(marketplaceSubscriptions.customerCode, customerCode));
    expect(rows).toHaveLength(1);
    const audit = await auditFor(customerCode);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      service: 'subscription',
      action: 'createSubscription',
      result: 'success',
      groupId: null,
    });
    expect(audit[0]?.details).toMatchObject({
      productCode: 'prod-1',
      ip: expect.stringMatching(/^10\.9\.0\./),
    });
  });

  it('accepts epoch seconds, no end, and the path without the trailing slash', async () => {
    const a = await subscribe({
      customerCode: code(),
      productCode: 'p',
      subscriptionEnd: 4102444800,
    });
    expect(a.json<Subscription>().subscriptionEnd).toBe('2100-01-01T00:00:00.000Z');
    const b = await subscribe({ customerCode: code(), productCode: 'p' });
    expect(b.statusCode).toBe(201);
    expect(b.json<Subscription>().subscriptionEnd).toBeNull();
    const c = await s.app.inject({
      method: 'POST',
      url: '/api/subscription',
      payload: { customerCode: code(), productCode: 'p', subscriptionEnd: null },
    });
    expect(c.statusCode).toBe(201);
  });

  it('allows one active subscription per customer: the second is 409 "Subscription already exists", audited', async () => {
    const customerCode = code();
    expect((await subscribe({ customerCode, productCode: 'p1' })).statusCode).toBe(201);
    const again = await subscribe({ customerCode, productCode: 'p2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Subscription already exists',
    });
    const audit = await auditFor(customerCode);
    expect(audit.map((a) => a.result)).toEqual(['success', 'failure']);
    expect(audit[1]?.message).toBe('HTTP 409: Subscription already exists');
    expect(audit[1]?.details).toMatchObject({ customerCode, productCode: 'p2' });
  });

  it('two racing requests for one customer give one 201 and one 409', async () => {
    const customerCode = code();
    const results = await Promise.all([
      subscribe({ customerCode, productCode: 'p' }),
      subscribe({ customerCode, productCode: 'p' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('lets a customer subscribe again once the active subscription has ended', async () => {
    const customerCode = code();
    expect(
      (await subscribe({ customerCode, productCode: 'p', subscriptionEnd: '2099-01-01' }))
        .statusCode,
    ).toBe(201);
    await s.database.db
      .update(marketplaceSubscriptions)
      .set({ subscriptionEnd: new Date(Date.now() - 1000) })
      .where(eq(marketplaceSubscriptions.customerCode, customerCode));
    expect((await subscribe({ customerCode, productCode: 'p' })).statusCode).toBe(201);
    const rows = await s.database.db
      .select()
      .from(marketplaceSubscriptions)
      .where(eq(marketplaceSubscriptions.customerCode, customerCode));
    expect(rows.map((r) => r.status).sort()).toEqual(['active', 'expired']);
  });

  it('refuses bad bodies with 400 naming the field, and audits the refusal', async () => {
    const blank = await subscribe({ customerCode: '  ', productCode: 'p' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ customerCode: 'Required (Customer Code)' });
    const odd = await subscribe({
      customerCode: 'a b',
      productCode: 'p',
      subscriptionEnd: 'next week',
    });
    expect(odd.json().error.fields).toEqual({
      customerCode: 'Customer Code has invalid characters',
      subscriptionEnd: 'subscriptionEnd must be an ISO date or an epoch time',
    });
    const past = await subscribe({
      customerCode: 'PAST-1',
      productCode: 'p',
      subscriptionEnd: '2001-01-01',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({
      subscriptionEnd: 'The subscription end date has already passed',
    });
    const extra = await subscribe({ customerCode: 'c', productCode: 'p', status: 'cancelled' });
    expect(extra.statusCode).toBe(400);
    expect((await auditFor('a b')).map((a) => a.result)).toEqual(['failure']);
    expect((await auditFor('PAST-1'))[0]?.message).toBe(
      'HTTP 400: The subscription end date has already passed',
    );
  });
});

describe('per-address limit', () => {
  it('answers 429 after the allowed attempts from one address, audited; other addresses go on', async () => {
    const limited = await startTestServer({ SUBSCRIPTION_MAX_ATTEMPTS: '3' });
    try {
      const post = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/subscription/',
          remoteAddress,
          payload: { customerCode: code(), productCode: 'p' },
        });
      for (let i = 0; i < 3; i++) expect((await post('203.0.113.7')).statusCode).toBe(201);
      const refused = await post('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({
        code: 'RATE_LIMITED',
        message:
          'Too many subscription attempts from this address. Please wait a few minutes and try again.',
      });
      // Bad bodies count too: the limit is checked before the body is read.
      expect(
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/subscription/',
            remoteAddress: '203.0.113.7',
            payload: {},
          })
        ).statusCode,
      ).toBe(429);
      expect((await post('203.0.113.8')).statusCode).toBe(201);
      const audit = await limited.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.service, 'subscription'));
      expect(audit.filter((a) => a.result === 'failure').map((a) => a.message)).toEqual([
        'HTTP 429: Too many subscription attempts from this address. Please wait a few minutes and try again.',
        'HTTP 429: Too many subscription attempts from this address. Please wait a few minutes and try again.',
      ]);
      expect(audit.filter((a) => a.result === 'success')).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/public/settings', () => {
  it('gives the support e-mail without sign-in', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/public/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ supportEmail: 'help@example.org' });
  });
});
