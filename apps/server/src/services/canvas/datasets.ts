import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DatasetId, TeamCondition } from '@callsight/shared';
import type { TenantTable } from '../../db/group-scope.ts';
import { callSummaries } from '../../db/schema/index.ts';

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
  time: AnyPgColumn;
  columns: Readonly<Record<string, DatasetColumn>>;
  /** A team's conditions as this dataset's row filter (its calls', or through its contact). */
  rowFilter: (conditions: readonly TeamCondition[]) => SQL | null;
}

const AGENT_GROUP_COLUMNS = {
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

const c = callSummaries;

/** Calls: one row per call with its summary, aggregates, tags and score. */
const calls: Dataset = {
  id: 'calls',
  title: 'Calls',
  table: c,
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
};

export const DATASETS: Partial<Record<DatasetId, Dataset>> = { calls };
