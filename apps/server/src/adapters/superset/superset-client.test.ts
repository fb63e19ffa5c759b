import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSuperset } from './index.ts';
import { createSupersetClient, SupersetError } from './superset-client.ts';
import { startSupersetTestServer, type SupersetTestServer } from './superset-test-server.ts';

/**
 * The Superset client against a local server speaking Superset 4's login, CSRF and guest-token
 * endpoints: what the guest token is asked for, a refused login, and an expired access token.
 */

const ACCOUNT = { username: 'embedder', password: 'pa55-w0rd-s3cret' };
const EMBEDDED_ID = '5b2a7c1e-2f4d-4a8e-9c3b-0d1e2f3a4b5c';
const USER = { username: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' };

let superset: SupersetTestServer;
beforeAll(async () => {
  superset = await startSupersetTestServer(ACCOUNT);
});
afterAll(() => superset.close());
beforeEach(() => {
  superset.logins.length = 0;
  superset.guestTokens.length = 0;
  superset.requests.length = 0;
});

describe('the Superset client', () => {
  it('asks for a guest token for the dashboard, the user and the rls clauses', async () => {
    const client = createSupersetClient({ url: `${superset.url}/`, ...ACCOUNT });
    expect(client.domain).toBe(superset.url);
    const rls = ["group_id = 'g-1'", "agent_group_1 = 'O''Brien'"];
    const before = Date.now();
    const answer = await client.guestToken({ embeddedId: EMBEDDED_ID, user: USER, rls });

    expect(superset.guestTokens).toEqual([
      {
        user: USER,
        resources: [{ type: 'dashboard', id: EMBEDDED_ID }],
        rls: [{ clause: rls[0] }, { clause: rls[1] }],
      },
    ]);
    // The token's own exp (5 minutes) is its expiry.
    expect(answer.token.split('.')).toHaveLength(3);
    expect(answer.expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 299_000);
    expect(answer.expiresAt).toBeLessThanOrEqual(Date.now() + 301_000);
    expect(superset.requests).toEqual([
      'POST /api/v1/security/login',
      'GET /api/v1/security/csrf_token/',
      'POST /api/v1/security/guest_token/',
    ]);

    // The access token is kept: the next guest token needs no login.
    await client.guestToken({ embeddedId: EMBEDDED_ID, user: USER, rls: [] });
    expect(superset.logins).toEqual([{ username: ACCOUNT.username, ok: true }]);
    expect(superset.guestTokens[1]?.rls).toEqual([]);
  });

  it('names a refused login clearly, without the password', async () => {
    const client = createSupersetClient({
      url: superset.url,
      username: ACCOUNT.username,
      password: 'wrong-password-123',
    });
    const failure = await client
      .guestToken({ embeddedId: EMBEDDED_ID, user: USER, rls: [] })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(SupersetError);
    const message = (failure as SupersetError).message;
    expect(message).toMatch(/^Superset login failed: 401 /);
    expect(message).toContain('Not authorized');
    expect(message).not.toContain('wrong-password-123');
    expect((failure as SupersetError).httpStatus).toBe(401);
    expect(superset.guestTokens).toEqual([]);

    // A login refused is not kept: the next call tries again (and fails the same way).
    await expect(
      client.guestToken({ embeddedId: EMBEDDED_ID, user: USER, rls: [] }),
    ).rejects.toThrow('Superset login failed: 401');
    expect(superset.logins.map((l) => l.ok)).toEqual([false, false]);
  });

  it('logs in once more when Superset refuses an expired access token', async () => {
    const client = createSupersetClient({ url: superset.url, ...ACCOUNT });
    await client.guestToken({ embeddedId: EMBEDDED_ID, user: USER, rls: [] });
    superset.expireAccessTokens();
    superset.requests.length = 0;

    const answer = await client.guestToken({ embeddedId: EMBEDDED_ID, user: USER, rls: ['1 = 1'] });
    expect(answer.token).toBeTruthy();
    expect(superset.logins).toHaveLength(2);
    expect(superset.requests).toEqual([
      'GET /api/v1/security/csrf_token/',
      'POST /api/v1/security/login',
      'GET /api/v1/security/csrf_token/',
      'POST /api/v1/security/guest_token/',
    ]);
    expect(superset.guestTokens.at(-1)?.rls).toEqual([{ clause: '1 = 1' }]);
  });

  it('says which call failed when Superset cannot be reached or refuses the request', async () => {
    const down = createSupersetClient({ url: 'http://127.0.0.1:9', ...ACCOUNT, timeoutMs: 2000 });
    await expect(down.guestToken({ embeddedId: EMBEDDED_ID, user: USER, rls: [] })).rejects.toThrow(
      /^Superset login failed: http:\/\/127\.0\.0\.1:9 could not be reached/,
    );

    const client = createSupersetClient({ url: superset.url, ...ACCOUNT });
    const failure = await client
      .guestToken({ embeddedId: '', user: USER, rls: [] })
      .catch((err: unknown) => err as SupersetError);
    expect(failure).toBeInstanceOf(SupersetError);
    expect((failure as SupersetError).message).toMatch(
      /^Superset guest token failed: 400 .*resources/,
    );
  });
});

describe('the dashboard map', () => {
  it("takes our dashboard id first, then its canvas key, else the built-in engine's", () => {
    const client = createSupersetClient({ url: superset.url, ...ACCOUNT });
    const group = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
    const map = createSuperset(client, {
      calloverview: 'uuid-every-group',
      [`${group}_Technology-CallOverview`]: 'uuid-this-group',
      default: 'uuid-overview',
    });
    expect(map.embeddedIdFor(group, `${group}_Technology-CallOverview`)).toBe('uuid-this-group');
    expect(map.embeddedIdFor('other', 'other_Technology-CallOverview')).toBe('uuid-every-group');
    expect(map.embeddedIdFor(group, `default_${group}`)).toBe('uuid-overview');
    expect(map.embeddedIdFor(group, `${group}_Technology-ReportedIssues`)).toBeNull();
  });
});
