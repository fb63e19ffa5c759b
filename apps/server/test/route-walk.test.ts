import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createApiKey, createGroup, createUser, signIn } from './factories.ts';
import { PUBLIC_ROUTES } from '../src/routes/public-routes.ts';

import {
  hostileBodies,
  isPublic,
  operations,
  usesApiKey,
  wrongBodies,
  type OpenApiDocument,
  type Operation,
} from './openapi-routes.ts';

let s: TestServer;
let ops: Operation[];
beforeAll(async () => {
  s = await startTestServer();
  ops = operations(s.app.swagger() as unknown as OpenApiDocument);
});
afterAll(() => s.close());

describe('the OpenAPI document walked route by route', () => {
  it('lists the API, and every public route it exempts exists', () => {
    expect(ops.length).toBeGreaterThan(60);
    const listed = new Set(ops.map((op) => `${op.method} ${op.route}`));
    for (const route of PUBLIC_ROUTES) {
      if (route === 'POST /api/subscription') continue; // hidden twin of the trailing-slash path
      expect(listed, route).toContain(route);
    }
  });

  it('answers 401 to every non-public route without a token, before reading a malformed body', async () => {
    const refused: string[] = [];
    for (const op of ops.filter((o) => !isPublic(o))) {
      const request: InjectOptions = {
        method: op.method as InjectOptions['method'],
        url: `${op.url}?size=-1&from=oops`,
        headers: { 'content-type': 'application/json', 'x-group-id': randomUUID() },
      };
      if (op.method !== 'GET' && op.method !== 'DELETE') request.payload = '{"not": json';
      const res = await s.app.inject(request);
      if (res.statusCode !== 401 || res.json<{ error: { code: string } }>().error === undefined)
        refused.push(`${op.method} ${op.route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
  });

  it('answers 401 with a made-up bearer token too', async () => {
    const wrong: string[] = [];
    for (const op of ops.filter((o) => !isPublic(o))) {
      const res = await s.app.inject({
        method: op.method as InjectOptions['method'],
        url: op.url,
        headers: { authorization: 'Bearer not-a-token', 'content-type': 'application/json' },
        ...(op.method !== 'GET' && op.method !== 'DELETE' ? { payload: { wrong: 1 } } : {}),
      });
      if (res.statusCode !== 401) wrong.push(`${op.method} ${op.route}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never answers 500 to a signed-in caller sending wrongly typed fields; a 400 names them', async () => {
    const group = await createGroup(s.database.db, {
      features: ['journeyExplorer', 'garvis', 'garvis2', 'garvisPreview'],
    });
    const admin = await createUser(s.database.db, { isSuper: true, groups: [group] });
    const session = authHeaders((await signIn(s.app, admin.email)).token, group.id);
    const apiKey = await createApiKey(s.app, session);
    const failures: string[] = [];
    let badRequests = 0;
    // Logout ends the walking session (its token is refused from then on).
    for (const op of ops.filter((o) => !(o.method === 'POST' && o.route === '/api/auth/logout'))) {
      const headers = usesApiKey(op)
        ? { authorization: `Bearer ${apiKey}`, 'x-group-id': group.id }
        : session;
      const query = op.query.map((name) => `${name}=%7B%22x%22%3A1%7D`).join('&');
      const url = query ? `${op.url}?${query}` : op.url;
      const bodies =
        op.method === 'GET' || op.method === 'DELETE' ? [undefined] : wrongBodies(op.body);
      for (const payload of bodies) {
        const res = await s.app.inject({
          method: op.method as InjectOptions['method'],
          url,
          headers,
          ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
          ...(payload === undefined
            ? {}
            : { headers: { ...headers, 'content-type': 'application/json' } }),
        });
        if (res.statusCode >= 500) {
          failures.push(`${op.method} ${op.route} ${JSON.stringify(payload)}: ${res.statusCode}`);
          continue;
        }
        if (res.statusCode === 400) {
          badRequests++;
          const error = res.json<{ error?: { message?: string } }>().error;
          if (!error?.message) failures.push(`${op.method} ${op.route}: 400 without a message`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(badRequests).toBeGreaterThan(50);
  });

  it('never answers 500 to U+0000 or a lone surrogate in a text, a path or a query', async () => {
    const group = await createGroup(s.database.db, {
      features: ['journeyExplorer', 'garvis', 'garvis2', 'garvisPreview'],
    });
    const admin = await createUser(s.database.db, { isSuper: true, groups: [group] });
    const session = authHeaders((await signIn(s.app, admin.email)).token, group.id);
    const apiKey = await createApiKey(s.app, session);
    const failures: string[] = [];
    let nulRefusals = 0;
    // Logout ends the walking session; a password change ends its other sessions.
    const walked = ops.filter(
      (o) =>
        !(o.method === 'POST' && o.route === '/api/auth/logout') &&
        o.route !== '/api/users/password',
    );
    for (const op of walked) {
      const headers = usesApiKey(op)
        ? { authorization: `Bearer ${apiKey}`, 'x-group-id': group.id }
        : session;
      const requests: InjectOptions[] = [];
      // Every path and query parameter holding U+0000 (percent-encoded: the only way it can).
      const query = op.query.map((name) => `${encodeURIComponent(name)}=a%00b`).join('&');
      const path = op.route.replace(/:\w+/g, 'a%00b');
      requests.push({ url: query ? `${path}?${query}` : path });
      if (op.method !== 'GET' && op.method !== 'DELETE') {
        for (const hostile of ['a\u0000b', 'a\ud800b', '\udc00'])
          for (const body of hostileBodies(op.body, hostile))
            requests.push({ url: op.url, payload: JSON.stringify(body) });
      }
      for (const request of requests) {
        const res = await s.app.inject({
          ...request,
          method: op.method as InjectOptions['method'],
          headers: { ...headers, 'content-type': 'application/json' },
        });
        const what = `${op.method} ${request.url} ${String(request.payload ?? '').slice(0, 200)}`;
        if (res.statusCode >= 500) failures.push(`${what}: ${res.statusCode}`);
        if (res.statusCode === 400 && res.body.includes('must not contain the NUL character'))
          nulRefusals++;
      }
    }
    expect(failures).toEqual([]);
    expect(nulRefusals, 'U+0000 refused with its field named').toBeGreaterThan(50);
  });
});
