import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { AUTH_TEXTS, SUBSCRIPTION_TEXTS } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { PASSWORD, createGroup, createUser } from './factories.ts';

/** Issue 31 §6: a 429 says when to come back (Retry-After), counted on the injected clock. */

const WINDOW_SECONDS = 300;
const SUBSCRIPTION_WINDOW_SECONDS = 600;

let s: TestServer;
let nowMs = Date.now();
beforeAll(async () => {
  s = await startTestServer({
    LOGIN_MAX_FAILURES: '2',
    LOGIN_FAILURE_WINDOW_SECONDS: String(WINDOW_SECONDS),
    SUBSCRIPTION_MAX_ATTEMPTS: '1',
    SUBSCRIPTION_ATTEMPT_WINDOW_SECONDS: String(SUBSCRIPTION_WINDOW_SECONDS),
  });
  // The sessions' clock, stopped: the test moves it.
  s.ctx.sessionDeps.now = () => nowMs;
});
afterAll(() => s.close());

const login = (email: string, password: string, remoteAddress: string) =>
  s.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });

describe('the sign-in 429', () => {
  it('carries Retry-After: the seconds until the throttle lets the account in, on the injected clock', async () => {
    const group = await createGroup(s.database.db);
    const user = await createUser(s.database.db, { groups: [group] });
    nowMs = Date.UTC(2026, 0, 5, 9, 0, 0);
    for (let i = 0; i < 2; i++)
      expect((await login(user.email, 'nope', `10.31.0.${i + 1}`)).statusCode).toBe(401);

    const blocked = await login(user.email, PASSWORD, '10.31.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(AUTH_TEXTS.tooManyAttempts);
    expect(blocked.headers['retry-after']).toBe(String(WINDOW_SECONDS));

    nowMs += 100_500;
    const later = await login(user.email, PASSWORD, '10.31.0.9');
    expect(later.statusCode).toBe(429);
    expect(later.headers['retry-after']).toBe('200');

    nowMs += 199_499;
    expect((await login(user.email, PASSWORD, '10.31.0.9')).headers['retry-after']).toBe('1');

    // Once Retry-After has passed, the right password is let in.
    nowMs += 1;
    const after = await login(user.email, PASSWORD, '10.31.0.9');
    expect(after.statusCode).toBe(200);
    expect(after.headers['retry-after']).toBeUndefined();
  });

  it('an address held back answers its own wait, and a 401 carries none', async () => {
    nowMs = Date.UTC(2026, 0, 6, 9, 0, 0);
    const ip = '192.0.2.131';
    // The address allows four times the account's failures.
    for (let i = 0; i < 8; i++) {
      const res = await login(`x${i}-${randomUUID()}@example.com`, 'nope', ip);
      expect(res.statusCode).toBe(401);
      expect(res.headers['retry-after']).toBeUndefined();
      nowMs += 10_000;
    }
    const res = await login('fresh@example.com', 'nope', ip);
    expect(res.statusCode).toBe(429);
    // The address's window started at the first failure, 80 s ago.
    expect(res.headers['retry-after']).toBe(String(WINDOW_SECONDS - 80));
  });
});

describe("the subscription limit's 429", () => {
  it('carries Retry-After: the seconds left in the address window', async () => {
    nowMs = Date.UTC(2026, 0, 7, 9, 0, 0);
    const post = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/subscription/',
        remoteAddress: '203.0.113.31',
        payload: { customerCode: `CUST-${randomUUID().slice(0, 8)}`, productCode: 'p' },
      });
    expect((await post()).statusCode).toBe(201);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(SUBSCRIPTION_TEXTS.tooManyAttempts);
    expect(refused.headers['retry-after']).toBe(String(SUBSCRIPTION_WINDOW_SECONDS));

    nowMs += 599_001;
    expect((await post()).headers['retry-after']).toBe('1');
    nowMs += 999;
    const again = await post();
    expect(again.statusCode).toBe(201);
    expect(again.headers['retry-after']).toBeUndefined();
  });
});
