import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CampaignRunStartInputSchema,
  type ApiError,
  type Campaign,
  type CampaignListItem,
  type CampaignRun,
  type CampaignRunGraph,
  type CampaignRunStats,
} from '@callsight/shared';
import { createRun } from '../src/services/campaigns/runs.ts';
import type { AppError } from '../src/lib/errors.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { auditLog, campaignCalls, campaignRuns } from '../src/db/schema/index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const TO = '+61255501234';

/** A group with Simulate on, its admin, viewer and super user, and an allowlisted "To" number. */
async function tenant(features: 'simulate'[] = ['simulate']) {
  const group = await createGroup(s.database.db, { features });
  const headersOf = async (opts: { role?: 'admin' | 'viewer' | 'user'; isSuper?: boolean }) => {
    const user = await createUser(s.database.db, { groups: [group], ...opts });
    return { user, headers: authHeaders((await signIn(s.app, user.email)).token, group.id) };
  };
  const admin = await headersOf({ role: 'admin' });
  const viewer = await headersOf({ role: 'viewer' });
  const superUser = await headersOf({ isSuper: true });
  if (features.length > 0) {
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/campaigns/configuration',
      headers: superUser.headers,
      payload: { account: { cpsLimit: 10 }, fromNumbers: ['+61255500000'], toNumbers: [TO] },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { group, admin, viewer, superUser };
}

/** A multipart/form-data body as a browser's FormData sends it. */
async function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: string | Uint8Array },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('answerTreatmentData', new Blob([file.content]), file.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

const FIELDS = {
  type: 'fullload',
  name: 'Morning load',
  description: 'Queue A at 9',
  'tags.0': 'queue-a',
  'tags.1': 'smoke',
  fromNumber: '+61255500000',
  toNumber: TO,
  totalCalls: '20',
  noAnswerTimeout: '25',
  callDuration: '30',
  callsPerSecond: '1',
  answerTreatment: 'w{2}1#{$Account}',
};

async function postForm(
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: { name: string; content: string | Uint8Array },
) {
  const { payload, contentType } = await multipart(fields, file);
  return s.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

const CSV = 'Account,Pin\r\n"1,234",99\r\n5678,"say ""hi"""\r\n';

describe('POST /api/campaigns (multipart) and reads', () => {
  it('creates from the multipart fields with tags.N and a CSV, then lists and gets it', async () => {
    const { admin, group } = await tenant();
    const res = await postForm(admin.headers, FIELDS, { name: 'data.csv', content: CSV });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Campaign>();
    expect(created).toMatchObject({
      type: 'fullload',
      name: 'Morning load',
      description: 'Queue A at 9',
      tags: ['queue-a', 'smoke'],
      fromNumber: '+61255500000',
      toNumber: TO,
      totalCalls: 20,
      noAnswerTimeout: 25,
      callDuration: 30,
      callsPerSecond: 1,
      answerTreatment: 'w{2}1#{$Account}',
      dataHeaders: ['Account', 'Pin'],
      data: [
        { Account: '1,234', Pin: '99' },
        { Account: '5678', Pin: 'say "hi"' },
      ],
      runCount: 0,
      lastExecutionTime: null,
      status: { active: false },
    });
    expect(created.campaignId).toBe(created.id);

    // Admins and super users read the list and the campaign (viewers: see the roles test).
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/campaigns',
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<CampaignListItem[]>().map((c) => [c.name, c.dataRowCount])).toEqual([
      ['Morning load', 2],
    ]);
    const one = await s.app.inject({
      method: 'GET',
      url: `/api/campaigns/${created.id}`,
      headers: admin.headers,
    });
    expect(one.json<Campaign>().data).toHaveLength(2);

    const audits = await s.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.groupId, group.id), eq(auditLog.service, 'campaigns')));
    expect(audits.map((a) => [a.action, a.targetId, a.result])).toEqual([
      ['create', created.id, 'success'],
    ]);
  });

  it('takes the group default no-answer timeout when the field is omitted, and JSON bodies', async () => {
    const { admin } = await tenant();
    const { noAnswerTimeout: _omit, ...fields } = FIELDS;
    const res = await postForm(admin.headers, { ...fields, answerTreatment: '12' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Campaign>()).toMatchObject({ noAnswerTimeout: 30, data: [], dataHeaders: [] });
    const json = await s.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: admin.headers,
      payload: { ...fields, name: 'As JSON', tags: ['x'], totalCalls: 5, callDuration: 8 },
    });
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json<Campaign>()).toMatchObject({ name: 'As JSON', tags: ['x'], totalCalls: 5 });
  });

  it('names the field with the spec text of every rule of §5', async () => {
    const { admin } = await tenant();
    const cases: [Record<string, string>, string, string][] = [
      [{ type: '' }, 'type', 'Please select the Campaign Type.'],
      [{ type: 'ramp' }, 'type', 'Please select the Campaign Type.'],
      [{ name: '  ' }, 'name', 'Please enter a Campaign Name.'],
      [{ fromNumber: '' }, 'fromNumber', 'Please select/enter the From Number.'],
      [{ toNumber: '0255501234' }, 'toNumber', 'Invalid phone number'],
      [{ toNumber: '+6125550123456' }, 'toNumber', 'Invalid phone number'],
      [
        { toNumber: '+61255509999' },
        'toNumber',
        'This number is not one of the allowlisted "To" numbers',
      ],
      [{ totalCalls: 'many' }, 'totalCalls', 'Please enter valid campaign details.'],
      [{ callsPerSecond: '11' }, 'callsPerSecond', 'CPS limit is 10'],
      // round(20 / 1 * 1.5) = 30
      [{ callDuration: '29' }, 'callDuration', 'Minimum value is 30'],
      [{ answerTreatment: '12a#' }, 'answerTreatment', 'Please enter valid answer treatment'],
      [{ answerTreatment: 'w{x}' }, 'answerTreatment', 'Please enter valid answer treatment'],
    ];
    for (const [change, field, text] of cases) {
      const fields = { ...FIELDS, ...change };
      if (change.type === '') delete (fields as Partial<typeof FIELDS>).type;
      if (change.fromNumber === '') delete (fields as Partial<typeof FIELDS>).fromNumber;
      const res = await postForm(admin.headers, fields);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json<ApiError>().error.fields?.[field], field).toBe(text);
    }
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/campaigns',
      headers: admin.headers,
    });
    expect(list.json()).toEqual([]);
  });

  it('refuses a broken CSV, U+0000 and a non-.csv file, naming the field', async () => {
    const { admin } = await tenant();
    const broken = await postForm(admin.headers, FIELDS, {
      name: 'd.csv',
      content: 'a,b\n1,2\n3',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<ApiError>().error.fields?.answerTreatmentData).toBe(
      'Row 2 has 1 values; the header has 2',
    );
    const nul = await postForm(admin.headers, FIELDS, { name: 'd.csv', content: 'a\n1\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json<ApiError>().error.fields?.answerTreatmentData).toBe(
      'answerTreatmentData must not contain the NUL character (U+0000)',
    );
    const nulName = await postForm(admin.headers, { ...FIELDS, name: 'a\u0000b' });
    expect(nulName.json<ApiError>().error.fields?.name).toBe(
      'name must not contain the NUL character (U+0000)',
    );
    const notCsv = await postForm(admin.headers, FIELDS, { name: 'd.txt', content: 'a\n1' });
    expect(notCsv.json<ApiError>().error.fields?.answerTreatmentData).toBe(
      'Upload accepts one .csv file only',
    );
  });

  it('refuses a second campaign of the same name (any case) with the spec text on name', async () => {
    const { admin } = await tenant();
    expect((await postForm(admin.headers, FIELDS)).statusCode).toBe(201);
    const again = await postForm(admin.headers, { ...FIELDS, name: 'MORNING LOAD' });
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiError>().error).toMatchObject({
      message: 'Campaign name must be unique',
      fields: { name: 'Campaign name must be unique' },
    });
    // Another group may use the name.
    const other = await tenant();
    expect((await postForm(other.admin.headers, FIELDS)).statusCode).toBe(201);
  });

  it('answers 413 naming answerTreatmentData one byte over 10 MB and past the body limit', async () => {
    const { admin } = await tenant();
    const over = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61);
    const res = await postForm(admin.headers, FIELDS, { name: 'big.csv', content: over });
    expect(res.statusCode).toBe(413);
    expect(res.json<ApiError>().error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      fields: { answerTreatmentData: 'The CSV file may be at most 10 MB' },
    });
    const huge = new Uint8Array(12 * 1024 * 1024).fill(0x61);
    const res2 = await postForm(admin.headers, FIELDS, { name: 'big.csv', content: huge });
    expect(res2.statusCode).toBe(413);
    expect(res2.json<ApiError>().error.fields?.answerTreatmentData).toBe(
      'The CSV file may be at most 10 MB',
    );
  });
});

describe('delete, runs and roles', () => {
  it('deletes a campaign without runs, refuses one with runs (409), and reads its runs', async () => {
    const { admin, group } = await tenant();
    const a = (await postForm(admin.headers, FIELDS)).json<Campaign>();
    const b = (await postForm(admin.headers, { ...FIELDS, name: 'Evening' })).json<Campaign>();
    const del = await s.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${b.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(204);

    const [run] = await s.database.db
      .insert(campaignRuns)
      .values({
        groupId: group.id,
        campaignId: a.id,
        description: 'First run',
        tags: ['r1'],
        status: 'In Progress',
        createdOn: new Date('2026-03-01T10:00:00Z'),
        parameters: { totalCalls: 20, callsPerSecond: 1 },
      })
      .returning();
    if (!run) throw new Error('no run');
    await s.database.db.insert(campaignCalls).values({
      groupId: group.id,
      runId: run.id,
      seq: 0,
      toNumber: TO,
      fromNumber: '+61255500000',
    });

    const refused = await s.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${a.id}`,
      headers: admin.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiError>().error.message).toBe(
      'Campaigns with runs cannot be deleted; open its History instead',
    );

    const list = (
      await s.app.inject({ method: 'GET', url: '/api/campaigns', headers: admin.headers })
    ).json<CampaignListItem[]>();
    expect(list.map((c) => [c.name, c.runCount, c.lastExecutionTime, c.status.active])).toEqual([
      ['Morning load', 1, '2026-03-01T10:00:00.000Z', true],
    ]);

    const runs = await s.app.inject({
      method: 'GET',
      url: `/api/campaigns/${a.id}/runs`,
      headers: admin.headers,
    });
    expect(runs.json<CampaignRun[]>()).toMatchObject([
      {
        id: run.id,
        runDescription: 'First run',
        runTags: ['r1'],
        name: 'Morning load',
        status: 'In Progress',
        isComplete: false,
        canceledAt: null,
        totalCalls: 20,
        callDuration: 30,
      },
    ]);
    // A live run is not deleted; a finished one is, with its calls.
    const live = await s.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${a.id}/runs/${run.id}`,
      headers: admin.headers,
    });
    expect(live.statusCode).toBe(409);
    await s.database.db
      .update(campaignRuns)
      .set({ isComplete: true, status: 'Complete' })
      .where(eq(campaignRuns.id, run.id));
    const one = await s.app.inject({
      method: 'GET',
      url: `/api/campaigns/${a.id}/runs/${run.id}`,
      headers: admin.headers,
    });
    expect(one.json<CampaignRun>().status).toBe('Complete');
    const gone = await s.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${a.id}/runs/${run.id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(204);
    expect(
      await s.database.db.select().from(campaignCalls).where(eq(campaignCalls.runId, run.id)),
    ).toEqual([]);
    // The run of another campaign's path is not found.
    const wrongPath = await s.app.inject({
      method: 'GET',
      url: `/api/campaigns/${b.id}/runs/${run.id}`,
      headers: admin.headers,
    });
    expect(wrongPath.statusCode).toBe(404);
  });

  it('refuses viewers and group users everything, reads included, and all while the flag is off', async () => {
    const { admin, viewer, group } = await tenant();
    const created = (await postForm(admin.headers, FIELDS)).json<Campaign>();
    // Simulate is an admin and super screen (spec 000 §6; D10 and D15 reversed): a viewer or a
    // Group User reads no campaign, run, call log or recording.
    const user = await createUser(s.database.db, { groups: [group], role: 'user' });
    const userHeaders = authHeaders((await signIn(s.app, user.email)).token, group.id);
    const runId = randomUUID();
    for (const headers of [viewer.headers, userHeaders]) {
      for (const url of [
        '/api/campaigns',
        `/api/campaigns/${created.id}`,
        `/api/campaigns/${created.id}/runs`,
        `/api/campaigns/${created.id}/runs/${runId}`,
        `/api/campaigns/${created.id}/runs/${runId}/graph`,
        `/api/campaigns/${created.id}/runs/${runId}/stats`,
        `/api/campaigns/${created.id}/runs/${runId}/calls`,
        `/api/campaigns/${created.id}/runs/${runId}/calls/0/recording`,
        '/api/campaigns/configuration',
        '/api/simulate/numbers',
      ]) {
        const res = await s.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(403);
      }
    }
    const post = await postForm(viewer.headers, { ...FIELDS, name: 'Viewer' });
    expect(post.statusCode).toBe(403);
    const del = await s.app.inject({
      method: 'DELETE',
      url: `/api/campaigns/${created.id}`,
      headers: viewer.headers,
    });
    expect(del.statusCode).toBe(403);
    const conf = await s.app.inject({
      method: 'PUT',
      url: '/api/campaigns/configuration',
      headers: viewer.headers,
      payload: { toNumbers: [] },
    });
    expect(conf.statusCode).toBe(403);

    const off = await tenant([]);
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/campaigns',
      headers: off.admin.headers,
    });
    expect(list.statusCode).toBe(403);
    expect(list.json<ApiError>().error.message).toBe('Simulate is not enabled for this group');
  });

  it("never shows one group's campaign to another group", async () => {
    const a = await tenant();
    const b = await tenant();
    const created = (await postForm(a.admin.headers, FIELDS)).json<Campaign>();
    const list = await s.app.inject({
      method: 'GET',
      url: '/api/campaigns',
      headers: b.admin.headers,
    });
    expect(list.json()).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/campaigns/${created.id}`],
      ['GET', `/api/campaigns/${created.id}/runs`],
      ['DELETE', `/api/campaigns/${created.id}`],
    ] as const) {
      const res = await s.app.inject({ method, url, headers: b.admin.headers });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const still = await s.app.inject({
      method: 'GET',
      url: `/api/campaigns/${created.id}`,
      headers: a.admin.headers,
    });
    expect(still.statusCode).toBe(200);
  });
});

describe("a run's stats and graph (the Stats tab)", () => {
  /** A run of 20 calls at 1 a second, 30 s each, started `ago` ms before now, with its calls. */
  async function runWith(
    ago: number,
    calls: { status: string; at?: Partial<Record<'initiated' | 'answered' | 'ended', number>> }[],
    opts: { complete?: boolean } = {},
  ) {
    const { admin, group } = await tenant();
    const campaign = (await postForm(admin.headers, FIELDS)).json<Campaign>();
    const start = Date.now() - ago;
    const [run] = await s.database.db
      .insert(campaignRuns)
      .values({
        groupId: group.id,
        campaignId: campaign.id,
        description: 'Live run',
        tags: [],
        status: opts.complete ? 'Complete' : 'In Progress',
        isComplete: !!opts.complete,
        startedAt: new Date(start),
        parameters: { totalCalls: 20, callsPerSecond: 1, callDuration: 30 },
      })
      .returning();
    if (!run) throw new Error('no run');
    const at = (ms: number | undefined) => (ms === undefined ? null : new Date(start + ms));
    const ended = (status: string, ms: number | undefined) => ({
      completedAt: status === 'Successful' ? at(ms) : null,
      busyAt: status === 'Busy' ? at(ms) : null,
      noAnswerAt: status === 'No Answer' ? at(ms) : null,
      failedAt: status === 'Failed' ? at(ms) : null,
      terminatedPrematurelyAt: status === 'Premature' ? at(ms) : null,
      canceledAt: status === 'Cancelled' ? at(ms) : null,
    });
    await s.database.db.insert(campaignCalls).values(
      calls.map((c, i) => ({
        groupId: group.id,
        runId: run.id,
        seq: i + 1,
        toNumber: TO,
        fromNumber: '+61255500000',
        status: c.status,
        initiatedAt: at(c.at?.initiated),
        inProgressAt: at(c.at?.answered),
        ...ended(c.status, c.at?.ended),
      })),
    );
    const url = `/api/campaigns/${campaign.id}/runs/${run.id}`;
    const get = async <T>(path: string) => {
      const res = await s.app.inject({
        method: 'GET',
        url: `${url}${path}`,
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    return {
      stats: () => get<CampaignRunStats>('/stats'),
      graph: () => get<CampaignRunGraph>('/graph'),
    };
  }

  it("sums the summary's groups from the per-status counts: Failed is every unsuccessful end", async () => {
    const run = await runWith(
      60_000,
      ['Successful', 'Busy', 'Busy', 'No Answer', 'Failed', 'Premature', 'Cancelled', 'Live'].map(
        (status) => ({ status }),
      ),
    );
    const stats = await run.stats();
    expect(stats.counts).toEqual({
      Successful: 1,
      Busy: 2,
      Cancelled: 1,
      'No Answer': 1,
      Failed: 1,
      Premature: 1,
      Pending: 13,
    });
    const { Busy, Cancelled, Failed, Premature } = stats.counts;
    expect(stats.summary).toEqual({
      Successful: 1,
      Failed: Busy + Cancelled + stats.counts['No Answer'] + Failed + Premature,
      Pending: 13,
    });
  });

  it('gives a live run figures up to the present second only, and the plan for the whole span', async () => {
    const run = await runWith(3_500, [
      { status: 'Successful', at: { initiated: 100, answered: 600, ended: 2_600 } },
      { status: 'Busy', at: { initiated: 1_100, ended: 1_400 } },
      { status: 'Live', at: { initiated: 2_100, answered: 2_500 } },
    ]);
    const graph = await run.graph();
    expect(graph.seconds).toBe(50);
    expect(graph.points).toHaveLength(51);
    const reached = graph.points.filter((p) => p.actual !== null);
    // Seconds 0 to 3 (or 4, on a slow machine) have happened; none after them has a figure.
    expect(reached.map((p) => p.second)).toEqual(
      graph.points.slice(0, reached.length).map((p) => p.second),
    );
    expect(reached.length).toBeGreaterThanOrEqual(4);
    expect(reached.length).toBeLessThanOrEqual(6);
    for (const p of graph.points.slice(reached.length)) {
      expect([p.actual, p.starts, p.failed]).toEqual([null, null, null]);
    }
    expect(graph.points.slice(0, 4).map((p) => [p.actual, p.starts, p.failed])).toEqual([
      [1, 1, 0],
      [1, 1, 1],
      [1, 1, 0],
      [1, 0, 0],
    ]);
    // The plan is drawn whole: 20 calls due, one a second.
    expect(graph.points.reduce((n, p) => n + p.expectedStarts, 0)).toBe(20);
    expect(graph.points.at(-1)?.expected).toBe(0);
    expect(graph.points[25]?.expected).toBe(20);
  });

  it('gives a finished run figures for every second', async () => {
    const run = await runWith(
      5_000,
      [{ status: 'Successful', at: { initiated: 100, answered: 600, ended: 2_600 } }],
      { complete: true },
    );
    const graph = await run.graph();
    expect(graph.points.every((p) => p.actual !== null && p.starts !== null)).toBe(true);
  });
});

describe('group configuration and simulate numbers', () => {
  it('round-trips through the Simulate config fields with their write roles', async () => {
    const { admin, superUser } = await tenant();
    const read = await s.app.inject({
      method: 'GET',
      url: '/api/campaigns/configuration',
      headers: admin.headers,
    });
    expect(read.json()).toEqual({
      account: { cpsLimit: 10 },
      fromNumbers: ['+61255500000'],
      toNumbers: [TO],
    });
    // Admins change the allowlisted "To" numbers; the CPS limit is the super user's.
    const toNumbers = await s.app.inject({
      method: 'PUT',
      url: '/api/campaigns/configuration',
      headers: admin.headers,
      payload: { toNumbers: [TO, '+61255507777'] },
    });
    expect(toNumbers.statusCode, toNumbers.body).toBe(200);
    expect(toNumbers.json()).toMatchObject({ toNumbers: [TO, '+61255507777'] });
    const cps = await s.app.inject({
      method: 'PUT',
      url: '/api/campaigns/configuration',
      headers: admin.headers,
      payload: { account: { cpsLimit: 20 } },
    });
    expect(cps.statusCode).toBe(403);
    const badTo = await s.app.inject({
      method: 'PUT',
      url: '/api/campaigns/configuration',
      headers: superUser.headers,
      payload: { toNumbers: ['12345'] },
    });
    expect(badTo.statusCode).toBe(400);
    expect(badTo.json<ApiError>().error.fields?.['toNumbers.0']).toBe('Invalid phone number');
    const numbers = await s.app.inject({
      method: 'GET',
      url: '/api/simulate/numbers',
      headers: admin.headers,
    });
    expect(numbers.json()).toEqual({
      fromNumbers: ['+61255500000'],
      toNumbers: [TO, '+61255507777'],
    });
  });
});

describe('createRun (the service the start route will call)', () => {
  it('needs a description and, above 300 calls or 6 CPS, the approval; then queues the run', async () => {
    const { admin, group } = await tenant();
    const big = (
      await postForm(
        admin.headers,
        {
          ...FIELDS,
          totalCalls: '301',
          callDuration: '452',
        },
        { name: 'd.csv', content: CSV },
      )
    ).json<Campaign>();
    const blank = CampaignRunStartInputSchema.safeParse({ description: ' ' });
    expect(blank.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['description', 'Please enter the run description to continue.'],
    ]);
    const caller = {
      userId: admin.user.id,
      sessionId: 'test',
      email: admin.user.email,
      name: admin.user.name,
      isSuper: false,
      groupId: group.id,
      permissions: ['user:admin' as const],
    };
    const refused = await createRun(s.database.db, caller, big.id, {
      description: 'Run 1',
    }).catch((err: unknown) => err as AppError);
    expect(refused).toMatchObject({
      statusCode: 400,
      fields: {
        approved:
          'Please tick the approval checkbox to confirm you have the approval to run this campaign.',
      },
    });
    const run = await createRun(s.database.db, caller, big.id, {
      description: 'Run 1',
      tags: ['nightly'],
      approved: true,
    });
    expect(run).toMatchObject({
      state: 'Queued',
      status: 'In Progress',
      runDescription: 'Run 1',
      runTags: ['nightly'],
      totalCalls: 301,
    });
    const [stored] = await s.database.db
      .select()
      .from(campaignRuns)
      .where(eq(campaignRuns.id, run.id));
    expect(stored?.parameters).toMatchObject({ dataHeaders: ['Account', 'Pin'], totalCalls: 301 });
    const list = (
      await s.app.inject({ method: 'GET', url: '/api/campaigns', headers: admin.headers })
    ).json<CampaignListItem[]>();
    expect(list.map((c) => [c.runCount, c.status.active])).toEqual([[1, true]]);
  });
});
