import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createApiKey, createGroup, createUser, signIn } from './factories.ts';
import { forGroup } from '../src/db/group-scope.ts';
import { configEntries } from '../src/db/schema/index.ts';
import {
  fillPath,
  hasBody,
  isPublic,
  operations,
  routeKey,
  type OpenApiDocument,
  type Operation,
} from './openapi-routes.ts';
import { PUBLIC_ROUTES } from '../src/routes/public-routes.ts';
import { ROUTE_ROLES, type RouteCaller } from '../src/routes/route-roles.ts';

/**
 * Issue 15 point 1: every route of the OpenAPI document called as a Group Viewer, Group User,
 * Group Admin, super user and API key of one group (every feature flag on, so that only the role
 * decides). A caller that ROUTE_ROLES lists must get past the gate (any answer but 401 and 403:
 * made-up ids and refused bodies answer 404 and 400); any other caller must be refused: 403 for a
 * session without the role, 401 for the wrong kind of credential (a session on an API-key route,
 * an API key on a session route).
 */

const CALLERS: readonly RouteCaller[] = ['viewer', 'user', 'admin', 'super', 'billing', 'apiKey'];

/**
 * Path parameter values: the group's own id where the path names the group (so that the route
 * goes on past the group check), made-up ids elsewhere (nothing to change, a 404 past the gate).
 */
const PARAMS: Record<string, (groupId: string) => string> = {
  id: () => randomUUID(),
  group: (groupId) => groupId,
  eventSourceId: () => randomUUID(),
  flag: () => 'false',
  // A config field every member may read (the field lists are tested in config.test.ts).
  key: () => 'GENESYS_CLIENT_ID',
  type: () => 'string',
  region: () => 'us-east-1',
  contactId: () => 'matrix-call',
  traceId: () => 'f'.repeat(32),
  spanId: () => 'e'.repeat(16),
  runId: () => randomUUID(),
  seq: () => '1',
  location: () => 'dialler_to_connect',
  callId: () => 'matrix-call',
  user: () => randomUUID(),
  // The callers are in no team: 'default' opens a dashboard.
  roleId: () => 'default',
  dashboardId: (groupId) => `${groupId}_Technology-CallOverview`,
  groupId: (groupId) => groupId,
  logicalId: () => randomUUID(),
  name: () => 'calloverview',
  filter: () => 'all',
  period: () => '2025-03',
  set: () => 'All',
};

/**
 * The body sent to every route that takes one: refused by validation, so that an allowed call
 * changes nothing (the gate runs in onRequest, before the body is read). Routes whose service
 * checks the caller before the rows get a body that passes the route's schema instead.
 */
const REFUSED_BODY = 'permission-matrix';
const BODIES: Record<string, unknown> = {
  'PUT /api/gsm/connect/numbers': [{}],
};

let s: TestServer;
let ops: Operation[];
let groupId: string;
const headers = {} as Record<RouteCaller, Record<string, string>>;

beforeAll(async () => {
  s = await startTestServer();
  ops = operations(s.app.swagger() as unknown as OpenApiDocument).filter((op) => !isPublic(op));
  const group = await createGroup(s.database.db, { features: [...FEATURE_FLAGS] });
  groupId = group.id;
  // Every module on: the heartbeat routes also need HEARTBEAT_ENABLED.
  await s.database.db.insert(configEntries).values(
    forGroup(s.database.db, group.id).row(configEntries, {
      key: 'HEARTBEAT_ENABLED',
      value: 'true',
    }),
  );
  for (const role of ['viewer', 'user', 'admin'] as const) {
    const user = await createUser(s.database.db, { groups: [group], role });
    headers[role] = authHeaders((await signIn(s.app, user.email)).token, group.id);
  }
  const superUser = await createUser(s.database.db, { groups: [group], isSuper: true });
  headers.super = authHeaders((await signIn(s.app, superUser.email)).token, group.id);
  const biller = await createUser(s.database.db, {
    groups: [group],
    isSuper: true,
    platformPermissions: ['user:billing'],
  });
  headers.billing = authHeaders((await signIn(s.app, biller.email)).token, group.id);
  const key = await createApiKey(s.app, headers.admin);
  headers.apiKey = { authorization: `Bearer ${key}`, 'x-group-id': group.id };
});
afterAll(() => s.close());

describe('permission matrix (issue 15)', () => {
  it('lists every route of the OpenAPI document in ROUTE_ROLES, and no other', () => {
    const routes = new Set(ops.map(routeKey));
    const missing = [...routes].filter((key) => !ROUTE_ROLES[key]);
    const stale = Object.keys(ROUTE_ROLES).filter((key) => !routes.has(key));
    expect(missing, 'routes to add to ROUTE_ROLES (src/routes/route-roles.ts)').toEqual([]);
    expect(stale, 'ROUTE_ROLES entries naming no route').toEqual([]);
    const listedPublic = Object.keys(ROUTE_ROLES).filter((key) => PUBLIC_ROUTES.has(key));
    expect(listedPublic, 'public routes are not listed').toEqual([]);
  });

  it('lets each listed caller past the gate and refuses every other, route by route', async () => {
    const unmapped = ops.flatMap((op) => op.pathParams.filter((p) => !PARAMS[p]));
    expect(unmapped, 'path parameters to give a value in PARAMS').toEqual([]);
    const wrong: string[] = [];
    let allowed = 0;
    let refused = 0;
    for (const op of ops) {
      const roles = ROUTE_ROLES[routeKey(op)];
      if (!roles) continue;
      const keyRoute = roles.includes('apiKey');
      const url = fillPath(
        op,
        Object.fromEntries(op.pathParams.map((p) => [p, PARAMS[p]?.(groupId) ?? ''])),
      );
      const body = BODIES[routeKey(op)] ?? REFUSED_BODY;
      for (const caller of CALLERS) {
        const res = await s.app.inject({
          method: op.method,
          url,
          headers: hasBody(op)
            ? { ...headers[caller], 'content-type': 'application/json' }
            : headers[caller],
          ...(hasBody(op) ? { payload: JSON.stringify(body) } : {}),
        });
        const status = res.statusCode;
        const what = `${routeKey(op)} as ${caller}: ${status} ${res.body.slice(0, 160)}`;
        // A billing caller is a super user too: what super may call, it may.
        if (roles.includes(caller) || (caller === 'billing' && roles.includes('super'))) {
          allowed++;
          if (status === 401 || status === 403 || status >= 500)
            wrong.push(`${what} (listed: must get past the gate)`);
        } else {
          refused++;
          const expected = (caller === 'apiKey') === keyRoute ? 403 : 401;
          if (status !== expected) wrong.push(`${what} (not listed: expected ${expected})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(allowed).toBeGreaterThan(150);
    expect(refused).toBeGreaterThan(150);
  });
});
