import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_TEXTS,
  FEATURE_FLAGS,
  catalogueModule,
  type ConfigFieldDefinition,
} from '@callsight/shared';
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

/** The 403 of the permission gate itself (authorize), as opposed to a service's refusal. */
function gateRefusal(body: string): boolean {
  const error = (JSON.parse(body) as { error?: { message?: string } }).error;
  return error?.message === AUTH_TEXTS.forbidden;
}

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
          // Refused by the route's declared gate, not later by its service: the access declared
          // on the route is the one listed here.
          else if (expected === 403 && caller !== 'apiKey' && !gateRefusal(res.body))
            wrong.push(`${what} (refused past the gate: declare the roles on the route)`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(allowed).toBeGreaterThan(150);
    expect(refused).toBeGreaterThan(150);
  });
});

/**
 * Issue 31 point 5: the API follows the screens' access (spec 000 §6), decisions D10, D15, 27 and
 * 38 reversed. Pinned here, apart from ROUTE_ROLES, so that loosening one of these routes back
 * fails even when the route and ROUTE_ROLES are loosened together.
 */
const SCREEN_ACCESS: Record<string, readonly RouteCaller[]> = {
  // Simulate (admin or super): campaigns, runs, call logs and recordings.
  'GET /api/campaigns': ['admin', 'super'],
  'GET /api/campaigns/:id': ['admin', 'super'],
  'GET /api/campaigns/:id/runs': ['admin', 'super'],
  'GET /api/campaigns/:id/runs/:runId': ['admin', 'super'],
  'GET /api/campaigns/:id/runs/:runId/graph': ['admin', 'super'],
  'GET /api/campaigns/:id/runs/:runId/stats': ['admin', 'super'],
  'GET /api/campaigns/:id/runs/:runId/calls': ['admin', 'super'],
  'GET /api/campaigns/:id/runs/:runId/calls/:seq/recording': ['admin', 'super'],
  // The API module (admin or super): the masked key list.
  'GET /api/config/token': ['admin', 'super'],
  // Group Settings (viewer, admin or super): no Group User.
  'GET /api/config/modules': ['viewer', 'admin', 'super'],
  'GET /api/config/catalogue': ['viewer', 'admin', 'super'],
  'POST /api/config/validate': ['viewer', 'admin', 'super'],
  'PUT /api/config': ['viewer', 'admin', 'super'],
  'GET /api/config/:key/:type': ['viewer', 'admin', 'super'],
  'PUT /api/config/:type': ['viewer', 'admin', 'super'],
  // Heartbeat Tagging, the GSM module (super only).
  'GET /api/tagging/tag-configs': ['super'],
  'GET /api/gsm/connect/numbers': ['super'],
};
const ROLES = ['viewer', 'user', 'admin', 'super'] as const;

describe("the API follows the screens' access (issue 31)", () => {
  it('lists these routes with the screens’ roles in ROUTE_ROLES', () => {
    for (const [route, roles] of Object.entries(SCREEN_ACCESS))
      expect([...(ROUTE_ROLES[route] ?? [])].sort(), route).toEqual([...roles].sort());
  });

  it('refuses each role the screen is not offered to with the gate’s 403, and lets the others by', async () => {
    const byKey = new Map(ops.map((op) => [routeKey(op), op]));
    const wrong: string[] = [];
    for (const [route, roles] of Object.entries(SCREEN_ACCESS)) {
      const op = byKey.get(route);
      if (!op) {
        wrong.push(`${route}: not in the OpenAPI document`);
        continue;
      }
      const url = fillPath(
        op,
        Object.fromEntries(op.pathParams.map((p) => [p, PARAMS[p]?.(groupId) ?? ''])),
      );
      for (const role of ROLES) {
        const res = await s.app.inject({
          method: op.method,
          url,
          headers: hasBody(op)
            ? { ...headers[role], 'content-type': 'application/json' }
            : headers[role],
          ...(hasBody(op) ? { payload: JSON.stringify(REFUSED_BODY) } : {}),
        });
        const refused = res.statusCode === 403 && gateRefusal(res.body);
        if (roles.includes(role) === refused)
          wrong.push(`${route} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the alert toggles that super reads from admins: not listed, not read, not written', async () => {
    const catalogue = await s.app.inject({
      method: 'GET',
      url: '/api/config/catalogue?module=AGENT_ALERTS_MODULE',
      headers: headers.admin,
    });
    expect(catalogue.statusCode).toBe(200);
    const modules = catalogue.json<{ modules: { key: string; fields: unknown[] }[] }>().modules;
    expect(modules).toEqual([expect.objectContaining({ key: 'AGENT_ALERTS_MODULE', fields: [] })]);

    const superView = await s.app.inject({
      method: 'GET',
      url: '/api/config/catalogue?module=AGENT_ALERTS_MODULE',
      headers: headers.super,
    });
    const superFields = superView
      .json<{ modules: { fields: { key: string }[] }[] }>()
      .modules.flatMap((m) => m.fields.map((f) => f.key));
    // The 15 toggles of spec 000 §6 ("write super and admin, read super") and the boom arm.
    expect(superFields).toHaveLength(16);
    expect(superFields).toContain('AGENT_ALERT_MOS');

    // Every field of the module, sub-fields included, is super-read: an admin reads none.
    const fields: ConfigFieldDefinition[] = [];
    const collect = (list: readonly ConfigFieldDefinition[]) =>
      list.forEach((f) => (fields.push(f), collect(f.subFields ?? [])));
    collect(catalogueModule('AGENT_ALERTS_MODULE')?.fields ?? []);
    expect(fields.length).toBeGreaterThan(30);
    for (const field of fields) {
      expect(field.readRoles, field.key).toEqual(['user:super']);
      const read = await s.app.inject({
        method: 'GET',
        url: `/api/config/${field.key}/${field.type}`,
        headers: headers.admin,
      });
      expect(read.statusCode, `GET ${field.key} as admin`).toBe(403);
    }

    const write = await s.app.inject({
      method: 'PUT',
      url: '/api/config/boolean',
      headers: headers.admin,
      payload: { key: 'AGENT_ALERT_MOS', value: false },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toEqual({
      code: 'FORBIDDEN',
      message:
        'You do not have permission to change AGENT_ALERT_MOS: only those who may read it may change it.',
      fields: {
        AGENT_ALERT_MOS:
          'You do not have permission to change AGENT_ALERT_MOS: only those who may read it may change it.',
      },
    });
    const batch = await s.app.inject({
      method: 'PUT',
      url: '/api/config',
      headers: headers.admin,
      payload: { entries: [{ key: 'AGENT_ALERTS_SNOOZE_MINUTES', value: '10' }] },
    });
    expect(batch.statusCode).toBe(403);
    expect(batch.json().error.fields).toHaveProperty('AGENT_ALERTS_SNOOZE_MINUTES');

    const bySuper = await s.app.inject({
      method: 'PUT',
      url: '/api/config/boolean',
      headers: headers.super,
      payload: { key: 'AGENT_ALERT_MOS', value: false },
    });
    expect(bySuper.statusCode).toBe(200);
  });
});
