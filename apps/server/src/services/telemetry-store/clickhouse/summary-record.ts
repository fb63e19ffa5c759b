import { chMs, chTime } from '../../../db/clickhouse/client.ts';
import type { CallSummaryRow } from '../../telemetry/call-summaries.ts';

/** A call summary as stored in ClickHouse's call_summaries (one version of it). */
export interface StoredSummary {
  row: CallSummaryRow;
  version: number;
}

/** The row as ClickHouse answers it: times in epoch ms (Int64 as text), JSON columns as text. */
interface SummaryRecord {
  contact_id: string;
  version: string | number;
  start_ms: string;
  end_ms: string | null;
  summary_received_ms: string | null;
  first_sample_ms: string | null;
  last_sample_ms: string | null;
  created_ms: string;
  updated_ms: string;
  agent: string | null;
  direction: string | null;
  ended_by: string | null;
  disconnect_reason: string | null;
  agent_isp: string | null;
  agent_local_ip: string | null;
  agent_external_ip: string | null;
  browser_name: string | null;
  browser_version: string | null;
  agent_country: string | null;
  agent_region: string | null;
  network_type: string | null;
  network_label: string | null;
  hold_intervals: string | null;
  sip_response_code: number | null;
  agent_group_1: string | null;
  agent_group_2: string | null;
  agent_group_3: string | null;
  agent_group_4: string | null;
  agent_group_5: string | null;
  ctr_attributes: string | null;
  synthetic: number;
  sample_count: number;
  duration_seconds: number | null;
  mos_avg: number | null;
  mos_min: number | null;
  mos_inbound_avg: number | null;
  mos_outbound_avg: number | null;
  jitter_avg_ms: number | null;
  jitter_max_ms: number | null;
  rtt_avg_ms: number | null;
  rtt_max_ms: number | null;
  packets_count: string | number;
  packets_lost: string | number;
  packets_lost_fraction: number | null;
  cpu_available_min_percent: number | null;
  memory_used_max_percent: number | null;
  error_log_count: number;
  score: number;
  tags: string[];
  insights: string;
  quality_state: string | null;
}

const TIME_COLUMNS = [
  ['start_time', 'start_ms'],
  ['end_time', 'end_ms'],
  ['summary_received_at', 'summary_received_ms'],
  ['first_sample_at', 'first_sample_ms'],
  ['last_sample_at', 'last_sample_ms'],
  ['created_at', 'created_ms'],
  ['updated_at', 'updated_ms'],
] as const;

const PLAIN_COLUMNS = `contact_id, version, agent, direction, ended_by, disconnect_reason, agent_isp,
  agent_local_ip, agent_external_ip, browser_name, browser_version, agent_country, agent_region,
  network_type, network_label, hold_intervals, sip_response_code, agent_group_1, agent_group_2,
  agent_group_3, agent_group_4, agent_group_5, ctr_attributes, synthetic, sample_count, duration_seconds,
  mos_avg, mos_min, mos_inbound_avg, mos_outbound_avg, jitter_avg_ms, jitter_max_ms, rtt_avg_ms,
  rtt_max_ms, packets_count, packets_lost, packets_lost_fraction, cpu_available_min_percent,
  memory_used_max_percent, error_log_count, score, tags, insights, quality_state`;

/** The select list of a whole summary (read back by fromSummaryRecord). */
export const SUMMARY_SELECT = [
  PLAIN_COLUMNS,
  ...TIME_COLUMNS.map(([column, alias]) => `toUnixTimestamp64Milli(${column}) AS ${alias}`),
].join(',\n  ');

const date = (ms: string | null) => (ms === null ? null : new Date(chMs(ms)));
const parsed = <T>(text: string | null): T | null =>
  text === null ? null : (JSON.parse(text) as T);

/** A stored summary as the PostgreSQL store's row type (the same derived columns, the same answers). */
export function fromSummaryRecord(groupId: string, r: SummaryRecord): StoredSummary {
  const row: CallSummaryRow = {
    groupId,
    contactId: r.contact_id,
    agent: r.agent,
    direction: r.direction,
    startTime: new Date(chMs(r.start_ms)),
    endTime: date(r.end_ms),
    endedBy: r.ended_by,
    disconnectReason: r.disconnect_reason,
    agentIsp: r.agent_isp,
    agentLocalIp: r.agent_local_ip,
    agentExternalIp: r.agent_external_ip,
    browserName: r.browser_name,
    browserVersion: r.browser_version,
    agentCountry: r.agent_country,
    agentRegion: r.agent_region,
    networkType: r.network_type,
    networkLabel: r.network_label,
    holdIntervals: parsed(r.hold_intervals),
    sipResponseCode: r.sip_response_code,
    agentGroup1: r.agent_group_1,
    agentGroup2: r.agent_group_2,
    agentGroup3: r.agent_group_3,
    agentGroup4: r.agent_group_4,
    agentGroup5: r.agent_group_5,
    ctrAttributes: parsed(r.ctr_attributes),
    synthetic: Number(r.synthetic) === 1,
    summaryReceivedAt: date(r.summary_received_ms),
    sampleCount: r.sample_count,
    firstSampleAt: date(r.first_sample_ms),
    lastSampleAt: date(r.last_sample_ms),
    durationSeconds: r.duration_seconds,
    mosAvg: r.mos_avg,
    mosMin: r.mos_min,
    mosInboundAvg: r.mos_inbound_avg,
    mosOutboundAvg: r.mos_outbound_avg,
    jitterAvgMs: r.jitter_avg_ms,
    jitterMaxMs: r.jitter_max_ms,
    rttAvgMs: r.rtt_avg_ms,
    rttMaxMs: r.rtt_max_ms,
    packetsCount: Number(r.packets_count),
    packetsLost: Number(r.packets_lost),
    packetsLostFraction: r.packets_lost_fraction,
    cpuAvailableMinPercent: r.cpu_available_min_percent,
    memoryUsedMaxPercent: r.memory_used_max_percent,
    errorLogCount: r.error_log_count,
    score: r.score,
    tags: r.tags,
    insights: parsed<unknown[]>(r.insights) ?? [],
    qualityState: r.quality_state,
    createdAt: new Date(chMs(r.created_ms)),
    updatedAt: new Date(chMs(r.updated_ms)),
  };
  return { row, version: Number(r.version) };
}

const time = (d: Date | null) => (d === null ? null : chTime(d.getTime()));
/** Float32 columns get the 32-bit float itself, so ClickHouse stores what PostgreSQL's real does. */
const f32 = (v: number | null) => (v === null ? null : Math.fround(v));
const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/** One version of a summary as inserted (group_id is stamped by the group scope). */
export function toSummaryRecord(row: CallSummaryRow, version: number, isDeleted = false) {
  return {
    contact_id: row.contactId,
    start_time: chTime(row.startTime.getTime()),
    version,
    is_deleted: isDeleted ? 1 : 0,
    agent: row.agent,
    direction: row.direction,
    end_time: time(row.endTime),
    ended_by: row.endedBy,
    disconnect_reason: row.disconnectReason,
    agent_isp: row.agentIsp,
    agent_local_ip: row.agentLocalIp,
    agent_external_ip: row.agentExternalIp,
    browser_name: row.browserName,
    browser_version: row.browserVersion,
    agent_country: row.agentCountry,
    agent_region: row.agentRegion,
    network_type: row.networkType,
    network_label: row.networkLabel,
    hold_intervals: json(row.holdIntervals),
    sip_response_code: row.sipResponseCode,
    agent_group_1: row.agentGroup1,
    agent_group_2: row.agentGroup2,
    agent_group_3: row.agentGroup3,
    agent_group_4: row.agentGroup4,
    agent_group_5: row.agentGroup5,
    ctr_attributes: json(row.ctrAttributes),
    synthetic: row.synthetic ? 1 : 0,
    summary_received_at: time(row.summaryReceivedAt),
    sample_count: row.sampleCount,
    first_sample_at: time(row.firstSampleAt),
    last_sample_at: time(row.lastSampleAt),
    duration_seconds: row.durationSeconds,
    mos_avg: f32(row.mosAvg),
    mos_min: f32(row.mosMin),
    mos_inbound_avg: f32(row.mosInboundAvg),
    mos_outbound_avg: f32(row.mosOutboundAvg),
    jitter_avg_ms: f32(row.jitterAvgMs),
    jitter_max_ms: f32(row.jitterMaxMs),
    rtt_avg_ms: f32(row.rttAvgMs),
    rtt_max_ms: f32(row.rttMaxMs),
    packets_count: row.packetsCount,
    packets_lost: row.packetsLost,
    packets_lost_fraction: f32(row.packetsLostFraction),
    cpu_available_min_percent: f32(row.cpuAvailableMinPercent),
    memory_used_max_percent: f32(row.memoryUsedMaxPercent),
    error_log_count: row.errorLogCount,
    score: Math.fround(row.score),
    tags: row.tags,
    insights: JSON.stringify(row.insights),
    quality_state: row.qualityState,
    created_at: chTime(row.createdAt.getTime()),
    updated_at: chTime(row.updatedAt.getTime()),
  };
}

export type { SummaryRecord };
