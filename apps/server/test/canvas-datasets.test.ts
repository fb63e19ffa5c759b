import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChartSpecSchema,
  DATASET_IDS,
  type ChartSpecInput,
  type DatasetId,
  type IngestCallInput,
  type TeamCondition,
} from '@callsight/shared';
import { forGroup, type GroupScope } from '../src/db/group-scope.ts';
import {
  campaignCalls,
  campaignRuns,
  campaigns,
  syntheticJobs,
  workflowActionHistory,
} from '../src/db/schema/index.ts';
import { DATASETS } from '../src/services/canvas/datasets.ts';
import { runChart } from '../src/services/canvas/run-chart.ts';
import { standardDashboards } from '../src/services/canvas/standard-dashboards.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createTenant } from './factories.ts';

/**
 * The datasets beyond calls (issue 20): call seconds, softphone logs, journeys and their steps
 * with AI summaries, workflow firings, test calls, load-test calls and device events, each fed
 * through the path that fills it in the product; every column charts, every standard dashboard
 * chart has rows, and a team's rule reaches each dataset through the row's call.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const T0 = Date.now() - 2 * 3_600_000;
const ns = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;

async function post(key: string, url: string, payload: object) {
  const res = await s.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${key}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Two calls: 'sales-1' (agent group Sales) and 'support-1' (Support), 60 seconds each. */
async function seed(key: string, scope: GroupScope, headers: Record<string, string>) {
  const calls: IngestCallInput[] = [
    { contactId: 'sales-1', agent: 'ada', agentGroups: ['Sales'] },
    { contactId: 'support-1', agent: 'bob', agentGroups: ['Support'] },
  ].map((c, i) => ({
    ...c,
    direction: 'INBOUND',
    startTime: T0 + i * 120_000,
    endTime: T0 + i * 120_000 + 60_000,
    agentISP: 'Telstra',
  }));
  await post(key, '/api/ingest/v1/calls', { calls });
  await post(key, '/api/ingest/v1/samples', {
    samples: calls.flatMap((c, n) =>
      Array.from({ length: 60 }, (_, i) => ({
        contactId: c.contactId,
        timestamp: T0 + n * 120_000 + i * 1000,
        // The Sales call loses 1 packet in 5 inbound, the Support call none.
        inbound: { mos: 4.2, packetsCount: n ? 50 : 40, packetsLost: n ? 0 : 10 },
        outbound: { mos: 4.3, packetsCount: 50, packetsLost: 0 },
        rttMs: 40,
        jitterMs: 4,
        agentStatus: i < 10 ? 'On Hold' : 'Talk',
      })),
    ),
  });
  await post(key, '/api/ingest/v1/logs', {
    logs: [
      {
        time: T0 + 5_000,
        level: 'ERROR',
        agent: 'ada',
        contactId: 'sales-1',
        text: 'ICE failed 1',
      },
      {
        time: T0 + 6_000,
        level: 'ERROR',
        agent: 'ada',
        contactId: 'sales-1',
        text: 'ICE failed 2',
      },
      { time: T0 + 125_000, level: 'INFO', agent: 'bob', contactId: 'support-1', text: 'ok' },
      { time: T0 + 7_000, level: 'WARN', agent: 'cy', text: 'no call' },
    ],
  });
  await post(key, '/api/ingest/v1/events', {
    events: [
      {
        time: T0 + 1_000,
        type: 'deviceChange',
        agent: 'ada',
        contactId: 'sales-1',
        data: { vendor: 'Jabra', model: 'Evolve2 40', firmware: '1.2' },
      },
      { time: T0 + 121_000, type: 'deviceChange', agent: 'bob', contactId: 'support-1' },
    ],
  });
  const traceId = 'ab'.repeat(16);
  const span = (id: number, name: string, from: number, to: number, extra: object = {}) => ({
    traceId,
    spanId: id.toString(16).padStart(16, '0'),
    ...(id > 1 ? { parentSpanId: '1'.padStart(16, '0') } : {}),
    name,
    kind: 1,
    startTimeUnixNano: ns(T0 + from),
    endTimeUnixNano: ns(T0 + to),
    ...extra,
  });
  await post(key, '/v1/traces', {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'cx' } }] },
        scopeSpans: [
          {
            scope: { name: 'test' },
            spans: [
              span(1, 'cx.journey', 0, 60_000, {
                attributes: [
                  { key: 'cx.platform', value: { stringValue: 'amazon-connect' } },
                  { key: 'cx.softphone.contact.id', value: { stringValue: 'sales-1' } },
                ],
              }),
              span(2, 'cx.telephony.call', 1_000, 59_000, {
                attributes: [
                  { key: 'cx.telephony.call.id', value: { stringValue: 'sales-1' } },
                  // Every chart has values to show (an average over only nulls is no data).
                  { key: 'cx.telephony.talk_time', value: { doubleValue: 55 } },
                ],
                status: { code: 2, message: 'Caller hung up' },
              }),
            ],
          },
        ],
      },
    ],
  });
  const summary = await s.app.inject({
    method: 'POST',
    url: `/api/traces/${traceId}/ai-summary`,
    headers,
    payload: {},
  });
  expect(summary.statusCode, summary.body).toBe(200);

  const db = scope.db;
  await db.insert(workflowActionHistory).values(
    scope.rows(
      workflowActionHistory,
      [
        ['sales-1', 'success'],
        ['support-1', 'failure'],
      ].map(([contactId, result]) => ({
        workflowName: 'Low MOS',
        application: 'Callsight',
        trigger: 'MOS',
        action: 'Webhook',
        contactId,
        agentName: 'ada',
        response: 'ok',
        result: result as 'success' | 'failure',
        attempts: 1,
        createdAt: new Date(T0 + 70_000),
      })),
    ),
  );
  await db.insert(syntheticJobs).values(
    scope.rows(syntheticJobs, [
      {
        kind: 'heartbeat',
        slotAt: new Date(T0),
        agentId: 'ada',
        agentType: 'HUMAN_AGENT',
        connectRegion: 'ap-southeast-2',
        agentRegion: 'ap-southeast-2',
        status: 'Completed',
        cxScore: 8,
        axScore: 7,
        networkScore: 9,
        callContactId: 'sales-1',
        createdOn: new Date(T0 + 1_000),
      },
      {
        kind: 'heartbeat',
        slotAt: new Date(T0),
        agentId: 'va',
        agentType: 'VIRTUAL_AGENT',
        connectRegion: 'ap-southeast-2',
        agentRegion: 'ap-southeast-2',
        status: 'Poor Call Quality',
        cxScore: 4,
        createdOn: new Date(T0 + 2_000),
      },
    ]),
  );
  const [campaign] = await db
    .insert(campaigns)
    .values(
      scope.rows(campaigns, [
        {
          type: 'load',
          name: 'Load',
          tags: [],
          fromNumber: '+61255550100',
          totalCalls: 2,
          noAnswerTimeout: 30,
          callDuration: 10,
          callsPerSecond: 1,
          dataHeaders: [],
          data: [],
        },
      ]),
    )
    .returning();
  const [run] = await db
    .insert(campaignRuns)
    .values(
      scope.rows(campaignRuns, [
        { campaignId: campaign?.id ?? '', description: 'run', tags: [], parameters: {} },
      ]),
    )
    .returning();
  await db.insert(campaignCalls).values(
    scope.rows(
      campaignCalls,
      ['completed', 'busy'].map((status, seq) => ({
        runId: run?.id ?? '',
        seq,
        toNumber: '+61255550111',
        fromNumber: '+61255550100',
        status,
        sipCode: status === 'busy' ? 486 : 200,
        durationMs: 10_000,
        createdAt: new Date(T0 + seq * 1000),
      })),
    ),
  );
}

const chart = (datasetId: DatasetId, input: Partial<ChartSpecInput>) =>
  ChartSpecSchema.parse({ id: 'c', title: 'c', vizType: 'table', datasetId, ...input });

describe('the datasets beyond calls', () => {
  let scope: GroupScope;
  let groupId: string;
  beforeAll(async () => {
    const t = await createTenant(s, { features: ['journeyExplorer'], keyName: 'OTel' });
    groupId = t.group.id;
    scope = forGroup(s.database.db, t.group.id);
    await seed(t.key, scope, t.adminHeaders);
    // Another group's data in the same tables, which no chart of this group may count.
    const other = await createTenant(s, { features: ['journeyExplorer'], keyName: 'OTel' });
    await seed(other.key, forGroup(s.database.db, other.group.id), other.adminHeaders);
  });
  const window = () => ({ scope, from: new Date(T0 - 60_000), to: new Date(T0 + 3_600_000) });
  const rows = async (spec: ReturnType<typeof chart>, conditions: TeamCondition[] = []) =>
    (
      await runChart(spec, {
        ...window(),
        rowFilter: DATASETS[spec.datasetId].rowFilter(conditions),
      })
    ).rows;
  const countBy = (datasetId: DatasetId, column: string, conditions: TeamCondition[] = []) =>
    rows(
      chart(datasetId, {
        groupby: [column],
        metrics: [{ aggregate: 'COUNT', label: 'n' }],
        orderBy: { label: column, desc: false },
      }),
      conditions,
    );

  it('answer what was stored, for this group only', async () => {
    // 120 seconds, 10 of each call on hold; the Sales call's inbound loss is 10 / 50 = 20 %.
    expect(await countBy('call_seconds', 'agent_status')).toEqual([
      ['On Hold', 20],
      ['Talk', 100],
    ]);
    expect(
      await rows(
        chart('call_seconds', {
          groupby: ['contact_id'],
          metrics: [{ aggregate: 'AVG', column: 'loss_inbound_percent', label: 'loss' }],
          orderBy: { label: 'contact_id', desc: false },
        }),
      ),
    ).toEqual([
      ['sales-1', 20],
      ['support-1', 0],
    ]);
    expect(await countBy('softphone_logs', 'level')).toEqual([
      ['ERROR', 2],
      ['INFO', 1],
      ['WARN', 1],
    ]);
    // Numbers leave the message, so the same error groups together.
    expect(await countBy('softphone_logs', 'message')).toContainEqual(['ICE failed n', 2]);
    expect(await countBy('journeys', 'summarized')).toEqual([['Summarised', 1]]);
    expect(await countBy('journey_spans', 'status')).toEqual([
      ['Error', 1],
      ['Unset', 1],
    ]);
    expect(await countBy('workflow_firings', 'result')).toEqual([
      ['failure', 1],
      ['success', 1],
    ]);
    expect(await countBy('heartbeat_jobs', 'status')).toEqual([
      ['Completed', 1],
      ['Poor Call Quality', 1],
    ]);
    expect(await countBy('campaign_calls', 'status')).toEqual([
      ['busy', 1],
      ['completed', 1],
    ]);
    expect(await countBy('device_events', 'vendor')).toEqual([
      ['Jabra', 1],
      [null, 1],
    ]);
  });

  it('chart every column of every dataset', async () => {
    for (const id of DATASET_IDS) {
      const dataset = DATASETS[id];
      for (const [name, column] of Object.entries(dataset.columns)) {
        const data = await rows(
          chart(id, {
            groupby: [name],
            metrics: [
              { aggregate: 'COUNT', label: 'n' },
              ...(column.type === 'number'
                ? [{ aggregate: 'P95' as const, column: name, label: 'p95' }]
                : []),
            ],
          }),
        );
        expect(data.length, `${id}.${name}`).toBeGreaterThan(0);
      }
    }
  });

  it('keep a team to the rows of its calls in every dataset', async () => {
    const sales: TeamCondition[] = [{ type: 'group1', operator: 'equals', value: 'Sales' }];
    expect(await countBy('call_seconds', 'contact_id', sales)).toEqual([['sales-1', 60]]);
    // The log line of no call is not the team's.
    expect(await countBy('softphone_logs', 'contact_id', sales)).toEqual([['sales-1', 2]]);
    expect(await countBy('journeys', 'platform', sales)).toEqual([['amazon-connect', 1]]);
    expect(
      await countBy('journeys', 'platform', [
        { type: 'group1', operator: 'equals', value: 'Support' },
      ]),
    ).toEqual([]);
    expect(await countBy('journey_spans', 'status', sales)).toEqual([['Error', 1]]);
    expect(await countBy('workflow_firings', 'result', sales)).toEqual([['success', 1]]);
    expect(await countBy('heartbeat_jobs', 'status', sales)).toEqual([['Completed', 1]]);
    // Load-test calls are no agent's: a restricted team sees none.
    expect(await countBy('campaign_calls', 'status', sales)).toEqual([]);
    expect(await countBy('device_events', 'vendor', sales)).toEqual([['Jabra', 1]]);
  });

  it('give every chart of the standard dashboards rows', async () => {
    let charts = 0;
    for (const dashboard of standardDashboards(groupId))
      for (const row of dashboard.rows)
        for (const { chart: spec } of row.cells) {
          const data = await runChart(spec, window());
          expect(data.rows.length, `${dashboard.title}: ${spec.title}`).toBeGreaterThan(0);
          charts += 1;
        }
    expect(charts).toBeGreaterThan(45);
  });
});
