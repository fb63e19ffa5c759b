import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mergeWatchers,
  RECORD_COUNT_HEADER,
  watcherToWorkflow,
  WORKFLOW_TEXTS,
  type ApiError,
  type AuditLogItem,
  type EventSource,
  type Watcher,
  type WorkflowCatalogue,
  type WorkflowSaveInput,
} from '@callsight/shared';
import type { FeatureFlag, GroupRole } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { workflows } from '../src/db/schema/index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** A group and a signed-in member with the role (admin by default). */
async function tenant(opts: { role?: GroupRole; features?: FeatureFlag[] } = {}) {
  const group = await createGroup(s.database.db, { features: opts.features ?? [] });
  const user = await createUser(s.database.db, { groups: [group], role: opts.role ?? 'admin' });
  const { token } = await signIn(s.app, user.email);
  return { group, user, headers: authHeaders(token) };
}

type Headers = Record<string, string>;

const mosWatcher = (over: Partial<WorkflowSaveInput> = {}): WorkflowSaveInput => ({
  workflowId: '-1',
  application: 'aws-connect',
  trigger: 'aws-connect-mos',
  workflowName: 'Low MOS',
  tags: ['quality'],
  triggerThreshold: {},
  actions: [
    {
      type: 'invoke-webhook',
      url: 'http://127.0.0.1:9/hook',
      method: 'POST',
      headers: '{"x-token":"abc"}',
      body: '{"contact":"{{contactId}}"}',
    },
  ],
  ...over,
});

const saveGroup = (headers: Headers, groupId: string, payload: object) =>
  s.app.inject({ method: 'PUT', url: `/api/groups/${groupId}/watchers`, headers, payload });

const listGroup = (headers: Headers, groupId: string) =>
  s.app.inject({ method: 'GET', url: `/api/groups/${groupId}/watchers`, headers });

function fieldsOf(res: { json: <T>() => T }) {
  return res.json<ApiError>().error.fields ?? {};
}

describe('trigger catalogue', () => {
  it('lists triggers with their defaults, permittedTo and action limits for admins', async () => {
    const { headers } = await tenant({ features: ['eventbridge'] });
    const res = await s.app.inject({ method: 'GET', url: '/api/workflows/catalogue', headers });
    expect(res.statusCode).toBe(200);
    const cat = res.json<WorkflowCatalogue>();
    const byId = new Map(cat.triggers.map((t) => [t.id, t]));
    const threshold = (id: string) =>
      byId.get(id)?.triggerConditions.find((c) => c.field === 'threshold')?.defaultThreshold;
    expect(threshold('aws-connect-mos')).toBe(3.5);
    expect(threshold('aws-connect-packet-loss')).toBe(1);
    expect(threshold('aws-connect-jitter')).toBe(30);
    expect(threshold('aws-connect-latency')).toBe(400);
    expect(byId.get('heartbeat-telephony')?.permittedTo).toEqual(['user:super', 'user:admin']);
    expect(byId.get('eb-summary-data')?.allowedActions).toEqual(['eventbridge']);
    expect(byId.get('eb-summary-data')?.loadsEventSources).toBe(true);
    expect(byId.get('aws-connect-agent-issue-reported')?.allowedActions).toEqual([
      'send-email',
      'invoke-webhook',
      'eventbridge',
    ]);
    expect(byId.get('aws-connect-agent-issue-reported')?.watchdogWatcher).toBe(true);
    expect(byId.get('aws-connect-mos')?.watchdogWatcher).toBe(false);
    // Slack, test and app-specific actions are off until their group flags are on.
    expect(cat.actions.find((a) => a.id === 'slack')?.disabled).toBe(true);
    expect(cat.applications.find((a) => a.id === 'aws-connect')?.disabled).toBe(false);
    expect(cat.applications.find((a) => a.id === 'genesys')?.disabled).toBe(true);
  });

  it('is refused to group users and viewers', async () => {
    for (const role of ['user', 'viewer'] as const) {
      const { headers } = await tenant({ role });
      const res = await s.app.inject({ method: 'GET', url: '/api/workflows/catalogue', headers });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('group watchers', () => {
  it('creates, lists, updates, toggles and deletes a workflow, each write audited', async () => {
    const { group, headers } = await tenant();
    const created = await saveGroup(headers, group.id, mosWatcher());
    expect(created.statusCode).toBe(201);
    const w = created.json<Watcher>();
    expect(w.family).toBe('group');
    expect(w.systemManaged).toBe(false);
    expect(w._source.status.state.active).toBe(true);
    // An empty required condition falls back to its default.
    expect(w._source.metadata.triggerThreshold).toEqual({ threshold: 3.5, scope: 'second' });
    expect(w._source.metadata.actions[0]).toMatchObject({
      type: 'invoke-webhook',
      method: 'post',
      headers: { 'x-token': 'abc' },
      scheme: 'http',
      host: '127.0.0.1',
      port: 9,
      path: '/hook',
    });

    const listed = await listGroup(headers, group.id);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<Watcher[]>().map((x) => x._id)).toEqual([w._id]);

    const updated = await saveGroup(
      headers,
      group.id,
      mosWatcher({
        workflowId: w._id,
        workflowName: 'Very low MOS',
        triggerThreshold: '{"threshold":"2.5"}',
      }),
    );
    expect(updated.statusCode).toBe(200);
    expect(watcherToWorkflow(updated.json<Watcher>())).toMatchObject({
      id: w._id,
      name: 'Very low MOS',
      triggerThreshold: { threshold: 2.5 },
      enabled: true,
    });

    const off = await s.app.inject({
      method: 'PUT',
      url: `/api/groups/${group.id}/watchers/${w._id}/deactivate`,
      headers,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<Watcher>()._source.status.state.active).toBe(false);
    const on = await s.app.inject({
      method: 'PUT',
      url: `/api/groups/${group.id}/watchers/${w._id}/activate`,
      headers,
    });
    expect(on.json<Watcher>()._source.status.state.active).toBe(true);

    const del = await s.app.inject({
      method: 'DELETE',
      url: `/api/groups/${group.id}/watchers/${w._id}`,
      headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await listGroup(headers, group.id)).json<Watcher[]>()).toEqual([]);
    const again = await s.app.inject({
      method: 'DELETE',
      url: `/api/groups/${group.id}/watchers/${w._id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);

    const audit = await s.app.inject({
      method: 'GET',
      url: `/api/auditLogs?service=workflows&id=${w._id}`,
      headers,
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.headers[RECORD_COUNT_HEADER]).toBe('5');
    expect(audit.json<{ data: AuditLogItem[] }>().data.map((a) => a.action)).toEqual([
      'deleteWorkflow',
      'activateWorkflow',
      'deactivateWorkflow',
      'updateWorkflow',
      'createWorkflow',
    ]);
    const page = await s.app.inject({
      method: 'GET',
      url: `/api/auditLogs?service=workflows&id=${w._id}&size=2&from=4`,
      headers,
    });
    expect(page.json<{ data: AuditLogItem[] }>().data.map((a) => a.action)).toEqual([
      'createWorkflow',
    ]);
    expect(page.headers[RECORD_COUNT_HEADER]).toBe('5');
  });

  it('answers the spec texts for invalid workflows', async () => {
    const { group, headers } = await tenant();
    const cases: [object, string, string][] = [
      [{ ...mosWatcher(), application: '' }, 'application', WORKFLOW_TEXTS.selectApplication],
      [{ ...mosWatcher(), trigger: '' }, 'trigger', WORKFLOW_TEXTS.selectTrigger],
      [{ ...mosWatcher(), actions: [] }, 'actions', WORKFLOW_TEXTS.selectAction],
      [{ ...mosWatcher(), workflowName: ' ' }, 'workflowName', WORKFLOW_TEXTS.workflowNameRequired],
      [
        mosWatcher({
          actions: [
            {
              type: 'invoke-webhook',
              url: 'http://x.test',
              method: 'post',
              headers: '{bad',
              body: '{}',
            },
          ],
        }),
        'actions.0.headers',
        WORKFLOW_TEXTS.invalidJson,
      ],
      [
        mosWatcher({
          actions: [{ type: 'invoke-webhook', url: 'not a url', method: 'post', body: '{}' }],
        }),
        'actions.0.url',
        WORKFLOW_TEXTS.invalidUrl,
      ],
      [
        mosWatcher({ triggerThreshold: { threshold: 'abc' } }),
        'triggerThreshold.threshold',
        WORKFLOW_TEXTS.invalidNumber,
      ],
      [
        mosWatcher({ actions: [{ type: 'send-email', toEmail: 'ops@example.com' }] }),
        'actions.0.subject',
        'Required (Subject)',
      ],
      [
        mosWatcher({ actions: [{ type: 'send-email', toEmail: 'not-an-email' }] }),
        'actions.0.toEmail',
        WORKFLOW_TEXTS.invalidEmail,
      ],
      [
        mosWatcher({
          actions: [
            {
              type: 'agent-notification',
              messageType: 'Network Issue',
              actionButton: 'Yes/No',
              body: '',
            },
          ],
        }),
        'actions.0.body',
        'Required (Message)',
      ],
      [
        mosWatcher({ actions: [{ type: 'eventbridge', eventSource: 'x' }] }),
        'actions.0.type',
        WORKFLOW_TEXTS.actionNotAllowed,
      ],
      [
        mosWatcher({ actions: [{ type: 'slack', url: 'https://hooks.slack.test/x' }] }),
        'actions.0.type',
        WORKFLOW_TEXTS.actionDisabled,
      ],
      [
        mosWatcher({ application: 'genesys', trigger: 'genesys-mos' }),
        'application',
        WORKFLOW_TEXTS.applicationDisabled,
      ],
      [
        mosWatcher({ trigger: 'aws-connect-agent-issue-reported' }),
        'trigger',
        WORKFLOW_TEXTS.wrongFamilyGroup,
      ],
      [mosWatcher({ trigger: 'genesys-mos' }), 'trigger', WORKFLOW_TEXTS.unknownTrigger],
    ];
    for (const [payload, field, text] of cases) {
      const res = await saveGroup(headers, group.id, payload);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(fieldsOf(res)[field], field).toBe(text);
    }
    expect((await listGroup(headers, group.id)).json<Watcher[]>()).toEqual([]);
  });

  it('keeps groups apart: another group answers 404 and sees nothing', async () => {
    const a = await tenant();
    const b = await tenant();
    const w = (await saveGroup(a.headers, a.group.id, mosWatcher())).json<Watcher>();
    // B names A's group in the path: not its group.
    expect((await listGroup(b.headers, a.group.id)).statusCode).toBe(404);
    expect((await saveGroup(b.headers, a.group.id, mosWatcher())).statusCode).toBe(404);
    // B names its own group but A's watcher id.
    const del = await s.app.inject({
      method: 'DELETE',
      url: `/api/groups/${b.group.id}/watchers/${w._id}`,
      headers: b.headers,
    });
    expect(del.statusCode).toBe(404);
    const upd = await saveGroup(b.headers, b.group.id, mosWatcher({ workflowId: w._id }));
    expect(upd.statusCode).toBe(404);
    // A foreign X-Group-Id is refused before anything runs.
    const foreign = await listGroup({ ...b.headers, 'x-group-id': a.group.id }, a.group.id);
    expect(foreign.statusCode).toBe(403);
    expect((await listGroup(a.headers, a.group.id)).json<Watcher[]>()).toHaveLength(1);
    const audit = await s.app.inject({
      method: 'GET',
      url: `/api/auditLogs?service=workflows`,
      headers: b.headers,
    });
    expect(audit.json<{ data: AuditLogItem[] }>().data).toEqual([]);
  });

  it('refuses writes to group users and viewers; viewers may read the history', async () => {
    const owner = await tenant();
    for (const role of ['user', 'viewer'] as const) {
      const member = await createUser(s.database.db, { groups: [owner.group], role });
      const headers = authHeaders((await signIn(s.app, member.email)).token);
      expect((await saveGroup(headers, owner.group.id, mosWatcher())).statusCode).toBe(403);
      expect((await listGroup(headers, owner.group.id)).statusCode).toBe(403);
      const history = await s.app.inject({
        method: 'GET',
        url: `/api/groups/${owner.group.id}/watchers/actions/history`,
        headers,
      });
      expect(history.statusCode).toBe(role === 'viewer' ? 200 : 403);
    }
  });

  it('marks system-managed watchers and refuses to change them', async () => {
    const { group, headers } = await tenant();
    const [row] = await s.database.db
      .insert(workflows)
      .values({
        groupId: group.id,
        family: 'group',
        application: 'callsight-platform',
        trigger: 'platform-health',
        name: 'Platform health',
        actions: [{ type: 'test-action' }],
        triggerThreshold: {},
        tags: [],
      })
      .returning();
    if (!row) throw new Error('not inserted');
    const [listed] = (await listGroup(headers, group.id)).json<Watcher[]>();
    expect(listed?.systemManaged).toBe(true);
    for (const [method, url] of [
      ['PUT', `/api/groups/${group.id}/watchers/${row.id}/deactivate`],
      ['DELETE', `/api/groups/${group.id}/watchers/${row.id}`],
    ] as const) {
      const res = await s.app.inject({ method, url, headers });
      expect(res.statusCode).toBe(409);
      expect(res.json<ApiError>().error.message).toBe(WORKFLOW_TEXTS.systemManagedLocked);
    }
    const upd = await saveGroup(headers, group.id, mosWatcher({ workflowId: row.id }));
    expect(upd.statusCode).toBe(409);
  });
});

describe('watchdog watchers', () => {
  it('creates watchdog watchers, merges both lists, and ties EventBridge to a group source', async () => {
    const { group, headers } = await tenant({ features: ['eventbridge'] });
    const issue = await s.app.inject({
      method: 'POST',
      url: '/api/watchdog/watcher',
      headers,
      payload: mosWatcher({
        trigger: 'aws-connect-agent-issue-reported',
        workflowName: 'Issues to ops',
        triggerThreshold: { severity: 'Terrible' },
        // Watchdog e-mail needs no subject or body.
        actions: [{ type: 'send-email', toEmail: 'ops@example.com' }],
      }),
    });
    expect(issue.statusCode, issue.body).toBe(201);
    expect(issue.json<Watcher>().family).toBe('watchdog');

    const wrongFamily = await s.app.inject({
      method: 'POST',
      url: '/api/watchdog/watcher',
      headers,
      payload: mosWatcher(),
    });
    expect(fieldsOf(wrongFamily).trigger).toBe(WORKFLOW_TEXTS.wrongFamilyWatchdog);

    const missing = await s.app.inject({
      method: 'POST',
      url: '/api/watchdog/watcher',
      headers,
      payload: mosWatcher({
        trigger: 'eb-summary-data',
        actions: [{ type: 'eventbridge', eventSource: '00000000-0000-4000-8000-000000000000' }],
      }),
    });
    expect(fieldsOf(missing)['actions.0.eventSource']).toBe(WORKFLOW_TEXTS.eventSourceNotFound);

    const source = await s.app.inject({
      method: 'POST',
      url: '/api/users/eventBridge',
      headers,
      payload: { awsRegion: 'ap-southeast-2', eventSourceName: 'calls', accountId: '123456789012' },
    });
    expect(source.statusCode).toBe(201);
    const src = source.json<EventSource>();
    const sources = await s.app.inject({
      method: 'GET',
      url: '/api/workflows/event-sources',
      headers,
    });
    expect(sources.json()).toEqual([
      {
        eventSourceId: src.eventSourceId,
        eventSourceName: src.eventSourceName,
        awsRegion: 'ap-southeast-2',
        status: 'pending',
      },
    ]);
    const eb = await s.app.inject({
      method: 'POST',
      url: '/api/watchdog/watcher',
      headers,
      payload: mosWatcher({
        trigger: 'eb-summary-data',
        workflowName: 'Summaries to EventBridge',
        actions: [{ type: 'eventbridge', eventSource: src.eventSourceId }],
      }),
    });
    expect(eb.statusCode, eb.body).toBe(201);
    const ebWatcher = eb.json<Watcher>();
    expect(ebWatcher._source.metadata.triggerThreshold).toEqual({
      ebSource: src.eventSourceName,
      ebRegion: 'ap-southeast-2',
    });

    const renamed = await s.app.inject({
      method: 'PUT',
      url: `/api/watchdog/watcher/${ebWatcher._id}`,
      headers,
      payload: mosWatcher({
        workflowId: ebWatcher._id,
        trigger: 'eb-summary-data',
        workflowName: 'Summaries (renamed)',
        actions: [{ type: 'eventbridge', eventSource: src.eventSourceId }],
      }),
    });
    expect(renamed.statusCode).toBe(200);

    await saveGroup(headers, group.id, mosWatcher());
    const groupList = (await listGroup(headers, group.id)).json<Watcher[]>();
    const watchdogList = (
      await s.app.inject({ method: 'GET', url: '/api/watchdog/watcher/list', headers })
    ).json<Watcher[]>();
    expect(watchdogList.map((w) => w._source.metadata.workflowName).sort()).toEqual([
      'Issues to ops',
      'Summaries (renamed)',
    ]);
    expect(mergeWatchers(groupList, watchdogList)).toHaveLength(3);

    const off = await s.app.inject({
      method: 'PUT',
      url: `/api/watchdog/watcher/${ebWatcher._id}/deactivate`,
      headers,
    });
    expect(off.json<Watcher>()._source.status.state.active).toBe(false);
    // A watchdog id is not a group watcher.
    const crossFamily = await s.app.inject({
      method: 'DELETE',
      url: `/api/groups/${group.id}/watchers/${ebWatcher._id}`,
      headers,
    });
    expect(crossFamily.statusCode).toBe(404);
    const del = await s.app.inject({
      method: 'DELETE',
      url: `/api/watchdog/watcher/${ebWatcher._id}`,
      headers,
    });
    expect(del.statusCode).toBe(204);
  });
});

describe('OpenAPI', () => {
  it('documents the workflow routes', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/groups/{group}/watchers',
        '/api/watchdog/watcher/{id}',
        '/api/groups/{group}/watchers/actions/history',
        '/api/auditLogs',
        '/api/workflows/catalogue',
      ]),
    );
  });
});

describe('history and audit log queries', () => {
  it('validates windows and answers an empty page with recordcount 0', async () => {
    const { group, headers } = await tenant();
    const ok = await s.app.inject({
      method: 'GET',
      url: `/api/groups/${group.id}/watchers/actions/history?fromTime=now-15m&toTime=now&size=10`,
      headers,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual([]);
    expect(ok.headers[RECORD_COUNT_HEADER]).toBe('0');
    const bad = await s.app.inject({
      method: 'GET',
      url: `/api/auditLogs?fromTime=2025-01-02T00:00:00&toTime=2025-01-01T00:00:00`,
      headers,
    });
    expect(bad.statusCode).toBe(400);
    const big = await s.app.inject({ method: 'GET', url: `/api/auditLogs?size=5000`, headers });
    expect(big.statusCode).toBe(400);
  });
});
