import { sql } from 'drizzle-orm';
import {
  AGENT_STATUS_CHART_VALUES,
  AGENT_STATUSES,
  type AgentStatus,
  type CallDetailDirection,
  type CallDetailSecond,
} from '@callsight/shared';
import type { DbOrTx } from '../audit/audit-log.ts';
import { queryRows, timestampToMs } from '../telemetry/pg-arrays.ts';

interface SecondRow {
  t: number;
  im: number | null;
  ip: number | null;
  il: number | null;
  ia: number | null;
  om: number | null;
  op: number | null;
  ol: number | null;
  oa: number | null;
  r: number | null;
  j: number | null;
  cpu: number | null;
  mem: number | null;
  st: number | null;
  mc: number;
}

/** Bits of call_samples.mos_computed (see the telemetry schema). */
const MOS_COMPUTED_INBOUND = 1;
const MOS_COMPUTED_OUTBOUND = 2;

const STATUS_BY_VALUE = new Map<number, AgentStatus>(
  AGENT_STATUSES.map((s) => [AGENT_STATUS_CHART_VALUES[s], s]),
);

function direction(
  mos: number | null,
  packetsCount: number | null,
  packetsLost: number | null,
  audioLevel: number | null,
  mosComputed: boolean,
): CallDetailDirection | null {
  if (mos === null && packetsCount === null && packetsLost === null && audioLevel === null) {
    return null;
  }
  return { mos, mosComputed, packetsCount, packetsLost, audioLevel };
}

/**
 * The first `limit` seconds of one call in time order, read by the call_samples key (group,
 * contact, ts). `real` columns are read as such, so 4.3 comes back as 4.3, not 4.300000190734863.
 */
export async function readCallSeconds(
  db: DbOrTx,
  groupId: string,
  contactId: string,
  limit: number,
): Promise<CallDetailSecond[]> {
  const rows = await queryRows<SecondRow>(
    db,
    sql`select ${timestampToMs('ts')} as t, in_mos as im, in_packets as ip, in_lost as il,
          in_audio_level as ia, out_mos as om, out_packets as op, out_lost as ol,
          out_audio_level as oa, rtt_ms as r, jitter_ms as j, cpu_available_percent as cpu,
          memory_used_percent as mem, agent_status::int as st, mos_computed::int as mc
        from call_samples
        where group_id = ${groupId}::uuid and contact_id = ${contactId}
        order by ts
        limit ${limit}`,
  );
  return rows.map((r) => ({
    timestamp: new Date(r.t).toISOString(),
    inbound: direction(r.im, r.ip, r.il, r.ia, (r.mc & MOS_COMPUTED_INBOUND) !== 0),
    outbound: direction(r.om, r.op, r.ol, r.oa, (r.mc & MOS_COMPUTED_OUTBOUND) !== 0),
    rttMs: r.r,
    jitterMs: r.j,
    cpuAvailablePercent: r.cpu,
    memoryUsedPercent: r.mem,
    agentStatus: r.st === null ? null : (STATUS_BY_VALUE.get(r.st) ?? null),
  }));
}
