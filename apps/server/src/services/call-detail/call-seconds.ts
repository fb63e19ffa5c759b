import type { CallDetailDirection, CallDetailSecond, CallSecond } from '@callsight/shared';
import type { DbOrTx } from '../audit/audit-log.ts';
import {
  agentStatusOf,
  loadSeconds,
  MOS_COMPUTED_INBOUND,
  MOS_COMPUTED_OUTBOUND,
  overlapping,
  readChunks,
  SERIES_AT,
  type ChunkText,
} from '../telemetry/call-samples.ts';

/**
 * The first `limit` seconds of one call in time order, from its chunks. `real` measures read as
 * written, so 4.3 comes back as 4.3, not 4.300000190734863. The call detail route writes them
 * as JSON directly (readCallSecondsJson).
 */
async function firstSeconds(
  db: DbOrTx,
  groupId: string,
  contactId: string,
  limit: number,
): Promise<CallSecond[]> {
  const byCall = await loadSeconds(db, groupId, [contactId], { shortest: true });
  return (byCall.get(contactId) ?? []).slice(0, limit);
}

const detailDirection = (d: CallSecond['inbound']): CallDetailDirection | null => d && { ...d };

/** The first `limit` seconds of one call as CallDetailSecond objects. */
export async function readCallSeconds(
  db: DbOrTx,
  groupId: string,
  contactId: string,
  limit: number,
): Promise<CallDetailSecond[]> {
  const seconds = await firstSeconds(db, groupId, contactId, limit);
  return seconds.map((s) => ({
    timestamp: new Date(s.timeMs).toISOString(),
    inbound: detailDirection(s.inbound),
    outbound: detailDirection(s.outbound),
    rttMs: s.rttMs,
    jitterMs: s.jitterMs,
    cpuAvailablePercent: s.cpuAvailablePercent,
    memoryUsedPercent: s.memoryUsedPercent,
    agentStatus: s.agentStatus,
  }));
}

/** A stored element as a JSON value: PostgreSQL writes `real` in its shortest exact form. */
const json = (text: string | undefined) => (text === undefined || text === '' ? 'null' : text);

const STATUS_JSON = new Map<string, string>(
  [1, 2, 3].map((value) => [String(value), JSON.stringify(agentStatusOf(value))]),
);

const AT = SERIES_AT;

/** `{...}` of one direction of a second (measures at `at`), or null when it has none. */
function directionJson(series: string[][], k: number, at: readonly number[], computed: boolean) {
  const mos = series[at[0] ?? 0]?.[k];
  const count = series[at[1] ?? 0]?.[k];
  const lost = series[at[2] ?? 0]?.[k];
  const level = series[at[3] ?? 0]?.[k];
  if (!mos && !count && !lost && !level) return 'null';
  return `{"mos":${json(mos)},"mosComputed":${computed},"packetsCount":${json(count)},"packetsLost":${json(lost)},"audioLevel":${json(level)}}`;
}
const IN_AT = [AT.in_mos, AT.in_packets, AT.in_lost, AT.in_audio_level];
const OUT_AT = [AT.out_mos, AT.out_packets, AT.out_lost, AT.out_audio_level];

/** One second of a chunk as the JSON text of CallDetailSecondSchema (its key order). */
function secondJson(chunk: ChunkText, k: number, timeMs: number): string {
  const s = chunk.series;
  const computed = Number(s[AT.mos_computed]?.[k] ?? 0);
  const status = STATUS_JSON.get(s[AT.agent_status]?.[k] ?? '') ?? 'null';
  return `{"timestamp":"${new Date(timeMs).toISOString()}","inbound":${directionJson(s, k, IN_AT, (computed & MOS_COMPUTED_INBOUND) !== 0)},"outbound":${directionJson(s, k, OUT_AT, (computed & MOS_COMPUTED_OUTBOUND) !== 0)},"rttMs":${json(s[AT.rtt_ms]?.[k])},"jitterMs":${json(s[AT.jitter_ms]?.[k])},"cpuAvailablePercent":${json(s[AT.cpu_available_percent]?.[k])},"memoryUsedPercent":${json(s[AT.memory_used_percent]?.[k])},"agentStatus":${status}}`;
}

/**
 * Like readCallSeconds, as the JSON array of the answer (same values and key order) and the
 * number of seconds in it, written from the stored text of each element: an hour of call is
 * 3,600 seconds, and parsing them into objects to serialize them again would cost more than the
 * rest of the answer.
 */
export async function readCallSecondsJson(
  db: DbOrTx,
  groupId: string,
  contactId: string,
  limit: number,
): Promise<{ json: string; count: number }> {
  const chunks = await readChunks(db, groupId, [contactId]);
  const seconds: { timeMs: number; json: string }[] = [];
  for (const chunk of chunks) {
    for (let k = 0; k < chunk.offsetsMs.length; k++) {
      const timeMs = chunk.startMs + (chunk.offsetsMs[k] ?? 0);
      seconds.push({ timeMs, json: secondJson(chunk, k, timeMs) });
    }
  }
  if (overlapping(chunks)) seconds.sort((a, b) => a.timeMs - b.timeMs);
  const kept = seconds.slice(0, limit);
  return { json: `[${kept.map((s) => s.json).join(',')}]`, count: kept.length };
}
