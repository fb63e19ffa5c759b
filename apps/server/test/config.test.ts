import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ConfigCatalogue, ConfigEntry, ConfigFieldView, Group } from '@callsight/shared';
import { CONFIG_TEXTS } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { auditLog, configEntries } from '../src/db/schema/index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Role = 'viewer' | 'user' | 'admin' | 'super';

/** A group with one signed-in member of each role asked for. */
async function groupWith(roles: Role[], opts: Parameters<typeof createGroup>[1] = {}) {
  const group = await createGroup(s.database.db, opts);
  const headers: Partial<Record<Role, Record<string, string>>> = {};
  const users: Partial<Record<Role, string>> = {};
  for (const role of roles) {
    const user =
      role === 'super'
        ? await createUser(s.database.db, { isSuper: true })
        : await createUser(s.database.db, { groups: [group], role });
    const { token } = await signIn(s.app, user.email);
    headers[role] = authHeaders(token, group.id);
    users[role] = user.id;
  }
  const h = (role: Role) => {
    const found = headers[role];
    if (!found) throw new Error(`no ${role}`);
    return found;
  };
  return { group, h, users };
}

const flatten = (fields: ConfigFieldView[]): ConfigFieldView[] =>
  fields.flatMap((f) => [
    f,
    ...(f.control === 'object' || f.control === 'table' ? [] : flatten(f.subFields ?? [])),
  ]);

function fieldsOf(cat: ConfigCatalogue): Map<string, ConfigFieldView> {
  return new Map(cat.modules.flatMap((m) => flatten(m.fields)).map((f) => [f.key, f]));
}

async function catalogue(headers: Record<string, string>) {
  const res = await s.app.inject({ method: 'GET', url: '/api/config/catalogue', headers });
  expect(res.statusCode).toBe(200);
  return res.json<ConfigCatalogue>();
}

const put = (headers: Record<string, string>, type: string, key: string, value: unknown) =>
  s.app.inject({ method: 'PUT', url: `/api/config/${type}`, headers, payload: { key, value } });

async function auditRows(groupId: string, userId?: string) {
  const rows = await s.database.db.select().from(auditLog).where(eq(auditLog.groupId, groupId));
  return rows.filter((r) => r.service === 'config' && (!userId || r.userId === userId));
}

describe('GET /api/config/modules and /api/config/catalogue', () => {
  it('gives each role its modules, only the fields it may see, and a writable flag', async () => {
    const { h } = await groupWith(['viewer', 'admin', 'super'], { features: ['simulate'] });

    const viewerModules = await s.app.inject({
      method: 'GET',
      url: '/api/config/modules',
      headers: h('viewer'),
    });
    expect(viewerModules.json().modules).toEqual([
      'SOFTPHONE_MODULE',
      'GENESYS_MODULE',
      'NICE_MODULE',
      'SIMULATE_MODULE',
      'DATA_SOURCES_MODULE',
      'AGENT_ALERTS_MODULE',
    ]);

    const viewer = fieldsOf(await catalogue(h('viewer')));
    expect(viewer.get('SOFTPHONE_TYPE')).toMatchObject({
      value: 'NATIVE',
      writable: false,
      isSet: false,
    });
    expect(viewer.get('SOFTPHONE_CCP_LOG_LEVEL')).toMatchObject({ value: 'off', writable: false });
    expect(viewer.has('CCP_URL')).toBe(false);
    expect(viewer.has('AGENT_ALERT_MOS')).toBe(false);
    expect(viewer.has('SIMULATE_DIALLER_SID')).toBe(false);

    const admin = fieldsOf(await catalogue(h('admin')));
    expect(admin.get('SOFTPHONE_TYPE')?.writable).toBe(false);
    expect(admin.get('SOFTPHONE_CCP_LOG_LEVEL')?.writable).toBe(true);
    // The alert toggles are written by admin and super but read by super (spec 000 §6): an
    // admin neither sees nor changes them (decision 27 reversed).
    expect(admin.has('AGENT_ALERT_MOS')).toBe(false);
    expect(admin.has('AGENT_ALERT_MOS_LOW')).toBe(false);
    expect(admin.has('AGENT_ALERT_BOOM_ARM')).toBe(false);
    expect([...admin.keys()].filter((k) => k.startsWith('AGENT_ALERT'))).toEqual([]);
    expect(admin.get('SIMULATE_ALLOWED_TO_NUMBERS')?.writable).toBe(true);
    expect(admin.get('SIMULATE_DIALLER_SID')?.writable).toBe(false);
    expect(admin.has('SIMULATE_DIALLER_TOKEN')).toBe(false);
    expect(admin.has('CCP_URL')).toBe(false);

    const sup = await catalogue(h('super'));
    expect(sup.modules.map((m) => m.key)).toContain('GSM_MODULE');
    const token = fieldsOf(sup).get('SIMULATE_DIALLER_TOKEN');
    expect(token).toMatchObject({ writable: true, secret: true, isSet: false });
    expect(token && 'value' in token).toBe(false);
    expect(fieldsOf(sup).get('CCP_URL')).toMatchObject({ hide: true, writable: true });
    expect(fieldsOf(sup).get('AGENT_ALERT_MOS_LOW')).toMatchObject({
      value: '3.5',
      writable: true,
    });
  });

  it('refuses Group Users the settings (no Group Settings screen for them, spec 000 §6)', async () => {
    const { h } = await groupWith(['user']);
    for (const url of [
      '/api/config/modules',
      '/api/config/catalogue',
      '/api/config/HEARTBEAT_ENABLED/boolean',
    ])
      expect((await s.app.inject({ method: 'GET', url, headers: h('user') })).statusCode, url).toBe(
        403,
      );
  });

  it('answers one module, and 403 for a module the caller does not have', async () => {
    const { h } = await groupWith(['admin']);
    const one = await s.app.inject({
      method: 'GET',
      url: '/api/config/catalogue?module=NICE_MODULE',
      headers: h('admin'),
    });
    expect(one.json<ConfigCatalogue>().modules.map((m) => m.key)).toEqual(['NICE_MODULE']);
    const gsm = await s.app.inject({
      method: 'GET',
      url: '/api/config/catalogue?module=GSM_MODULE',
      headers: h('admin'),
    });
    expect(gsm.statusCode).toBe(403);
  });
});

describe('GET /api/config/{key}/{type} and PUT /api/config/{type}', () => {
  it('HEARTBEAT_ENABLED is a boolean stored as "true" and drives the group heartbeat gate', async () => {
    const { group, h } = await groupWith(['viewer', 'super']);
    const before = await s.app.inject({
      method: 'GET',
      url: '/api/config/HEARTBEAT_ENABLED/boolean',
      headers: h('viewer'),
    });
    expect(before.json<ConfigEntry>()).toEqual({
      key: 'HEARTBEAT_ENABLED',
      type: 'boolean',
      value: false,
      isDefault: true,
      writable: false,
    });

    const set = await put(h('super'), 'boolean', 'HEARTBEAT_ENABLED', true);
    expect(set.statusCode).toBe(200);
    const [row] = await s.database.db
      .select()
      .from(configEntries)
      .where(and(eq(configEntries.groupId, group.id), eq(configEntries.key, 'HEARTBEAT_ENABLED')));
    expect(row?.value).toBe('true');
    const after = await s.app.inject({
      method: 'GET',
      url: '/api/config/HEARTBEAT_ENABLED/boolean',
      headers: h('viewer'),
    });
    expect(after.json<ConfigEntry>()).toMatchObject({ value: true, isDefault: false });
    const g = await s.app.inject({
      method: 'GET',
      url: `/api/groups/${group.id}`,
      headers: h('viewer'),
    });
    expect(g.json<Group>().heartbeatEnabled).toBe(true);
  });

  it('refuses writes a role may not make with 403 and audits both outcomes', async () => {
    const { group, h, users } = await groupWith(['viewer', 'admin']);
    const viewer = await put(h('viewer'), 'string', 'SOFTPHONE_CCP_LOG_LEVEL', 'DEBUG');
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().error.message).toBe('You do not have permission to change CCP log level.');
    const admin = await put(h('admin'), 'string', 'SOFTPHONE_TYPE', 'AUTO');
    expect(admin.statusCode).toBe(403);
    // A field the caller cannot see is named by key only.
    const hidden = await put(
      h('admin'),
      'string',
      'CCP_URL',
      'https://acme.awsapps.com/connect/ccp',
    );
    expect(hidden.json().error.message).toBe('You do not have permission to change CCP_URL.');

    const ok = await put(h('admin'), 'string', 'SOFTPHONE_CCP_LOG_LEVEL', 'DEBUG');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<ConfigEntry>()).toEqual({
      key: 'SOFTPHONE_CCP_LOG_LEVEL',
      type: 'string',
      value: 'DEBUG',
      isDefault: false,
      writable: true,
    });

    const viewerRows = await auditRows(group.id, users.viewer);
    expect(viewerRows).toEqual([
      expect.objectContaining({ result: 'failure', message: 'HTTP 403', service: 'config' }),
    ]);
    const adminRows = await auditRows(group.id, users.admin);
    expect(adminRows.filter((r) => r.result === 'success')).toEqual([
      expect.objectContaining({
        action: 'setConfig',
        targetId: 'SOFTPHONE_CCP_LOG_LEVEL',
        details: { key: 'SOFTPHONE_CCP_LOG_LEVEL', type: 'string', reset: false, value: 'DEBUG' },
      }),
    ]);
    expect(adminRows.filter((r) => r.result === 'failure')).toHaveLength(2);
  });

  it('answers the spec texts for invalid values and stores nothing', async () => {
    const { group, h } = await groupWith(['super']);
    const cases: [string, string, unknown, number, string][] = [
      ['string', 'SOFTPHONE_API_SERVER', 'api.example.com', 400, 'Invalid URL'],
      ['string', 'CCP_URL', 'https://acme.awsapps.com/ccp', 400, 'Invalid CCP.'],
      [
        'array',
        'SOFTPHONE_APPROVED_ORIGINS',
        [{ origin: 'https://acme.com/desk', pages: [] }],
        406,
        'Softphone domain https://acme.com/desk is invalid.',
      ],
      [
        'array',
        'SOFTPHONE_APPROVED_ORIGINS',
        [{ origin: 'https://acme.com', pages: ['desk'] }],
        400,
        'Page desk must start with /, # or ?',
      ],
      ['string', 'AGENT_ALERT_MOS_LOW', '6', 400, 'Value must be between 1 and 5'],
      [
        'string',
        'AGENT_ALERT_COMPUTER_PERFORMANCE_VERY_LOW',
        '-1',
        400,
        'Value must be between 0 and 99',
      ],
      ['string', 'AGENT_ALERT_MOS_DURATION_SECONDS', '1.5', 400, 'Value must be an integer'],
      [
        'string',
        'SOFTPHONE_TYPE',
        'PHONE',
        400,
        'Softphone type must be one of NATIVE, CUSTOM, AUTO',
      ],
      ['boolean', 'HEARTBEAT_ENABLED', 'maybe', 400, 'Heartbeat enabled must be true or false'],
    ];
    for (const [type, key, value, status, text] of cases) {
      const res = await put(h('super'), type, key, value);
      expect([key, res.statusCode]).toEqual([key, status]);
      expect(res.json().error).toMatchObject({ message: text, fields: { [key]: text } });
    }
    expect(
      await s.database.db.select().from(configEntries).where(eq(configEntries.groupId, group.id)),
    ).toEqual([]);
  });

  it('404 for an unknown key, 400 for a type that is not the field type', async () => {
    const { h } = await groupWith(['super']);
    const unknown = await s.app.inject({
      method: 'GET',
      url: '/api/config/NO_SUCH_KEY/string',
      headers: h('super'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Unknown config key NO_SUCH_KEY');
    const wrongType = await s.app.inject({
      method: 'GET',
      url: '/api/config/HEARTBEAT_ENABLED/string',
      headers: h('super'),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toBe('HEARTBEAT_ENABLED is a boolean config');
    const badType = await s.app.inject({
      method: 'GET',
      url: '/api/config/HEARTBEAT_ENABLED/number',
      headers: h('super'),
    });
    expect(badType.statusCode).toBe(400);
    // list and array read alike (spec 002 reads heartbeat numbers as arrays).
    const listed = await s.app.inject({
      method: 'GET',
      url: '/api/config/HEARTBEAT_TARGET_PHONE_NUMBERS/list',
      headers: h('super'),
    });
    expect(listed.json<ConfigEntry>()).toMatchObject({ type: 'array', value: [] });
  });

  it('keeps each group to its own values', async () => {
    const a = await groupWith(['admin']);
    const b = await groupWith(['admin']);
    await put(a.h('admin'), 'list', 'DATA_SOURCES_CTR_ALLOWLIST', ['queue', ' agent ', '']);
    const inA = await s.app.inject({
      method: 'GET',
      url: '/api/config/DATA_SOURCES_CTR_ALLOWLIST/list',
      headers: a.h('admin'),
    });
    expect(inA.json<ConfigEntry>().value).toEqual(['queue', 'agent']);
    const inB = await s.app.inject({
      method: 'GET',
      url: '/api/config/DATA_SOURCES_CTR_ALLOWLIST/list',
      headers: b.h('admin'),
    });
    expect(inB.json<ConfigEntry>()).toMatchObject({ value: [], isDefault: true });
  });

  it('the Twilio token is written by super and read by no one', async () => {
    const { group, h } = await groupWith(['super'], { features: ['simulate'] });
    const set = await put(h('super'), 'string', 'SIMULATE_DIALLER_TOKEN', 'secret-token-value');
    expect(set.statusCode).toBe(200);
    expect(set.body).not.toContain('secret-token-value');
    const get = await s.app.inject({
      method: 'GET',
      url: '/api/config/SIMULATE_DIALLER_TOKEN/string',
      headers: h('super'),
    });
    expect(get.statusCode).toBe(403);
    const cat = await s.app.inject({
      method: 'GET',
      url: '/api/config/catalogue',
      headers: h('super'),
    });
    expect(cat.body).not.toContain('secret-token-value');
    expect(fieldsOf(cat.json<ConfigCatalogue>()).get('SIMULATE_DIALLER_TOKEN')?.isSet).toBe(true);
    const rows = await auditRows(group.id);
    expect(JSON.stringify(rows)).not.toContain('secret-token-value');
  });

  it('refuses writes to a module switched off by its flag, alone or in a form', async () => {
    const off = await groupWith(['admin', 'super']);
    const single = await put(off.h('admin'), 'list', 'SIMULATE_ALLOWED_TO_NUMBERS', ['+61400']);
    expect(single.statusCode).toBe(403);
    expect(single.json().error.message).toBe(CONFIG_TEXTS.moduleUnavailable('Simulate'));
    const form = await s.app.inject({
      method: 'PUT',
      url: '/api/config',
      headers: off.h('super'),
      payload: {
        entries: [
          { key: 'NICE_CLUSTER', value: 'eu1' },
          { key: 'EVENTBRIDGE_SEND_CALL_SUMMARIES', value: false },
        ],
      },
    });
    expect(form.statusCode).toBe(403);
    expect(form.json().error.message).toBe(CONFIG_TEXTS.moduleUnavailable('EventBridge'));
    const stored = await s.database.db
      .select()
      .from(configEntries)
      .where(eq(configEntries.groupId, off.group.id));
    expect(stored.map((r) => r.key)).not.toContain('NICE_CLUSTER');

    const on = await groupWith(['admin'], { features: ['simulate'] });
    const ok = await put(on.h('admin'), 'list', 'SIMULATE_ALLOWED_TO_NUMBERS', ['+61400']);
    expect(ok.statusCode).toBe(200);
  });

  it('null restores the default', async () => {
    const { h } = await groupWith(['admin']);
    await put(h('admin'), 'string', 'NICE_CLUSTER', 'eu1');
    const reset = await put(h('admin'), 'string', 'NICE_CLUSTER', null);
    expect(reset.json<ConfigEntry>()).toMatchObject({ value: 'au1', isDefault: true });
  });
});

describe('PUT /api/config (one form, all or none)', () => {
  it('saves valid entries together with one audit row each', async () => {
    const { group, h } = await groupWith(['super']);
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/config',
      headers: h('super'),
      payload: {
        entries: [
          { key: 'AGENT_ALERT_MOS_LOW', value: '3' },
          { key: 'AGENT_ALERT_MOS', value: false },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().entries.map((e: ConfigEntry) => [e.key, e.value])).toEqual([
      ['AGENT_ALERT_MOS_LOW', '3'],
      ['AGENT_ALERT_MOS', false],
    ]);
    const rows = await auditRows(group.id);
    expect(
      rows
        .filter((r) => r.action === 'setConfig')
        .map((r) => r.targetId)
        .sort(),
    ).toEqual(['AGENT_ALERT_MOS', 'AGENT_ALERT_MOS_LOW']);
  });

  it('stores nothing when one entry fails, naming every failing field', async () => {
    const { group, h } = await groupWith(['super']);
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/config',
      headers: h('super'),
      payload: {
        entries: [
          { key: 'AGENT_ALERT_MOS_LOW', value: '3' },
          { key: 'AGENT_ALERT_MOS_VERY_LOW', value: '9' },
          { key: 'AGENT_ALERT_MOS_DURATION_SECONDS', value: '2.5' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: CONFIG_TEXTS.didNotSave,
      fields: {
        AGENT_ALERT_MOS_VERY_LOW: 'Value must be between 1 and 5',
        AGENT_ALERT_MOS_DURATION_SECONDS: 'Value must be an integer',
      },
    });
    expect(
      await s.database.db.select().from(configEntries).where(eq(configEntries.groupId, group.id)),
    ).toEqual([]);
  });

  it('refuses an admin the alert toggles only super reads, naming the field, and stores nothing', async () => {
    const { group, h } = await groupWith(['admin']);
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/config',
      headers: h('admin'),
      payload: {
        entries: [
          { key: 'SOFTPHONE_CCP_LOG_LEVEL', value: 'DEBUG' },
          { key: 'AGENT_ALERT_MOS_LOW', value: '3' },
        ],
      },
    });
    expect(res.statusCode).toBe(403);
    const message = CONFIG_TEXTS.cannotWriteUnread('AGENT_ALERT_MOS_LOW');
    expect(res.json().error).toEqual({
      code: 'FORBIDDEN',
      message,
      fields: { AGENT_ALERT_MOS_LOW: message },
    });
    expect(
      await s.database.db.select().from(configEntries).where(eq(configEntries.groupId, group.id)),
    ).toEqual([]);
    const one = await put(h('admin'), 'boolean', 'AGENT_ALERT_VPN', false);
    expect(one.statusCode).toBe(403);
    expect(one.json().error.fields).toEqual({
      AGENT_ALERT_VPN: CONFIG_TEXTS.cannotWriteUnread('AGENT_ALERT_VPN'),
    });
    const read = await s.app.inject({
      method: 'GET',
      url: '/api/config/AGENT_ALERT_VPN/boolean',
      headers: h('admin'),
    });
    expect(read.statusCode).toBe(403);
  });
});

describe('POST /api/config/validate', () => {
  it('answers the stored form of a valid value, 406 with the text for a refused origin, and audits nothing', async () => {
    const { group, h } = await groupWith(['super']);
    const ok = await s.app.inject({
      method: 'POST',
      url: '/api/config/validate',
      headers: h('super'),
      payload: {
        key: 'SOFTPHONE_APPROVED_ORIGINS',
        value: [{ origin: 'https://acme.com', pages: ['/desk '] }],
      },
    });
    expect(ok.json()).toEqual({
      key: 'SOFTPHONE_APPROVED_ORIGINS',
      valid: true,
      value: [{ origin: 'https://acme.com', pages: ['/desk'] }],
    });
    const bad = await s.app.inject({
      method: 'POST',
      url: '/api/config/validate',
      headers: h('super'),
      payload: { key: 'SOFTPHONE_APPROVED_ORIGINS', value: [{ origin: 'acme.com', pages: [] }] },
    });
    expect(bad.statusCode).toBe(406);
    expect(bad.json().error.message).toBe('Softphone domain acme.com is invalid.');
    expect(await auditRows(group.id)).toEqual([]);
  });
});

describe('routing next to other config routes', () => {
  it('leaves the static token and ip paths to their modules and serves the API document', async () => {
    const { h } = await groupWith(['admin']);
    const tokens = await s.app.inject({
      method: 'GET',
      url: '/api/config/token',
      headers: h('admin'),
    });
    expect(tokens.statusCode).toBe(200);
    const docs = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/config/{key}/{type}',
        '/api/config/{type}',
        '/api/config/catalogue',
      ]),
    );
  });
});
