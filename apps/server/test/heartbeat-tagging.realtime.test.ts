import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import type { HeartbeatTest, JobDetails, SyntheticJob } from '@callsight/shared';
import { forGroup } from '../src/db/group-scope.ts';
import { auditLog, configEntries } from '../src/db/schema/index.ts';

let s: TestServer;
beforeAll(async () => {
  // Real test calls run in the last test: no speech-to-text beside them on two cores.
  s = await startTestServer({ STT_ENGINE: 'none' });
});
afterAll(() => s.close());

async function setup() {
  const group = await createGroup(s.database.db);
  const sup = await createUser(s.database.db, { isSuper: true });
  const admin = await createUser(s.database.db, { groups: [group], role: 'admin' });
  const viewer = await createUser(s.database.db, { groups: [group], role: 'viewer' });
  const h = async (email: string) => authHeaders((await signIn(s.app, email)).token, group.id);
  return {
    group,
    sup: await h(sup.email),
    admin: await h(admin.email),
    adminEmail: admin.email,
    viewer: await h(viewer.email),
  };
}

const mosConfig = {
  name: 'Poor MOS',
  field: 'mos',
  conditions: [
    { name: 'Poor', operator: '<', threshold: 3.5 },
    { name: 'Very Poor', operator: '<', threshold: 2 },
  ],
};

describe('tagging configs (CALL_TAG_CONFIGURATIONS)', () => {
  it('are written through the config API and listed by GET /api/tagging/tag-configs', async () => {
    const { group, sup, admin, viewer } = await setup();
    const empty = await s.app.inject({
      method: 'GET',
      url: '/api/tagging/tag-configs',
      headers: sup,
    });
    expect(empty.json()).toEqual([]);
    const put = await s.app.inject({
      method: 'PUT',
      url: '/api/config/array',
      headers: sup,
      payload: { key: 'CALL_TAG_CONFIGURATIONS', value: [mosConfig] },
    });
    expect(put.statusCode).toBe(200);
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/tagging/tag-configs',
      headers: sup,
    });
    expect(list.json()).toEqual([mosConfig]);
    // Heartbeat Tagging is the GSM module, super only (spec 000 §6): nobody else reads the tags.
    for (const other of [admin, viewer]) {
      for (const url of ['/api/tagging/tag-configs', '/api/config/CALL_TAG_CONFIGURATIONS/array'])
        expect((await s.app.inject({ method: 'GET', url, headers: other })).statusCode).toBe(403);
    }
    const audit = await s.database.db.select().from(auditLog).where(eq(auditLog.groupId, group.id));
    expect(
      audit.some((r) => r.action === 'setConfig' && r.targetId === 'CALL_TAG_CONFIGURATIONS'),
    ).toBe(true);
  });

  it('refuses mixed operators, a missing name or threshold, and writers other than super', async () => {
    const { sup, admin } = await setup();
    const write = (headers: Record<string, string>, value: unknown) =>
      s.app.inject({
        method: 'PUT',
        url: '/api/config/array',
        headers,
        payload: { key: 'CALL_TAG_CONFIGURATIONS', value },
      });
    const mixed = await write(sup, [
      {
        ...mosConfig,
        conditions: [mosConfig.conditions[0], { name: 'High', operator: '>', threshold: 4 }],
      },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.message).toBe('All conditions must share one operator');
    const noName = await write(sup, [{ ...mosConfig, name: '' }]);
    expect(noName.json().error.message).toBe('Required (Name)');
    const noThreshold = await write(sup, [
      { ...mosConfig, conditions: [{ name: 'Poor', operator: '<' }] },
    ]);
    expect(noThreshold.json().error.message).toBe('Required (Threshold)');
    const byAdmin = await write(admin, [mosConfig]);
    expect(byAdmin.statusCode).toBe(403);
  });
});

describe('GET/PUT /api/gsm/connect/numbers', () => {
  it('stores a number per region and answers the spec text for a wrong length', async () => {
    const { group, sup, admin, adminEmail, viewer } = await setup();
    const numbers = [
      { region: 'us-east-1', number: '+12025550123' },
      { region: 'ap-southeast-2', number: '+61255501234' },
    ];
    const put = await s.app.inject({
      method: 'PUT',
      url: '/api/gsm/connect/numbers',
      headers: sup,
      payload: numbers,
    });
    expect(put.statusCode).toBe(200);
    const get = await s.app.inject({
      method: 'GET',
      url: '/api/gsm/connect/numbers',
      headers: sup,
    });
    expect(get.json()).toEqual(numbers);
    // The GSM module is super only (spec 000 §6): an admin reads the numbers nowhere.
    for (const url of ['/api/gsm/connect/numbers', '/api/config/GSM_CONNECT_NUMBERS/array'])
      expect((await s.app.inject({ method: 'GET', url, headers: admin })).statusCode).toBe(403);

    const short = await s.app.inject({
      method: 'PUT',
      url: '/api/gsm/connect/numbers',
      headers: sup,
      payload: [{ region: 'eu-west-2', number: '12345' }],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      message: 'eu-west-2 could not be set. Check the number length',
      fields: { 'eu-west-2': 'eu-west-2 could not be set. Check the number length' },
    });
    const byAdmin = await s.app.inject({
      method: 'PUT',
      url: '/api/gsm/connect/numbers',
      headers: admin,
      payload: numbers,
    });
    expect(byAdmin.statusCode).toBe(403);
    const byViewer = await s.app.inject({
      method: 'GET',
      url: '/api/gsm/connect/numbers',
      headers: viewer,
    });
    expect(byViewer.statusCode).toBe(403);
    const audit = await s.database.db.select().from(auditLog).where(eq(auditLog.groupId, group.id));
    expect(
      audit.filter((r) => r.service === 'config' && r.result === 'success').map((r) => r.targetId),
    ).toEqual(['GSM_CONNECT_NUMBERS']);
    // Both refused writes are audited in the group: the length (400) and the admin's write,
    // stopped at the route's gate (403), under the admin's name.
    const refused = audit.filter((r) => r.service === 'gsm' && r.result === 'failure');
    expect(refused.map((r) => [r.message, r.actor]).sort()).toEqual(
      [
        ['HTTP 400', expect.any(String)],
        ['HTTP 403', adminEmail],
      ].sort(),
    );
  });
});

describe('warning tags of spec 002 §9 on heartbeat jobs', () => {
  it('tags CPU, memory, softphone error and unsupported browser from real test calls, and keeps each config’s status', async () => {
    const { group, sup, admin, viewer } = await setup();
    const scope = forGroup(s.database.db, group.id);
    for (const [key, value] of [
      ['HEARTBEAT_ENABLED', 'true'],
      ['HEARTBEAT_CALL_DURATION_SECONDS', '5'],
      ['HEARTBEAT_NO_ANSWER_TIMEOUT_SECONDS', '5'],
    ] as const)
      await s.database.db.insert(configEntries).values(scope.row(configEntries, { key, value }));
    const above = (name: string, field: string, levels: [string, number][]) => ({
      name,
      field,
      conditions: levels.map(([tag, threshold]) => ({ name: tag, operator: '>', threshold })),
    });
    const configs = [
      above('Audio latency', 'audioLatency', [['High audio latency', 300]]),
      above('CPU', 'cpu', [
        ['High CPU usage', 80],
        ['Very High CPU usage', 90],
      ]),
      above('Memory', 'memory', [
        ['High memory usage', 80],
        ['Very High memory usage', 90],
      ]),
      above('Softphone', 'softphoneError', [['Softphone error', 0]]),
      above('Browser', 'unsupportedBrowser', [['Unsupported browser', 0]]),
    ];
    const put = await s.app.inject({
      method: 'PUT',
      url: '/api/config/array',
      headers: sup,
      payload: { key: 'CALL_TAG_CONFIGURATIONS', value: configs },
    });
    expect(put.statusCode).toBe(200);
    const agents = [
      'agent-high-cpu',
      'agent-high-memory',
      'agent-old-browser',
      'agent-softphone-error',
      'ada',
    ];
    const created = await s.app.inject({
      method: 'POST',
      url: '/api/gsm/heartbeat',
      headers: admin,
      payload: {
        sourcePhoneNumber: '+61290000300',
        targetPhoneNumber: '+61290002000',
        description: 'Machines',
        agentType: 'HUMAN_AGENT',
        agentIds: agents,
        schedule: 0,
      },
    });
    expect(created.statusCode).toBe(201);
    const heartbeatId = (created.json() as HeartbeatTest).heartbeatId;

    const end = Date.now() + 90_000;
    let jobs: SyntheticJob[];
    for (;;) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/gsm/heartbeat/jobs?heartbeatId=${heartbeatId}`,
        headers: viewer,
      });
      jobs = res.json() as SyntheticJob[];
      if (
        jobs.length === agents.length &&
        jobs.every((j) => !['Queued', 'Running'].includes(j.status))
      )
        break;
      if (Date.now() > end) throw new Error(`jobs did not finish: ${JSON.stringify(jobs)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const byAgent = Object.fromEntries(jobs.map((j) => [j.agentId, j]));
    // Connected clean calls are Completed: their tags come from the agents' CPU and memory.
    const connected = 'Completed';
    expect(byAgent['agent-high-cpu']).toMatchObject({
      status: connected,
      tags: ['Very High CPU usage'],
    });
    expect(byAgent['agent-high-memory']).toMatchObject({
      status: connected,
      tags: ['Very High memory usage'],
    });
    expect(byAgent['agent-old-browser']).toMatchObject({
      status: connected,
      tags: ['Unsupported browser'],
    });
    expect(byAgent['agent-softphone-error']).toMatchObject({
      status: 'Agent Error',
      tags: ['Softphone error'],
    });
    expect(byAgent['ada']).toMatchObject({ status: connected, tags: [] });

    // Each config's status as the reports show it: its tag, or Good, and Normal for latency.
    const details = async (agentId: string) =>
      (
        await s.app.inject({
          method: 'GET',
          url: `/api/gsm/heartbeat/jobs/${byAgent[agentId]?.jobId}`,
          headers: viewer,
        })
      ).json() as JobDetails;
    expect((await details('ada')).tagStatus?.map((c) => `${c.name}: ${c.text}`)).toEqual([
      'Audio latency: Normal',
      'CPU: Good',
      'Memory: Good',
      'Softphone: Good',
      'Browser: Good',
    ]);
    expect((await details('agent-high-cpu')).tagStatus?.[1]).toEqual({
      name: 'CPU',
      field: 'cpu',
      text: 'Very High CPU usage',
      tone: 'error',
    });
  }, 120_000);
});
