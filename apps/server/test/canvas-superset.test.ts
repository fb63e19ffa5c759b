import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canvasDashboardId, type GuestTokenAnswer, type Team } from '@callsight/shared';
import {
  startSupersetTestServer,
  type SupersetTestServer,
} from '../src/adapters/superset/superset-test-server.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createTenant, createUser, signIn } from './factories.ts';

/**
 * Canvas with a real Superset configured (issue 20): a mapped dashboard's guest token comes from
 * Superset's guest-token API with the group and the team's rules as rls; the others stay ours.
 */

const ACCOUNT = { username: 'callsight-embedder', password: 'superset-pa55word' };
const CALL_OVERVIEW_UUID = '0f3d2c1b-5a6e-4b7c-8d9e-a0b1c2d3e4f5';

let superset: SupersetTestServer;
let s: TestServer;
beforeAll(async () => {
  superset = await startSupersetTestServer(ACCOUNT);
  s = await startTestServer({
    SUPERSET_URL: superset.url,
    SUPERSET_USERNAME: ACCOUNT.username,
    SUPERSET_PASSWORD: ACCOUNT.password,
    SUPERSET_DASHBOARD_IDS: JSON.stringify({ calloverview: CALL_OVERVIEW_UUID }),
  });
});
afterAll(async () => {
  await s.close();
  await superset.close();
});

async function call<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const res = await s.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T };
}

async function tenantWithMember() {
  const t = await createTenant(s);
  const member = await createUser(s.database.db, {
    groups: [t.group],
    role: 'viewer',
    name: 'Ann Marie Lee',
  });
  const memberHeaders = authHeaders((await signIn(s.app, member.email)).token);
  return { ...t, member, memberHeaders };
}

describe('dashboards from a configured Superset', () => {
  it("answer Superset's guest token for a mapped dashboard, ours for the others", async () => {
    const t = await tenantWithMember();
    const callOverview = canvasDashboardId('calloverview', t.group.id) ?? '';
    const before = superset.guestTokens.length;

    const res = await call<GuestTokenAnswer>(
      'POST',
      `/api/dataRoles/default/token/${encodeURIComponent(callOverview)}`,
      t.memberHeaders,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      provider: 'superset',
      supersetDomain: superset.url,
      embeddedId: CALL_OVERVIEW_UUID,
    });
    // The token is Superset's: its claims are what our request asked for.
    const claims = JSON.parse(
      Buffer.from(res.body.token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { type: string; exp: number; resources: unknown };
    expect(claims.type).toBe('guest');
    expect(claims.resources).toEqual([{ type: 'dashboard', id: CALL_OVERVIEW_UUID }]);
    expect(res.body.expiresAt).toBe(claims.exp * 1000);

    expect(superset.guestTokens.slice(before)).toEqual([
      {
        user: { username: t.member.email, first_name: 'Ann', last_name: 'Marie Lee' },
        resources: [{ type: 'dashboard', id: CALL_OVERVIEW_UUID }],
        // A user in no team: the group's rows only.
        rls: [{ clause: `group_id = '${t.group.id}'` }],
      },
    ]);

    // An unmapped dashboard stays on the built-in engine, and its token opens our embed.
    const technology = canvasDashboardId('technology', t.group.id) ?? '';
    const ours = await call<GuestTokenAnswer>(
      'POST',
      `/api/dataRoles/default/token/${encodeURIComponent(technology)}`,
      t.memberHeaders,
    );
    expect(ours.status).toBe(200);
    expect(ours.body.provider).toBe('builtin');
    expect(ours.body.supersetDomain).toBeUndefined();
    const embed = await call('GET', `/api/embed/dashboards/${encodeURIComponent(technology)}`, {
      authorization: `Bearer ${ours.body.token}`,
    });
    expect(embed.status).toBe(200);
    expect(superset.guestTokens.length).toBe(before + 1);
  });

  it("carry a team member's rules as rls, after the same team checks", async () => {
    const t = await tenantWithMember();
    const callOverview = canvasDashboardId('calloverview', t.group.id) ?? '';
    const team = await call<Team>('POST', '/api/dataRoles', t.adminHeaders, { name: 'Sales' });
    const updated = await call('PUT', `/api/dataRoles/${team.body.id}`, t.adminHeaders, {
      name: 'Sales',
      conditions: [
        { type: 'group1', operator: 'equals', value: "O'Neil Sales" },
        { type: 'attributes', field: 'queue', operator: 'startsWith', value: 'VIP_1%' },
      ],
      dashboards: [callOverview],
    });
    expect(updated.status).toBe(200);
    await call('POST', `/api/dataRoles/${team.body.id}/users/${t.member.id}`, t.adminHeaders);
    const before = superset.guestTokens.length;

    // Still ours to refuse: 'default' for a team member, a dashboard outside the team's list.
    const chooseTeam = await call(
      'POST',
      `/api/dataRoles/default/token/${encodeURIComponent(callOverview)}`,
      t.memberHeaders,
    );
    expect(chooseTeam.status).toBe(403);
    const other = canvasDashboardId('technology', t.group.id) ?? '';
    const notPermitted = await call(
      'POST',
      `/api/dataRoles/${team.body.id}/token/${encodeURIComponent(other)}`,
      t.memberHeaders,
    );
    expect(notPermitted.status).toBe(403);
    expect(superset.guestTokens.length).toBe(before);

    const res = await call<GuestTokenAnswer>(
      'POST',
      `/api/dataRoles/${team.body.id}/token/${encodeURIComponent(callOverview)}`,
      t.memberHeaders,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.provider).toBe('superset');
    expect(superset.guestTokens.slice(before).map((g) => g.rls)).toEqual([
      [
        { clause: `group_id = '${t.group.id}'` },
        { clause: "agent_group_1 = 'O''Neil Sales'" },
        { clause: "ctr_attributes->>'queue' LIKE 'VIP\\_1\\%%' ESCAPE '\\'" },
      ],
    ]);
  });

  it("let the pages frame Superset's origin", async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/public/settings' });
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(`frame-src 'self' ${superset.url}`);
  });
});

describe('a Superset that refuses our account', () => {
  let refused: TestServer;
  beforeAll(async () => {
    refused = await startTestServer({
      SUPERSET_URL: superset.url,
      SUPERSET_USERNAME: ACCOUNT.username,
      SUPERSET_PASSWORD: 'not-the-password',
      SUPERSET_DASHBOARD_IDS: JSON.stringify({ calloverview: CALL_OVERVIEW_UUID }),
    });
  });
  afterAll(() => refused.close());

  it('answers 502 naming the failed login, without the password', async () => {
    const t = await createTenant(refused);
    const callOverview = canvasDashboardId('calloverview', t.group.id) ?? '';
    const res = await refused.app.inject({
      method: 'POST',
      url: `/api/dataRoles/default/token/${encodeURIComponent(callOverview)}`,
      headers: t.viewerHeaders,
    });
    expect(res.statusCode).toBe(502);
    const body = res.json<{ error: { message: string } }>();
    expect(body.error.message).toMatch(/^Superset login failed: 401 /);
    expect(res.body).not.toContain('not-the-password');
  });
});
