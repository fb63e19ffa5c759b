import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { deflateSync, strToU8, Zip, zipSync, type ZipInputFile } from 'fflate';
import {
  IMPORT_LIMITS,
  dashboardRows,
  importStatus,
  type ChartData,
  type DashboardImport,
  type DashboardInfo,
  type DashboardSpec,
  type GroupActionResult,
  type GroupDashboards,
  type GuestToken,
  type ImportDatasets,
  type ImportExecution,
  type ImportPreview,
  type LogicalDashboard,
  type Team,
} from '@callsight/shared';
import { dashboardImportExecutions } from '../src/db/schema/index.ts';
import { standardDashboards } from '../src/services/canvas/standard-dashboards.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createTenant, createUser, ingest, signIn } from './factories.ts';

/**
 * Dashboard imports (issue 21) through the API: a real Superset export uploads, previews and
 * publishes into a group's canvas (its charts say which dataset is missing); bad ZIPs are refused
 * with their message and nothing stored; our standard dashboards exported from one group and
 * published to another are the same dashboards; logical dashboards map canvas names.
 */

const FIXTURE = new URL('../../../../shared/fixtures/superset-export.zip', import.meta.url);

let s: TestServer;
let superHeaders: Record<string, string>;
beforeAll(async () => {
  s = await startTestServer();
  const home = await createGroup(s.database.db, {});
  const staff = await createUser(s.database.db, { groups: [home], role: 'admin', isSuper: true });
  superHeaders = authHeaders((await signIn(s.app, staff.email)).token);
});
afterAll(() => s.close());

async function upload(metadata: object, file: { name: string; bytes: Uint8Array } | null) {
  const form = new FormData();
  form.append('metadata', JSON.stringify(metadata));
  if (file) form.append('file', new Blob([file.bytes]), file.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return s.app.inject({
    method: 'POST',
    url: '/api/canvas/v1/upload',
    headers: { ...superHeaders, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** A multipart body of the given parts, as a browser sends it. */
async function multipart(parts: Record<string, string | { name: string; bytes: Uint8Array }>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(parts))
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([value.bytes]), value.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return s.app.inject({
    method: 'POST',
    url: '/api/canvas/v1/upload',
    headers: { ...superHeaders, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/**
 * A ZIP bomb: `entries` entries of 1 MiB of zeros each, the same ~1 KB of DEFLATE data written
 * once per entry (fflate's streaming Zip with a ready-made deflated entry), so that it is quick to make.
 */
function zipBomb(entries: number): Uint8Array {
  const mib = new Uint8Array(1024 * 1024);
  const deflated = deflateSync(mib, { level: 9 });
  const crc = crc32(mib);
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    parts.push(data);
  });
  for (let i = 0; i < entries; i++) {
    const file: ZipInputFile = {
      filename: `bomb/f${i}.yaml`,
      size: mib.length,
      crc,
      compression: 8,
    };
    zip.add(file);
    file.ondata?.(null, deflated, true);
  }
  zip.end();
  return new Uint8Array(Buffer.concat(parts));
}

async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await s.app.inject({
    method,
    url,
    headers: superHeaders,
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<T>() };
}

async function member(groupId: string) {
  const user = await createUser(s.database.db, { groups: [{ id: groupId }], role: 'admin' });
  return { ...authHeaders((await signIn(s.app, user.email)).token), 'x-group-id': groupId };
}

const importsCount = async () =>
  (await call<DashboardImport[]>('GET', '/api/canvas/v1/upload')).body.length;

describe('dashboard imports', () => {
  it('upload a real Superset export, preview it, and publish it into a group', async () => {
    const fixture = new Uint8Array(readFileSync(FIXTURE));
    const res = await upload(
      { type: 'standard', description: 'Sales', isDraft: false },
      { name: 'superset-export.zip', bytes: fixture },
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<DashboardImport>();
    expect(created).toMatchObject({ type: 'standard', isDraft: false, groupId: null });

    const preview = await call<ImportPreview>('GET', `/api/canvas/v1/upload/${created.id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.dashboards.map((d) => d.name)).toEqual(['Sales Dashboard']);
    expect(preview.body.charts).toHaveLength(10);
    expect(preview.body.datasets.map((d) => d.name)).toEqual(['cleaned_sales_data']);
    expect(preview.body.databases.map((d) => d.name)).toEqual(['examples']);

    const download = await s.app.inject({
      method: 'GET',
      url: `/api/canvas/v1/upload/${created.id}/download`,
      headers: superHeaders,
    });
    expect(download.headers['content-type']).toBe('application/zip');
    expect(Buffer.compare(download.rawPayload, Buffer.from(fixture))).toBe(0);

    const group = await createGroup(s.database.db, {});
    const published = await call<ImportExecution>('POST', '/api/canvas/v1/import', {
      groupId: group.id,
      type: 'standard',
      version: created.version,
      importId: created.id,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(published.body).toMatchObject({ status: 'success', reason: null });
    // The same version again is the group's latest already.
    expect(
      (
        await call('POST', '/api/canvas/v1/import', {
          groupId: group.id,
          type: 'standard',
          version: created.version,
          importId: created.id,
        })
      ).status,
    ).toBe(409);

    // The group's members see it among their dashboards; each chart says what it misses.
    const headers = await member(group.id);
    const list = await s.app.inject({ method: 'GET', url: '/api/dashboards', headers });
    const sales = list.json<DashboardInfo[]>().find((d) => d.name === 'Sales Dashboard');
    expect(sales).toBeDefined();
    const token = await s.app.inject({
      method: 'POST',
      url: `/api/dataRoles/default/token/${sales?.id ?? ''}`,
      headers,
    });
    const bearer = { authorization: `Bearer ${token.json<{ token: string }>().token}` };
    const spec = (
      await s.app.inject({
        method: 'GET',
        url: `/api/embed/dashboards/${sales?.id ?? ''}`,
        headers: bearer,
      })
    ).json<DashboardSpec>();
    // Its two tabs hold its 10 charts (issue 34).
    expect(spec.tabs?.map((t) => t.rows.flatMap((r) => r.cells).length)).toEqual([6, 4]);
    const cells = dashboardRows(spec).flatMap((r) => r.cells);
    expect(cells).toHaveLength(10);
    const missing =
      'This chart reads the dataset cleaned_sales_data (database examples), which Callsight does not have.';
    expect(cells.map((c) => c.placeholder)).toEqual(Array<string>(10).fill(missing));
    const data = await s.app.inject({
      method: 'POST',
      url: `/api/embed/dashboards/${sales?.id ?? ''}/charts/${cells[0]?.chart.id ?? ''}/data`,
      headers: bearer,
      payload: {
        from: new Date(Date.now() - 86_400_000).toISOString(),
        to: new Date().toISOString(),
      },
    });
    expect(data.statusCode).toBe(404);
    expect(data.json<{ error: { message: string } }>().error.message).toContain(
      'cleaned_sales_data',
    );

    const executions = await call<ImportExecution[]>(
      'GET',
      `/api/canvas/v1/executions?groupId=${group.id}&status=success`,
    );
    expect(executions.body).toHaveLength(1);
    const latest = await call<ImportExecution[]>('GET', '/api/canvas/v1/executions/latest');
    expect(latest.body.filter((e) => e.groupId === group.id)).toHaveLength(1);

    // Update Canvas (POST /groups/{id}/bi/configure) installs the latest standard import again.
    const updated = await call<GroupActionResult>('POST', `/api/groups/${group.id}/bi/configure`);
    expect(updated.body.message).toContain(`standard import v${created.version}`);
  });

  it('refuse bad files with their message, storing nothing', async () => {
    const before = await importsCount();
    const refused = async (name: string, bytes: Uint8Array) => {
      const res = await upload({ type: 'standard', isDraft: false }, { name, bytes });
      expect(res.statusCode).toBe(400);
      return res.json<{ error: { message: string } }>().error.message;
    };
    expect(await refused('export.txt', strToU8('x'))).toBe(
      'Please select a file with one of these extensions: .zip',
    );
    expect(await refused('export.zip', strToU8('not a zip at all'))).toMatch(/ZIP/);
    expect(
      await refused(
        'export.zip',
        zipSync({ 'root/metadata.yaml': strToU8('type: Dashboard'), '../evil.yaml': strToU8('x') }),
      ),
    ).toMatch(/leaves its folder/);
    expect(
      await refused('export.zip', zipSync({ 'root/metadata.yaml': strToU8('type: Chart\n') })),
    ).toMatch(/type Chart/);
    // 50 MB and more: refused with the spec's text, by the service or by the body limit.
    for (const size of [50 * 1024 * 1024, 51 * 1024 * 1024]) {
      const big = await upload(
        { type: 'standard' },
        { name: 'big.zip', bytes: new Uint8Array(size) },
      );
      expect([400, 413]).toContain(big.statusCode);
      expect(big.json<{ error: { message: string } }>().error.message).toBe(
        'File size must be less than 50MB',
      );
    }
    const none = await upload({ type: 'standard', isDraft: false }, null);
    expect(none.json<{ error: { message: string } }>().error.message).toBe('ZIP file is required');
    const badType = await upload({ type: 'other' }, { name: 'a.zip', bytes: strToU8('x') });
    expect(badType.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      'metadata.type': 'type must be standard or custom',
    });
    expect(await importsCount()).toBe(before);
  });

  it("export a group's dashboards and publish them to another group: the same dashboards", async () => {
    const a = await createGroup(s.database.db, {});
    const b = await createGroup(s.database.db, {});
    const chosen = standardDashboards(a.id).slice(1, 3);
    const made = await call<DashboardImport>('POST', `/api/canvas/v1/upload/${a.id}/dashboards`, {
      dashboardIds: chosen.map((d) => d.id),
      type: 'standard',
      description: 'From A',
      isDraft: false,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const published = await call<ImportExecution>('POST', '/api/canvas/v1/import', {
      groupId: b.id,
      type: 'standard',
      version: made.body.version,
      importId: made.body.id,
    });
    expect(published.body.status).toBe('success');
    const deployed = await call<GroupDashboards>('GET', `/api/canvas/v1/upload/${b.id}/dashboards`);
    const installed = deployed.body.deployedDashboards.filter((d) =>
      d.id.startsWith(`${b.id}_standard_`),
    );
    expect(installed.map((d) => d.dashboard_title)).toEqual(chosen.map((d) => d.title));
    const headers = await member(b.id);
    for (const [i, original] of chosen.entries()) {
      const token = await s.app.inject({
        method: 'POST',
        url: `/api/dataRoles/default/token/${installed[i]?.id ?? ''}`,
        headers,
      });
      const spec = (
        await s.app.inject({
          method: 'GET',
          url: `/api/embed/dashboards/${installed[i]?.id ?? ''}`,
          headers: { authorization: `Bearer ${token.json<{ token: string }>().token}` },
        })
      ).json<DashboardSpec>();
      expect(spec.rows).toEqual(original.rows);
    }
  });

  it('map logical dashboards to deployed titles, and resolve canvas names through them', async () => {
    const group = await createGroup(s.database.db, {});
    const logical = await call<LogicalDashboard[]>('GET', `/api/dashboards/${group.id}/custom`);
    expect(logical.body).toHaveLength(11);
    const callOverview = logical.body.find((l) => l.name === 'Call Overview');
    expect(callOverview?.dashboardName).toBeNull();
    const refused = await call<{ error: { fields: Record<string, string> } }>(
      'PUT',
      `/api/dashboards/custom/${callOverview?.id ?? ''}`,
      { dashboardName: 'Nothing deployed' },
    );
    expect(refused.status).toBe(400);
    const mapped = await call<LogicalDashboard>(
      'PUT',
      `/api/dashboards/custom/${callOverview?.id ?? ''}`,
      { dashboardName: 'Agent Overview' },
    );
    expect(mapped.body.dashboardName).toBe('Agent Overview');
    const headers = await member(group.id);
    const resolved = await s.app.inject({
      method: 'GET',
      url: '/api/groups/dashboard/calloverview',
      headers,
    });
    expect(resolved.json<DashboardInfo>().name).toBe('Agent Overview');
    const unmapped = await s.app.inject({
      method: 'GET',
      url: '/api/groups/dashboard/logserrors',
      headers,
    });
    expect(unmapped.json<DashboardInfo>().id).toBe(`${group.id}_Technology-LogsAndErrors`);
    // null removes the mapping: the canvas name opens its standard dashboard again.
    const removed = await call<LogicalDashboard>(
      'PUT',
      `/api/dashboards/custom/${callOverview?.id ?? ''}`,
      { dashboardName: null },
    );
    expect(removed.body.dashboardName).toBeNull();
    const standard = await s.app.inject({
      method: 'GET',
      url: '/api/groups/dashboard/calloverview',
      headers,
    });
    expect(standard.json<DashboardInfo>().name).toBe('Call Overview');
  });
});

describe('dashboard imports: refusals, drafts, latest executions, group previews', () => {
  const fixture = () => ({
    name: 'superset-export.zip',
    bytes: new Uint8Array(readFileSync(FIXTURE)),
  });
  const messageOf = (res: { json: <T>() => T }) =>
    res.json<{ error: { message: string } }>().error.message;

  it('refuse ZIP bombs (bytes inflated, entry count) through the API, storing nothing', async () => {
    const before = await importsCount();
    const cap = IMPORT_LIMITS.maxUncompressedBytes;
    const bomb = zipBomb(cap / (1024 * 1024) + 1);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const inflated = await upload({ type: 'standard' }, { name: 'bomb.zip', bytes: bomb });
    expect(inflated.statusCode).toBe(400);
    expect(messageOf(inflated)).toBe(
      `The ZIP inflates to more than ${cap} bytes; at most ${cap} are allowed.`,
    );
    const many = zipSync(
      Object.fromEntries(
        Array.from({ length: IMPORT_LIMITS.maxEntries + 1 }, (_, i) => [
          `many/f${i}.yaml`,
          strToU8('x: 1\n'),
        ]),
      ),
    );
    const counted = await upload({ type: 'standard' }, { name: 'many.zip', bytes: many });
    expect(counted.statusCode).toBe(400);
    expect(messageOf(counted)).toBe(
      `The ZIP holds ${IMPORT_LIMITS.maxEntries + 1} entries; at most ${IMPORT_LIMITS.maxEntries} are allowed.`,
    );
    expect(await importsCount()).toBe(before);
  }, 60_000);

  it('answer "Import payload is required" to an upload without its metadata part', async () => {
    const before = await importsCount();
    const fileOnly = await multipart({ file: fixture() });
    expect(fileOnly.statusCode).toBe(400);
    expect(fileOnly.json<{ error: { message: string; fields: object } }>().error).toMatchObject({
      message: 'Import payload is required',
      fields: { metadata: 'Import payload is required' },
    });
    const empty = await s.app.inject({
      method: 'POST',
      url: '/api/canvas/v1/upload',
      headers: superHeaders,
    });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toBe('Import payload is required');
    expect(await importsCount()).toBe(before);
  });

  it('edit a draft without a new ZIP: its version stays, and it is published once final', async () => {
    const group = await createGroup(s.database.db, {});
    const made = await upload(
      { type: 'custom', groupId: group.id, description: 'First', isDraft: true },
      fixture(),
    );
    expect(made.statusCode, made.body).toBe(201);
    const draft = made.json<DashboardImport>();
    expect(draft).toMatchObject({ version: 1, isDraft: true, groupId: group.id });
    const publishDraft = () =>
      call<ImportExecution>('POST', '/api/canvas/v1/import', {
        groupId: group.id,
        type: 'custom',
        version: draft.version,
        importId: draft.id,
      });
    // A draft is not published (spec 001 §4: a draft's content may still change under its version).
    expect((await publishDraft()).status).toBe(409);

    const edit = (metadata: object) =>
      multipart({ metadata: JSON.stringify({ type: 'custom', importId: draft.id, ...metadata }) });
    const edited = await edit({ groupId: group.id, description: 'Second', isDraft: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<DashboardImport>()).toMatchObject({
      id: draft.id,
      version: draft.version,
      description: 'Second',
      isDraft: true,
      source: 'superset-export.zip',
    });
    const final = await edit({ description: 'Final', isDraft: false });
    expect(final.json<DashboardImport>()).toMatchObject({ version: draft.version, isDraft: false });
    // The ZIP it was made with stays.
    const preview = await call<ImportPreview>('GET', `/api/canvas/v1/upload/${draft.id}/preview`);
    expect(preview.body.charts).toHaveLength(10);
    // A final import is not edited any more.
    expect((await edit({ description: 'Later', isDraft: false })).statusCode).toBe(409);

    const published = await publishDraft();
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({ status: 'success', version: draft.version });
    // Editing did not use up a version: the group's next custom import is v2.
    const next = await upload({ type: 'custom', groupId: group.id }, fixture());
    expect(next.json<DashboardImport>().version).toBe(draft.version + 1);
    const all = (await call<DashboardImport[]>('GET', '/api/canvas/v1/upload')).body;
    expect(all.filter((i) => i.groupId === group.id).map((i) => i.version)).toEqual([2, 1]);
  });

  it("executions/latest: each group's latest of each type, however many newer executions others have", async () => {
    const quiet = await createGroup(s.database.db, {});
    const busy = await createGroup(s.database.db, {});
    const at = (ms: number) => ({ createdAt: new Date(ms), updatedAt: new Date(ms) });
    const dayAgo = Date.now() - 86_400_000;
    await s.database.db.insert(dashboardImportExecutions).values([
      { groupId: quiet.id, type: 'standard', version: 1, status: 'success', ...at(dayAgo) },
      { groupId: quiet.id, type: 'custom', version: 1, status: 'success', ...at(dayAgo - 1000) },
      { groupId: quiet.id, type: 'custom', version: 2, status: 'failed', ...at(dayAgo + 1000) },
    ]);
    // More than the 1,000 newest executions, all of another group.
    const now = Date.now();
    await s.database.db.insert(dashboardImportExecutions).values(
      Array.from({ length: 1001 }, (_, i) => ({
        groupId: busy.id,
        type: 'standard' as const,
        version: 1001 - i,
        status: 'success',
        ...at(now - i * 1000),
      })),
    );
    const latest = await call<ImportExecution[]>('GET', '/api/canvas/v1/executions/latest');
    expect(latest.status).toBe(200);
    const quietLatest = latest.body.filter((e) => e.groupId === quiet.id);
    expect(quietLatest.map((e) => [e.type, e.version, e.status])).toEqual([
      ['custom', 2, 'failed'],
      ['standard', 1, 'success'],
    ]);
    expect(importStatus(quietLatest)).toBe('FAILED');
    expect(latest.body.filter((e) => e.groupId === busy.id).map((e) => e.version)).toEqual([1001]);
  });

  it("preview a group's deployed dashboards at {groupId}/preview (spec 001 §7)", async () => {
    const group = await createGroup(s.database.db, {});
    const preview = await call<ImportPreview>('GET', `/api/canvas/v1/upload/${group.id}/preview`);
    expect(preview.status).toBe(200);
    const deployed = await call<GroupDashboards>(
      'GET',
      `/api/canvas/v1/upload/${group.id}/dashboards`,
    );
    expect(preview.body.dashboards.map((d) => d.name)).toEqual(
      deployed.body.deployedDashboards.map((d) => d.dashboard_title),
    );
    expect(preview.body.dashboards.length).toBeGreaterThan(0);
    expect(preview.body.charts.length).toBeGreaterThan(0);
    const unknown = await call('GET', `/api/canvas/v1/upload/${randomUUID()}/preview`);
    expect(unknown.status).toBe(404);
  });
});

describe('dashboard imports: Superset datasets mapped to ours (issue 34)', () => {
  const SALES = 'e8623bb9-5e00-f531-506a-19607f5f8005';
  const NOW = Date.now();
  const window = {
    from: new Date(NOW - 86_400_000).toISOString(),
    to: new Date(NOW + 60_000).toISOString(),
  };
  type Fields = { error: { message: string; fields?: Record<string, string> } };
  const mapping = (columns: Record<string, string>, datasetId = 'calls') => ({
    mappings: [{ uuid: SALES, datasetId, columns }],
  });
  const toCalls = {
    order_date: 'start_time',
    sales: 'duration_seconds',
    quantity_ordered: 'duration_seconds',
    product_line: 'agent',
    deal_size: 'direction',
    status: 'ended_by',
  };

  it("the real export mapped to calls draws the group's calls in every chart of both tabs, under the team's rules", async () => {
    // A group with 5 calls: 3 of Sales agents (sam), 2 of Support (pat).
    const t = await createTenant(s);
    const calls = [
      ['s1', 'sam', ['Sales'], 60],
      ['s2', 'sam', ['Sales'], 120],
      ['s3', 'sam', ['Sales'], 180],
      ['p1', 'pat', ['Support'], 240],
      ['p2', 'pat', [], 300],
    ] as const;
    await ingest(
      s.app,
      t.key,
      'calls',
      calls.map(([id, agent, agentGroups, seconds], i) => ({
        contactId: `${id}-${t.group.id.slice(0, 8)}`,
        agent,
        agentGroups,
        direction: i % 2 ? 'INBOUND' : 'OUTBOUND',
        startTime: NOW - 3_600_000 + i * 1000,
        endTime: NOW - 3_600_000 + i * 1000 + seconds * 1000,
      })),
    );

    // A standard import of the export, published to the group before any mapping.
    const uploaded = await upload(
      { type: 'standard', description: 'Sales, to map', isDraft: false },
      { name: 'superset-export.zip', bytes: new Uint8Array(readFileSync(FIXTURE)) },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const created = uploaded.json<DashboardImport>();
    const published = await call<ImportExecution>('POST', '/api/canvas/v1/import', {
      groupId: t.group.id,
      type: 'standard',
      version: created.version,
      importId: created.id,
    });
    expect(published.body).toMatchObject({ status: 'success' });

    // Its one dataset, the columns its charts read and how, and our datasets to map it to.
    const url = `/api/canvas/v1/upload/${created.id}/datasets`;
    const datasets = await call<ImportDatasets>('GET', url);
    expect(datasets.status).toBe(200);
    expect(datasets.body.datasets).toHaveLength(1);
    expect(datasets.body.datasets[0]).toMatchObject({
      uuid: SALES,
      name: 'cleaned_sales_data',
      database: 'examples',
      ours: false,
      mapping: null,
    });
    expect(datasets.body.datasets[0]?.charts).toHaveLength(10);
    expect(datasets.body.datasets[0]?.columns.map((c) => [c.name, c.role])).toEqual([
      ['order_date', 'time'],
      ['sales', 'measure'],
      ['quantity_ordered', 'measure'],
      ['deal_size', 'dimension'],
      ['product_line', 'dimension'],
      ['status', 'dimension'],
    ]);
    expect(datasets.body.targets.map((d) => d.id)).toEqual([
      'calls',
      'call_seconds',
      'softphone_logs',
      'journeys',
    ]);
    expect(datasets.body.targets[0]?.columns).toContainEqual({
      name: 'mos_avg',
      label: 'MOS',
      type: 'number',
    });

    // Bad mappings: 400 naming the field, nothing stored.
    const bad = async (body: object, field: string) => {
      const res = await call<Fields>('PUT', url, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {})).toContain(field);
      return res.body.error.fields?.[field];
    };
    expect(await bad(mapping({ sales: 'shoe_size' }), 'mappings.0.columns.sales')).toBe(
      'shoe_size is not a column of the Calls dataset',
    );
    expect(await bad(mapping({ sales: 'agent' }), 'mappings.0.columns.sales')).toBe(
      'sales is summed or averaged by the charts: map it to a number column of Calls (agent is a text column)',
    );
    expect(await bad(mapping({ order_date: 'agent' }), 'mappings.0.columns.order_date')).toBe(
      "order_date is the charts' time: map it to a time column of Calls (agent is a text column)",
    );
    expect(await bad(mapping({ phone: 'agent' }), 'mappings.0.columns.phone')).toBe(
      'phone is not a column the charts of cleaned_sales_data read',
    );
    await bad(mapping({ sales: 'Not A Column' }), 'mappings.0.columns.sales');
    await bad(mapping({}, 'workflow_firings'), 'mappings.0.datasetId');
    await bad({ mappings: [{ uuid: 'nope', datasetId: 'calls', columns: {} }] }, 'mappings.0.uuid');
    expect((await call<ImportDatasets>('GET', url)).body.datasets[0]?.mapping).toBeNull();
    expect(
      (await call('PUT', `/api/canvas/v1/upload/${randomUUID()}/datasets`, mapping({}))).status,
    ).toBe(404);

    // Mapped to calls: the group's installed dashboard is made again through it (no new publish).
    const saved = await call<ImportDatasets>('PUT', url, mapping(toCalls));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.datasets[0]?.mapping).toEqual({ datasetId: 'calls', columns: toCalls });
    // The preview stays the preview (the mapping is not part of it).
    const preview = await call<Record<string, unknown>>(
      'GET',
      `/api/canvas/v1/upload/${created.id}/preview`,
    );
    expect(Object.keys(preview.body).sort()).toEqual(
      ['charts', 'dashboards', 'databases', 'datasets', 'metadata_bytes'].sort(),
    );

    const dashboards = await s.app.inject({
      method: 'GET',
      url: '/api/dashboards',
      headers: t.adminHeaders,
    });
    const sales = dashboards.json<DashboardInfo[]>().find((d) => d.name === 'Sales Dashboard');
    expect(sales).toBeDefined();
    const dashboardId = sales?.id ?? '';

    /** Every chart's answer under a guest token, by title. */
    const answers = async (token: string) => {
      const bearer = { authorization: `Bearer ${token}` };
      const spec = (
        await s.app.inject({
          method: 'GET',
          url: `/api/embed/dashboards/${dashboardId}`,
          headers: bearer,
        })
      ).json<DashboardSpec>();
      expect(spec.tabs?.map((tab) => tab.title)).toEqual([
        '\u{1F3AF} Sales Overview',
        '\u{1F9ED} Exploratory',
      ]);
      const out = new Map<string, ChartData>();
      for (const cell of dashboardRows(spec).flatMap((r) => r.cells)) {
        expect(cell.placeholder, cell.chart.title).toBeUndefined();
        const res = await s.app.inject({
          method: 'POST',
          url: `/api/embed/dashboards/${dashboardId}/charts/${cell.chart.id}/data`,
          headers: bearer,
          payload: window,
        });
        expect(res.statusCode, `${cell.chart.title}: ${res.body}`).toBe(200);
        out.set(cell.chart.title, res.json<ChartData>());
      }
      return out;
    };

    const whole = await s.app.inject({
      method: 'POST',
      url: `/api/dataRoles/default/token/${dashboardId}`,
      headers: t.adminHeaders,
    });
    const all = await answers(whole.json<GuestToken>().token);
    expect(all.size).toBe(10);
    for (const [title, data] of all) expect(data.rows.length, title).toBeGreaterThan(0);
    // Total Revenue: SUM(sales) is the calls' seconds; Products Sold By Product Line: per agent.
    expect(all.get('Total Revenue')?.rows).toEqual([[900]]);
    expect(all.get('Products Sold By Product Line')?.rows).toEqual([
      ['pat', 540],
      ['sam', 360],
    ]);

    // A team of Sales agents sees their calls only, in every chart.
    const asAdmin = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      s.app.inject({ method, url, headers: t.adminHeaders, ...(payload ? { payload } : {}) });
    const team = (await asAdmin('POST', '/api/dataRoles', { name: 'Sales' })).json<Team>();
    await asAdmin('PUT', `/api/dataRoles/${team.id}`, {
      name: 'Sales',
      conditions: [{ type: 'group1', operator: 'equals', value: 'Sales' }],
      dashboards: [],
    });
    const viewer = await createUser(s.database.db, { groups: [t.group], role: 'viewer' });
    const viewerHeaders = authHeaders((await signIn(s.app, viewer.email)).token);
    await asAdmin('POST', `/api/dataRoles/${team.id}/users/${viewer.id}`);
    const teamToken = await s.app.inject({
      method: 'POST',
      url: `/api/dataRoles/${team.id}/token/${dashboardId}`,
      headers: viewerHeaders,
    });
    expect(teamToken.statusCode, teamToken.body).toBe(200);
    const theirs = await answers(teamToken.json<GuestToken>().token);
    expect(theirs.get('Total Revenue')?.rows).toEqual([[360]]);
    expect(theirs.get('Products Sold By Product Line')?.rows).toEqual([['sam', 360]]);
    for (const data of theirs.values()) {
      const agent = data.columns.findIndex((c) => c.name === 'agent');
      if (agent >= 0) expect(new Set(data.rows.map((r) => r[agent]))).toEqual(new Set(['sam']));
    }

    // Published to another group after the mapping, its charts draw there too.
    const other = await createTenant(s);
    const again = await call<ImportExecution>('POST', '/api/canvas/v1/import', {
      groupId: other.group.id,
      type: 'standard',
      version: created.version,
      importId: created.id,
    });
    expect(again.body).toMatchObject({ status: 'success' });
    const otherList = await s.app.inject({
      method: 'GET',
      url: '/api/dashboards',
      headers: other.adminHeaders,
    });
    const otherSales = otherList.json<DashboardInfo[]>().find((d) => d.name === 'Sales Dashboard');
    const otherToken = await s.app.inject({
      method: 'POST',
      url: `/api/dataRoles/default/token/${otherSales?.id ?? ''}`,
      headers: other.adminHeaders,
    });
    const otherSpec = (
      await s.app.inject({
        method: 'GET',
        url: `/api/embed/dashboards/${otherSales?.id ?? ''}`,
        headers: { authorization: `Bearer ${otherToken.json<GuestToken>().token}` },
      })
    ).json<DashboardSpec>();
    expect(dashboardRows(otherSpec).flatMap((r) => r.cells.map((c) => c.placeholder))).toEqual(
      Array(10).fill(undefined),
    );

    // A draft edited with a new ZIP keeps its dataset mapping (by the dataset's uuid).
    const made = await upload(
      { type: 'custom', groupId: t.group.id, description: 'Draft', isDraft: true },
      { name: 'superset-export.zip', bytes: new Uint8Array(readFileSync(FIXTURE)) },
    );
    const draft = made.json<DashboardImport>();
    const draftUrl = `/api/canvas/v1/upload/${draft.id}/datasets`;
    expect((await call('PUT', draftUrl, mapping(toCalls))).status).toBe(200);
    const form = new FormData();
    form.append('metadata', JSON.stringify({ type: 'custom', importId: draft.id, isDraft: true }));
    form.append('file', new Blob([readFileSync(FIXTURE)]), 'again.zip');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const edited = await s.app.inject({
      method: 'POST',
      url: '/api/canvas/v1/upload',
      headers: { ...superHeaders, 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(edited.json<DashboardImport>()).toMatchObject({ source: 'again.zip' });
    expect((await call<ImportDatasets>('GET', draftUrl)).body.datasets[0]?.mapping).toEqual({
      datasetId: 'calls',
      columns: toCalls,
    });

    // Unmapped again (an empty mapping): the charts say what they miss once more.
    expect((await call('PUT', url, { mappings: [] })).status).toBe(200);
    const unmapped = (
      await s.app.inject({
        method: 'GET',
        url: `/api/embed/dashboards/${dashboardId}`,
        headers: { authorization: `Bearer ${whole.json<GuestToken>().token}` },
      })
    ).json<DashboardSpec>();
    expect(dashboardRows(unmapped).every((r) => r.cells.every((c) => c.placeholder))).toBe(true);
  });
});
