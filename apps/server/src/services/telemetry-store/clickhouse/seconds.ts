import {
  AGENT_STATUS_CHART_VALUES,
  type CallDetailSecond,
  type CallSecond,
  type CallSecondDirection,
} from '@callsight/shared';
import { chMs, chTime } from '../../../db/clickhouse/client.ts';
import type { ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import {
  agentStatusOf,
  MOS_COMPUTED_INBOUND,
  MOS_COMPUTED_OUTBOUND,
  type SecondsChunk,
} from '../../telemetry/call-samples.ts';

/** A stored second as ClickHouse answers it (Float32 measures written shortest: 4.3). */
interface SecondRecord {
  contact_id: string;
  t_ms: string;
  in_mos: number | null;
  in_packets: number | null;
  in_lost: number | null;
  in_audio_level: number | null;
  out_mos: number | null;
  out_packets: number | null;
  out_lost: number | null;
  out_audio_level: number | null;
  rtt_ms: number | null;
  jitter_ms: number | null;
  cpu_available_percent: number | null;
  memory_used_percent: number | null;
  agent_status: number | null;
  mos_computed: number;
}

const SECOND_COLUMNS = `contact_id, toUnixTimestamp64Milli(t) AS t_ms, in_mos, in_packets, in_lost,
  in_audio_level, out_mos, out_packets, out_lost, out_audio_level, rtt_ms, jitter_ms,
  cpu_available_percent, memory_used_percent, agent_status, mos_computed`;

/** One second as inserted (its measures already rounded to 32-bit floats by roundAsStored). */
function toSecondRecord(contactId: string, s: CallSecond) {
  const i = s.inbound;
  const o = s.outbound;
  return {
    contact_id: contactId,
    t: chTime(s.timeMs),
    in_mos: i?.mos ?? null,
    in_packets: i?.packetsCount ?? null,
    in_lost: i?.packetsLost ?? null,
    in_audio_level: i?.audioLevel ?? null,
    out_mos: o?.mos ?? null,
    out_packets: o?.packetsCount ?? null,
    out_lost: o?.packetsLost ?? null,
    out_audio_level: o?.audioLevel ?? null,
    rtt_ms: s.rttMs,
    jitter_ms: s.jitterMs,
    cpu_available_percent: s.cpuAvailablePercent,
    memory_used_percent: s.memoryUsedPercent,
    agent_status: s.agentStatus ? AGENT_STATUS_CHART_VALUES[s.agentStatus] : null,
    mos_computed:
      (i?.mosComputed ? MOS_COMPUTED_INBOUND : 0) | (o?.mosComputed ? MOS_COMPUTED_OUTBOUND : 0),
  };
}

/** Inserts the calls' new seconds (none of them stored yet: the writer dropped those). */
export async function insertSeconds(
  scope: ClickHouseGroupScope,
  chunks: readonly SecondsChunk[],
): Promise<void> {
  const records = chunks.flatMap((c) => c.seconds.map((s) => toSecondRecord(c.contactId, s)));
  await scope.insert('call_seconds', records);
}

/** A direction as the PostgreSQL store reads it back: none when none of its measures is stored. */
function direction(
  mos: number | null,
  count: number | null,
  lost: number | null,
  level: number | null,
  computed: boolean,
): CallSecondDirection | null {
  if (mos === null && count === null && lost === null && level === null) return null;
  return { mos, mosComputed: computed, packetsCount: count, packetsLost: lost, audioLevel: level };
}

/** A stored second; measures rounded to 32-bit floats (what ingestion computes with) unless `shortest`. */
function fromSecondRecord(r: SecondRecord, shortest: boolean): CallSecond {
  const f = (v: number | null) => (v === null || shortest ? v : Math.fround(v));
  return {
    contactId: r.contact_id,
    timeMs: chMs(r.t_ms),
    inbound: direction(
      f(r.in_mos),
      r.in_packets,
      r.in_lost,
      f(r.in_audio_level),
      (r.mos_computed & MOS_COMPUTED_INBOUND) !== 0,
    ),
    outbound: direction(
      f(r.out_mos),
      r.out_packets,
      r.out_lost,
      f(r.out_audio_level),
      (r.mos_computed & MOS_COMPUTED_OUTBOUND) !== 0,
    ),
    rttMs: f(r.rtt_ms),
    jitterMs: f(r.jitter_ms),
    cpuAvailablePercent: f(r.cpu_available_percent),
    memoryUsedPercent: f(r.memory_used_percent),
    agentStatus: agentStatusOf(r.agent_status),
  };
}

/**
 * The stored seconds of these calls, per contact in time order, one per time (LIMIT 1 BY: a
 * second written twice by batches that crossed reads once). As loadSeconds, for the writer.
 */
export async function loadSeconds(
  scope: ClickHouseGroupScope,
  contactIds: readonly string[],
): Promise<Map<string, CallSecond[]>> {
  const byCall = new Map<string, CallSecond[]>();
  if (contactIds.length === 0) return byCall;
  const records = await scope.query<SecondRecord>(
    `SELECT ${SECOND_COLUMNS} FROM call_seconds
     WHERE group_id = {group_id:UUID} AND contact_id IN {ids:Array(String)}
     ORDER BY contact_id, t LIMIT 1 BY contact_id, t`,
    { ids: [...contactIds] },
  );
  for (const r of records) {
    const second = fromSecondRecord(r, false);
    const list = byCall.get(second.contactId);
    if (list) list.push(second);
    else byCall.set(second.contactId, [second]);
  }
  return byCall;
}

/**
 * The times of the seconds stored after `sinceMs` of these calls, per contact: seconds stored by
 * a batch whose summary was not (it failed between the two inserts, so it was not acknowledged).
 */
export async function storedTimesAfter(
  scope: ClickHouseGroupScope,
  contactIds: readonly string[],
  sinceMs: number,
): Promise<Map<string, number[]>> {
  const byCall = new Map<string, number[]>();
  if (contactIds.length === 0) return byCall;
  const rows = await scope.query<{ contact_id: string; t_ms: string }>(
    `SELECT contact_id, toUnixTimestamp64Milli(t) AS t_ms FROM call_seconds
     WHERE group_id = {group_id:UUID} AND contact_id IN {ids:Array(String)}
       AND t > {since:DateTime64(3, 'UTC')}`,
    { ids: [...contactIds], since: chTime(Math.max(0, sinceMs)) },
  );
  for (const r of rows) {
    const list = byCall.get(r.contact_id);
    if (list) list.push(chMs(r.t_ms));
    else byCall.set(r.contact_id, [chMs(r.t_ms)]);
  }
  return byCall;
}

const detailDirection = (d: CallSecondDirection | null) => d && { ...d };

/** The first `limit` seconds of one call, in time order, as the call detail answers them. */
export async function readCallSeconds(
  scope: ClickHouseGroupScope,
  contactId: string,
  limit: number,
): Promise<CallDetailSecond[]> {
  const records = await scope.query<SecondRecord>(
    `SELECT ${SECOND_COLUMNS} FROM call_seconds
     WHERE group_id = {group_id:UUID} AND contact_id = {contact_id:String}
     ORDER BY t LIMIT 1 BY t LIMIT {limit:UInt32}`,
    { contact_id: contactId, limit },
  );
  return records.map((r) => {
    const s = fromSecondRecord(r, true);
    return {
      timestamp: new Date(s.timeMs).toISOString(),
      inbound: detailDirection(s.inbound),
      outbound: detailDirection(s.outbound),
      rttMs: s.rttMs,
      jitterMs: s.jitterMs,
      cpuAvailablePercent: s.cpuAvailablePercent,
      memoryUsedPercent: s.memoryUsedPercent,
      agentStatus: s.agentStatus,
    };
  });
}
