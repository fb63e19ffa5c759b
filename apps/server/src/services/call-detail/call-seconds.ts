import type { CallDetailDirection, CallDetailSecond, CallSecond } from '@callsight/shared';
import type { DbOrTx } from '../audit/audit-log.ts';
import { loadSeconds } from '../telemetry/call-samples.ts';

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

const num = (v: number | null) => (v === null ? 'null' : String(v));

function directionJson(d: CallSecond['inbound']): string {
  if (!d) return 'null';
  return `{"mos":${num(d.mos)},"mosComputed":${d.mosComputed},"packetsCount":${num(d.packetsCount)},"packetsLost":${num(d.packetsLost)},"audioLevel":${num(d.audioLevel)}}`;
}

/**
 * One second as the JSON text of CallDetailSecondSchema (its key order): an hour of call is 3,600
 * seconds, and building objects to serialize them again cost more than the rest of the answer.
 */
function secondJson(s: CallSecond): string {
  const status = s.agentStatus === null ? 'null' : JSON.stringify(s.agentStatus);
  return `{"timestamp":"${new Date(s.timeMs).toISOString()}","inbound":${directionJson(s.inbound)},"outbound":${directionJson(s.outbound)},"rttMs":${num(s.rttMs)},"jitterMs":${num(s.jitterMs)},"cpuAvailablePercent":${num(s.cpuAvailablePercent)},"memoryUsedPercent":${num(s.memoryUsedPercent)},"agentStatus":${status}}`;
}

/**
 * Like readCallSeconds, as the JSON array of the answer (same values and key order) and the
 * number of seconds in it.
 */
export async function readCallSecondsJson(
  db: DbOrTx,
  groupId: string,
  contactId: string,
  limit: number,
): Promise<{ json: string; count: number }> {
  const seconds = await firstSeconds(db, groupId, contactId, limit);
  return { json: `[${seconds.map(secondJson).join(',')}]`, count: seconds.length };
}
