import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActiveTeam,
  CopilotReply,
  IngestCallInput,
  IngestLogInput,
  IngestSampleInput,
  OtlpJsonExportRequest,
  Team,
} from '@callsight/shared';
import type { ClickHouseClient } from '../../src/db/clickhouse/client.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import {
  authHeaders,
  createApiKey,
  createGroup,
  createUser,
  ingest,
  signIn,
} from '../factories.ts';
import { openContractClickHouse, type ContractClickHouse } from '../support/contract-clickhouse.ts';

/**
 * Issue 33 §1 (decisions T1, T2): a member of a team reads only the team's calls, on every
 * call-data route and on both telemetry stores: the explorer's calls and logs, call detail,
 * journeys and their AI summaries, the copilot. The outside call's contact id and agent name are
 * markers: no answer to the restricted member may hold them, while an exempt Group Admin's does.
 */

const HOUR = 3_600_000;
const T0 = Math.floor((Date.now() - 2 * HOUR) / 60_000) * 60_000;
const isoText = (ms: number) => new Date(ms).toISOString().slice(0, 19);
const WINDOW = `fromTime=${isoText(T0 - HOUR)}&toTime=${isoText(T0 + 2 * HOUR)}`;

const INSIDE = { contactId: 'team-inside-call', agent: 'manila.agent', group: 'Manila' };
const OUTSIDE = { contactId: 'team-outside-call', agent: 'sydney.secret', group: 'Sydney' };
const TRACE = {
  inside: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1',
  outside: 'b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2',
};
const SPAN = '00000000000000c1';

function call(c: typeof INSIDE, offset: number): IngestCallInput {
  return {
    contactId: c.contactId,
    agent: c.agent,
    direction: 'INBOUND',
    startTime: T0 + offset,
    endTime: T0 + offset + 60_000,
    agentISP: 'Team ISP',
    agentGroups: [c.group],
  };
}

function seconds(c: typeof INSIDE, offset: number): IngestSampleInput[] {
  return Array.from({ length: 60 }, (_, i) => ({
    contactId: c.contactId,
    timestamp: T0 + offset + i * 1000,
    inbound: { mos: 4.2, packetsCount: 50, packetsLost: 0, audioLevel: 0.2 },
    outbound: { mos: 4.2, packetsCount: 50, packetsLost: 0, audioLevel: 0.1 },
    rttMs: 40,
    jitterMs: 4,
  }));
}

const logs = (c: typeof INSIDE, offset: number): IngestLogInput[] => [
  {
    time: T0 + offset + 1000,
    level: 'ERROR',
    agent: c.agent,
    contactId: c.contactId,
    text: 'ICE failed',
  },
];

const ns = (ms: number) => String(BigInt(ms) * 1_000_000n);

function journey(traceId: string, c: typeof INSIDE, offset: number): OtlpJsonExportRequest {
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'cx' } }] },
        scopeSpans: [
          {
            scope: { name: 'test' },
            spans: [
              {
                traceId,
                spanId: SPAN,
                name: 'cx.journey',
                kind: 1,
                startTimeUnixNano: ns(T0 + offset),
                endTimeUnixNano: ns(T0 + offset + 60_000),
                attributes: [
                  { key: 'cx.softphone.contact.id', value: { stringValue: c.contactId } },
                  { key: 'cx.telephony.call.id', value: { stringValue: c.contactId } },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The file's one ClickHouse session, handed to the store without its close (disposed last). */
const kept = (client: ClickHouseClient): ClickHouseClient => ({ ...client, close: async () => {} });

describe.each(['postgres', 'clickhouse'] as const)('team rules on the %s store', (store) => {
  let clickhouse: ContractClickHouse | undefined;
  let s: TestServer;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let team: Team;

  const get = (headers: Record<string, string>, url: string) =>
    s.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    if (store === 'clickhouse') {
      clickhouse = await openContractClickHouse();
      s = await startTestServer({}, { clickHouse: kept(clickhouse.client) });
    } else {
      s = await startTestServer();
    }
    const db = s.database.db;
    const group = await createGroup(db, {
      features: ['journeyExplorer', 'garvis2', 'embeddedCanvasApi'],
    });
    const adminUser = await createUser(db, { groups: [group], role: 'admin' });
    const viewer = await createUser(db, { groups: [group], role: 'viewer' });
    admin = authHeaders((await signIn(s.app, adminUser.email)).token);
    member = authHeaders((await signIn(s.app, viewer.email)).token);
    const key = await createApiKey(s.app, admin);
    for (const [c, offset] of [
      [INSIDE, 0],
      [OUTSIDE, 10 * 60_000],
    ] as const) {
      await ingest(s.app, key, 'calls', [call(c, offset)]);
      await ingest(s.app, key, 'samples', seconds(c, offset));
      await ingest(s.app, key, 'logs', logs(c, offset));
    }
    for (const [id, c, offset] of [
      [TRACE.inside, INSIDE, 0],
      [TRACE.outside, OUTSIDE, 10 * 60_000],
    ] as const) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/v1/traces',
        headers: { authorization: `Bearer ${key}` },
        payload: journey(id, c, offset),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/dataRoles',
      headers: admin,
      payload: { name: 'Manila team' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Team>().id;
    const updated = await s.app.inject({
      method: 'PUT',
      url: `/api/dataRoles/${id}`,
      headers: admin,
      payload: {
        name: 'Manila team',
        conditions: [{ type: 'group1', operator: 'equals', value: INSIDE.group }],
        dashboards: [],
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    team = updated.json<Team>();
    const joined = await s.app.inject({
      method: 'POST',
      url: `/api/dataRoles/${id}/users/${viewer.id}`,
      headers: admin,
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
  }, 180_000);

  afterAll(async () => {
    await s?.close();
    await clickhouse?.dispose();
  });

  it("resolves the member's team without a pick, and none for the exempt Group Admin", async () => {
    const mine = await get(member, '/api/dataRoles/active');
    expect(mine.json<ActiveTeam>()).toEqual({ team, exempt: false });
    const stale = await get(
      { ...member, 'x-team-id': 'not-a-team-of-mine' },
      '/api/dataRoles/active',
    );
    expect(stale.json<ActiveTeam>().team?.id).toBe(team.id);
    const adminAnswer = await get(admin, '/api/dataRoles/active');
    expect(adminAnswer.json<ActiveTeam>()).toEqual({ team: null, exempt: true });
  });

  it("lists only the team's calls and log lines in the explorer", async () => {
    const calls = await get(member, `/api/calls/stats?${WINDOW}`);
    expect(calls.statusCode, calls.body).toBe(200);
    expect(calls.body).toContain(INSIDE.contactId);
    expect(calls.body).not.toContain(OUTSIDE.contactId);
    expect(calls.json<{ total: number }>().total).toBe(1);
    const callLogs = await get(member, `/api/calls/logs?${WINDOW}`);
    expect(callLogs.body).toContain(INSIDE.agent);
    expect(callLogs.body).not.toContain(OUTSIDE.agent);
    // The exempt admin reads both; so does a pick of no team of theirs.
    const all = await get(admin, `/api/calls/stats?${WINDOW}`);
    expect(all.json<{ total: number }>().total).toBe(2);
  });

  it("opens the team's call detail and answers 404 for another team's, as another group's", async () => {
    const url = (c: typeof INSIDE) => `/api/viscall2/call/ap-southeast-2/${c.contactId}`;
    expect((await get(member, url(INSIDE))).statusCode).toBe(200);
    const outside = await get(member, url(OUTSIDE));
    expect(outside.statusCode).toBe(404);
    expect(outside.body).not.toContain(OUTSIDE.agent);
    expect((await get(admin, url(OUTSIDE))).statusCode).toBe(200);
  });

  it("lists and opens only the team's journeys, their insights, logs and AI summaries", async () => {
    const list = await get(member, `/api/traces`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain(TRACE.inside);
    expect(list.body).not.toContain(TRACE.outside);
    for (const path of [
      `/api/traces/${TRACE.outside}`,
      `/api/traces/${TRACE.outside}/spans/${SPAN}/insights`,
      `/api/traces/${TRACE.outside}/spans/${SPAN}/logs`,
      `/api/traces/${TRACE.outside}/ai-summary`,
    ]) {
      const res = await get(member, path);
      expect(res.statusCode, path).toBe(404);
      expect((await get(admin, path)).statusCode, path).toBe(200);
    }
    expect((await get(member, `/api/traces/${TRACE.inside}`)).statusCode).toBe(200);
    const generate = await s.app.inject({
      method: 'POST',
      url: `/api/traces/${TRACE.outside}/ai-summary`,
      headers: member,
      payload: {},
    });
    expect([403, 404]).toContain(generate.statusCode);
  });

  it("counts and names only the team's calls in the copilot", async () => {
    const ask = async (headers: Record<string, string>, question: string) => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/garvis2/ask',
        headers,
        payload: { question },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CopilotReply>();
    };
    const mine = await ask(member, 'How many calls in the last 7 days?');
    const all = await ask(admin, 'How many calls in the last 7 days?');
    expect(JSON.stringify(all)).toMatch(/\b2 calls\b/);
    expect(JSON.stringify(mine)).toMatch(/\b1 call\b/);
    const worst = await ask(member, 'Show me the worst calls by MOS in the last 7 days');
    expect(JSON.stringify(worst)).not.toContain(OUTSIDE.agent);
  });
});
