import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DatasetId, TeamCondition } from '@callsight/shared';
import type { GroupScope, TenantTable } from '../../db/group-scope.ts';
import {
  aiSummaries,
  callSampleChunks,
  callSummaries,
  campaignCalls,
  journeySpans,
  journeyTraces,
  softphoneLogs,
  syntheticJobs,
  telemetryEvents,
  workflowActionHistory,
} from '../../db/schema/index.ts';

/** How a chart may use a column: as a time, a measure, a dimension, or a list of tags. */
export type ColumnType = 'time' | 'number' | 'text' | 'tags';

export interface DatasetColumn {
  expr: SQL | AnyPgColumn;
  type: ColumnType;
  label: string;
}

/**
 * A dataset over one of our tables (issue 20): its group-scoped table, the time column a chart's
 * time range and grain apply to, and the columns charts may name. Nothing else reaches SQL.
 */
export interface Dataset {
  id: DatasetId;
  title: string;
  table: TenantTable;
  /** What the query reads FROM when it is more than the table (a lateral unnest of seconds). */
  source?: SQL;
  /** The row's time: the chart's window, grain and time filters apply to it. */
  time: SQL | AnyPgColumn;
  /** A column no two rows of a group share (the call's contact id): grouping by it groups nothing. */
  key?: string;
  /** A condition the table's index can use to find the window's rows (when time is computed). */
  window?: (from: string, to: string) => SQL;
  columns: Readonly<Record<string, DatasetColumn>>;
  /** A team's conditions as this dataset's row filter (its calls', or through its contact). */
  rowFilter: (conditions: readonly TeamCondition[]) => SQL | null;
  /** Rows every chart of the dataset leaves out: our own test calls, for calls (issue 33). */
  defaultFilter?: SQL;
}

/** Agent Group n's column of call_summaries (a team condition's type). */
export const AGENT_GROUP_COLUMNS = {
  group1: callSummaries.agentGroup1,
  group2: callSummaries.agentGroup2,
  group3: callSummaries.agentGroup3,
  group4: callSummaries.agentGroup4,
  group5: callSummaries.agentGroup5,
} as const;

/**
 * A team's conditions on a call (ANDed; values are bound parameters): Agent Group n tests the
 * agent's hierarchy level n, CTR Attributes the contact's attribute of that name; equals or
 * startsWith. No condition: null (every call).
 */
export function callRowFilter(
  conditions: readonly TeamCondition[],
  calls: typeof callSummaries,
): SQL | null {
  if (!conditions.length) return null;
  const parts = conditions.map((cond) => {
    const value =
      cond.type === 'attributes'
        ? sql`(${calls.ctrAttributes} ->> ${cond.field ?? ''}::text)`
        : sql`${AGENT_GROUP_COLUMNS[cond.type]}`;
    return cond.operator === 'equals'
      ? sql`${value} = ${cond.value}::text`
      : sql`starts_with(${value}, ${cond.value}::text)`;
  });
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** Whether the scope's group has this call's summary and it passes the conditions (PostgreSQL). */
export async function callPassesRules(
  scope: GroupScope,
  contactId: string,
  conditions: readonly TeamCondition[],
): Promise<boolean> {
  const rule = callRowFilter(conditions, callSummaries);
  const [passes] = await scope.db
    .select({ one: sql<number>`1` })
    .from(callSummaries)
    .where(
      scope.owns(callSummaries, eq(callSummaries.contactId, contactId), ...(rule ? [rule] : [])),
    )
    .limit(1);
  return passes !== undefined;
}

/** Whether the scope's group has this journey and its agent's call passes the conditions. */
export async function tracePassesRules(
  scope: GroupScope,
  traceId: string,
  conditions: readonly TeamCondition[],
): Promise<boolean> {
  const rule = throughCall(journeyTraces, journeyTraces.softphoneContactId)(conditions);
  const [passes] = await scope.db
    .select({ one: sql<number>`1` })
    .from(journeyTraces)
    .where(scope.owns(journeyTraces, eq(journeyTraces.traceId, traceId), ...(rule ? [rule] : [])))
    .limit(1);
  return passes !== undefined;
}

const c = callSummaries;

/** Calls: one row per call with its summary, aggregates, tags and score. */
const calls: Dataset = {
  id: 'calls',
  title: 'Calls',
  table: c,
  key: 'contact_id',
  time: c.startTime,
  columns: {
    contact_id: { expr: c.contactId, type: 'text', label: 'Contact ID' },
    agent: { expr: c.agent, type: 'text', label: 'Agent' },
    direction: { expr: c.direction, type: 'text', label: 'Direction' },
    start_time: { expr: c.startTime, type: 'time', label: 'Start' },
    end_time: { expr: c.endTime, type: 'time', label: 'End' },
    ended_by: { expr: c.endedBy, type: 'text', label: 'Ended By' },
    disconnect_reason: { expr: c.disconnectReason, type: 'text', label: 'Disconnect Reason' },
    agent_isp: { expr: c.agentIsp, type: 'text', label: 'ISP' },
    browser_name: { expr: c.browserName, type: 'text', label: 'Browser' },
    agent_country: { expr: c.agentCountry, type: 'text', label: 'Country' },
    agent_region: { expr: c.agentRegion, type: 'text', label: 'Region' },
    network_type: { expr: c.networkType, type: 'text', label: 'Network Type' },
    network_label: { expr: c.networkLabel, type: 'text', label: 'Network' },
    sip_response_code: { expr: c.sipResponseCode, type: 'number', label: 'SIP Response' },
    duration_seconds: { expr: c.durationSeconds, type: 'number', label: 'Duration (s)' },
    mos_avg: { expr: c.mosAvg, type: 'number', label: 'MOS' },
    mos_min: { expr: c.mosMin, type: 'number', label: 'Lowest MOS' },
    mos_inbound_avg: { expr: c.mosInboundAvg, type: 'number', label: 'Inbound MOS' },
    mos_outbound_avg: { expr: c.mosOutboundAvg, type: 'number', label: 'Outbound MOS' },
    jitter_avg_ms: { expr: c.jitterAvgMs, type: 'number', label: 'Jitter (ms)' },
    rtt_avg_ms: { expr: c.rttAvgMs, type: 'number', label: 'RTT (ms)' },
    packets_lost_percent: {
      expr: sql`(${c.packetsLostFraction} * 100)`,
      type: 'number',
      label: 'Packet Loss (%)',
    },
    cpu_available_min_percent: {
      expr: c.cpuAvailableMinPercent,
      type: 'number',
      label: 'Lowest CPU Available (%)',
    },
    memory_used_max_percent: {
      expr: c.memoryUsedMaxPercent,
      type: 'number',
      label: 'Highest Memory Used (%)',
    },
    error_log_count: { expr: c.errorLogCount, type: 'number', label: 'Error Logs' },
    score: { expr: c.score, type: 'number', label: 'Score' },
    tags: { expr: c.tags, type: 'tags', label: 'Tags' },
    agent_group_1: { expr: c.agentGroup1, type: 'text', label: 'Agent Group 1' },
    agent_group_2: { expr: c.agentGroup2, type: 'text', label: 'Agent Group 2' },
    agent_group_3: { expr: c.agentGroup3, type: 'text', label: 'Agent Group 3' },
    agent_group_4: { expr: c.agentGroup4, type: 'text', label: 'Agent Group 4' },
    agent_group_5: { expr: c.agentGroup5, type: 'text', label: 'Agent Group 5' },
  },
  rowFilter: (conditions) => callRowFilter(conditions, c),
  // A monitor's agent is not a person: its calls stay out of the rankings and quality figures
  // (Lowest-scoring calls, agents, MOS); the test calls' own dataset is heartbeat_jobs.
  defaultFilter: sql`not ${c.synthetic}`,
};

/**
 * A team's conditions on rows that belong to a call: the call (same group, that contact id) must
 * pass them. Rows of no call (a log line without a contact, a test call of no agent) are not the
 * team's, so a restricted team does not see them (decision C9).
 */
function throughCall(table: TenantTable, contactId: SQL | AnyPgColumn) {
  return (conditions: readonly TeamCondition[]): SQL | null => {
    const rule = callRowFilter(conditions, callSummaries);
    if (!rule) return null;
    return sql`exists (select 1 from ${callSummaries} where ${callSummaries.groupId} = ${table.groupId} and ${callSummaries.contactId} = ${contactId} and ${rule})`;
  };
}

/** Rows that belong to no agent's call: a restricted team sees none of them (decision C9). */
const noAgentRows = (conditions: readonly TeamCondition[]): SQL | null =>
  conditions.length ? sql`false` : null;

const k = callSampleChunks;
const SECOND_FIELDS = [
  'offset_ms',
  'in_mos',
  'in_packets',
  'in_lost',
  'out_mos',
  'out_packets',
  'out_lost',
  'rtt_ms',
  'jitter_ms',
  'cpu_available_percent',
  'memory_used_percent',
  'agent_status',
] as const;
const second = (name: (typeof SECOND_FIELDS)[number]) => sql.raw(`s.${name}`);
const lossPercent = (lost: SQL, received: SQL) =>
  sql`(${lost} * 100.0 / nullif(${received} + ${lost}, 0))`;

/**
 * Call seconds: one row per measured second of a call, unnested from its chunks. The window
 * finds chunks by their first and last second (the key's start_ts), then the seconds in it.
 */
const callSeconds: Dataset = {
  id: 'call_seconds',
  title: 'Call seconds',
  table: k,
  source: sql`${k} cross join lateral unnest(${k.offsetsMs}, ${k.inMos}, ${k.inPackets}, ${k.inLost}, ${k.outMos}, ${k.outPackets}, ${k.outLost}, ${k.rttMs}, ${k.jitterMs}, ${k.cpuAvailablePercent}, ${k.memoryUsedPercent}, ${k.agentStatus}) as s(${sql.raw(SECOND_FIELDS.join(', '))})`,
  time: sql`(${k.startTs} + ${second('offset_ms')} * interval '1 millisecond')`,
  window: (from, to) =>
    sql`${k.startTs} < ${to}::timestamptz and ${k.endTs} >= ${from}::timestamptz - interval '1 second'`,
  columns: {
    contact_id: { expr: k.contactId, type: 'text', label: 'Contact ID' },
    second: {
      expr: sql`(${k.startTs} + ${second('offset_ms')} * interval '1 millisecond')`,
      type: 'time',
      label: 'Second',
    },
    mos_inbound: { expr: second('in_mos'), type: 'number', label: 'Inbound MOS' },
    mos_outbound: { expr: second('out_mos'), type: 'number', label: 'Outbound MOS' },
    packets_lost_inbound: { expr: second('in_lost'), type: 'number', label: 'Inbound Lost' },
    packets_lost_outbound: { expr: second('out_lost'), type: 'number', label: 'Outbound Lost' },
    loss_inbound_percent: {
      expr: lossPercent(second('in_lost'), second('in_packets')),
      type: 'number',
      label: 'Inbound Loss (%)',
    },
    loss_outbound_percent: {
      expr: lossPercent(second('out_lost'), second('out_packets')),
      type: 'number',
      label: 'Outbound Loss (%)',
    },
    rtt_ms: { expr: second('rtt_ms'), type: 'number', label: 'RTT (ms)' },
    jitter_ms: { expr: second('jitter_ms'), type: 'number', label: 'Jitter (ms)' },
    cpu_available_percent: {
      expr: second('cpu_available_percent'),
      type: 'number',
      label: 'CPU Available (%)',
    },
    memory_used_percent: {
      expr: second('memory_used_percent'),
      type: 'number',
      label: 'Memory Used (%)',
    },
    agent_status: {
      expr: sql`(case ${second('agent_status')} when 3 then 'Talk' when 2 then 'On Mute' when 1 then 'On Hold' end)`,
      type: 'text',
      label: 'Agent Status',
    },
  },
  rowFilter: throughCall(k, k.contactId),
};

const l = softphoneLogs;
/** Softphone log lines: level, agent, the call they belong to, and the text. */
const logs: Dataset = {
  id: 'softphone_logs',
  title: 'Softphone logs',
  table: l,
  time: l.ts,
  columns: {
    ts: { expr: l.ts, type: 'time', label: 'Time' },
    level: { expr: l.level, type: 'text', label: 'Level' },
    agent: { expr: l.agent, type: 'text', label: 'Agent' },
    contact_id: { expr: l.contactId, type: 'text', label: 'Contact ID' },
    text: { expr: l.text, type: 'text', label: 'Text' },
    message: {
      // The line without its numbers, so that the same message groups together.
      expr: sql`left(regexp_replace(${l.text}, '[0-9]+', 'n', 'g'), 120)`,
      type: 'text',
      label: 'Message',
    },
  },
  rowFilter: throughCall(l, l.contactId),
};

const j = journeyTraces;
const summaryOf = sql`(select ${aiSummaries.response} from ${aiSummaries} where ${aiSummaries.groupId} = ${j.groupId} and ${aiSummaries.traceId} = ${j.traceId})`;
/** Journeys (traces) with their aggregates and AI summary, for Conversational Analytics. */
const journeys: Dataset = {
  id: 'journeys',
  title: 'Journeys',
  table: j,
  time: j.startTime,
  columns: {
    trace_id: { expr: j.traceId, type: 'text', label: 'Journey' },
    start_time: { expr: j.startTime, type: 'time', label: 'Start' },
    platform: { expr: j.platform, type: 'text', label: 'Platform' },
    journey_id: { expr: j.journeyId, type: 'text', label: 'Journey ID' },
    agent: { expr: j.agentUsername, type: 'text', label: 'Agent' },
    service_name: { expr: j.serviceName, type: 'text', label: 'Service' },
    root_span_name: { expr: j.rootSpanName, type: 'text', label: 'Entry' },
    network_type: { expr: j.networkType, type: 'text', label: 'Network Type' },
    duration_seconds: {
      expr: sql`(${j.durationMs} / 1000.0)`,
      type: 'number',
      label: 'Duration (s)',
    },
    span_count: { expr: j.spanCount, type: 'number', label: 'Steps' },
    error_count: { expr: j.errorCount, type: 'number', label: 'Errors' },
    insight_count: { expr: j.insightCount, type: 'number', label: 'Insights' },
    mos_avg: { expr: j.mosAvg, type: 'number', label: 'MOS' },
    talk_time: { expr: j.talkTime, type: 'number', label: 'Talk Time (s)' },
    outcome: {
      expr: sql`(case when ${j.errorCount} > 0 then 'With errors' when ${j.insightCount} > 0 then 'With insights' else 'Clean' end)`,
      type: 'text',
      label: 'Outcome',
    },
    summarized: {
      expr: sql`(case when ${summaryOf} is null then 'Not summarised' else 'Summarised' end)`,
      type: 'text',
      label: 'AI Summary',
    },
    summary: { expr: sql`left(${summaryOf}, 300)`, type: 'text', label: 'AI Summary' },
  },
  rowFilter: throughCall(j, j.softphoneContactId),
};

const sp = journeySpans;
const spanTime = sql`to_timestamp(${sp.startNs} / 1e9)`;
/** Journey steps (spans): which services and steps take the time and fail. */
const spans: Dataset = {
  id: 'journey_spans',
  title: 'Journey steps',
  table: sp,
  time: spanTime,
  columns: {
    trace_id: { expr: sp.traceId, type: 'text', label: 'Journey' },
    name: { expr: sp.name, type: 'text', label: 'Step' },
    service_name: { expr: sp.serviceName, type: 'text', label: 'Service' },
    start_time: { expr: spanTime, type: 'time', label: 'Start' },
    duration_ms: { expr: sp.durationMs, type: 'number', label: 'Duration (ms)' },
    status: {
      expr: sql`(case ${sp.statusCode} when 2 then 'Error' when 1 then 'Ok' else 'Unset' end)`,
      type: 'text',
      label: 'Status',
    },
    insight_count: { expr: sp.insightCount, type: 'number', label: 'Insights' },
  },
  rowFilter: throughCall(sp, sp.callId),
};

const w = workflowActionHistory;
/** Workflow firings: one row per action run, with its result. */
const firings: Dataset = {
  id: 'workflow_firings',
  title: 'Workflow firings',
  table: w,
  time: w.createdAt,
  columns: {
    created_at: { expr: w.createdAt, type: 'time', label: 'Time' },
    workflow_name: { expr: w.workflowName, type: 'text', label: 'Workflow' },
    application: { expr: w.application, type: 'text', label: 'Application' },
    trigger: { expr: w.trigger, type: 'text', label: 'Trigger' },
    action: { expr: w.action, type: 'text', label: 'Action' },
    contact_id: { expr: w.contactId, type: 'text', label: 'Contact ID' },
    agent: { expr: w.agentName, type: 'text', label: 'Agent' },
    result: { expr: w.result, type: 'text', label: 'Result' },
    attempts: { expr: w.attempts, type: 'number', label: 'Attempts' },
  },
  rowFilter: throughCall(w, w.contactId),
};

const h = syntheticJobs;
/** Heartbeat and GSM monitor jobs: status, regions and scores of each test call. */
const heartbeatJobs: Dataset = {
  id: 'heartbeat_jobs',
  title: 'Test calls',
  table: h,
  time: h.createdOn,
  columns: {
    created_on: { expr: h.createdOn, type: 'time', label: 'Time' },
    kind: { expr: h.kind, type: 'text', label: 'Kind' },
    status: { expr: h.status, type: 'text', label: 'Status' },
    connect_region: { expr: h.connectRegion, type: 'text', label: 'Connect Region' },
    agent_region: { expr: h.agentRegion, type: 'text', label: 'Agent Region' },
    agent_type: { expr: h.agentType, type: 'text', label: 'Agent Type' },
    to_number: { expr: h.toNumber, type: 'text', label: 'Target Phone Number' },
    carrier: { expr: h.carrier, type: 'text', label: 'Carrier' },
    cx_score: { expr: h.cxScore, type: 'number', label: 'CX Score' },
    ax_score: { expr: h.axScore, type: 'number', label: 'AX Score' },
    network_score: { expr: h.networkScore, type: 'number', label: 'Network Score' },
    mos: { expr: h.mos, type: 'number', label: 'MOS' },
  },
  rowFilter: throughCall(h, h.callContactId),
};

const cc = campaignCalls;
/** Load-test campaign calls: status, SIP code and timings of each call of a run. */
const campaignCallsDataset: Dataset = {
  id: 'campaign_calls',
  title: 'Campaign calls',
  table: cc,
  time: cc.createdAt,
  columns: {
    created_at: { expr: cc.createdAt, type: 'time', label: 'Time' },
    status: { expr: cc.status, type: 'text', label: 'Status' },
    to_number: { expr: cc.toNumber, type: 'text', label: 'To' },
    from_number: { expr: cc.fromNumber, type: 'text', label: 'From' },
    sip_code: { expr: cc.sipCode, type: 'number', label: 'SIP Code' },
    reason: { expr: cc.reason, type: 'text', label: 'Reason' },
    post_dial_delay_ms: { expr: cc.postDialDelayMs, type: 'number', label: 'Post-dial Delay (ms)' },
    time_to_answer_ms: { expr: cc.timeToAnswerMs, type: 'number', label: 'Time to Answer (ms)' },
    duration_seconds: {
      expr: sql`(${cc.durationMs} / 1000.0)`,
      type: 'number',
      label: 'Duration (s)',
    },
  },
  rowFilter: noAgentRows,
};

const te = telemetryEvents;
/** Device events of the softphones' headsets (telemetry events of type device.*), for Jabra. */
const deviceEvents: Dataset = {
  id: 'device_events',
  title: 'Device events',
  table: te,
  time: te.ts,
  columns: {
    ts: { expr: te.ts, type: 'time', label: 'Time' },
    type: { expr: te.type, type: 'text', label: 'Event' },
    agent: { expr: te.agent, type: 'text', label: 'Agent' },
    contact_id: { expr: te.contactId, type: 'text', label: 'Contact ID' },
    vendor: { expr: sql`(${te.data} ->> 'vendor')`, type: 'text', label: 'Vendor' },
    model: { expr: sql`(${te.data} ->> 'model')`, type: 'text', label: 'Model' },
    firmware: { expr: sql`(${te.data} ->> 'firmware')`, type: 'text', label: 'Firmware' },
  },
  rowFilter: throughCall(te, te.contactId),
};

export const DATASETS: Record<DatasetId, Dataset> = {
  calls,
  call_seconds: callSeconds,
  softphone_logs: logs,
  journeys,
  journey_spans: spans,
  workflow_firings: firings,
  heartbeat_jobs: heartbeatJobs,
  campaign_calls: campaignCallsDataset,
  device_events: deviceEvents,
};
