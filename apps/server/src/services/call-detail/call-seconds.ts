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
 * The answer of the call detail route reads them as JSON instead (readCallSecondsJson).
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

/** A nullable number column as JSON text (PostgreSQL writes `real` in its shortest exact form). */
const jsonNumber = (column: string) => `coalesce(${column}::text, 'null')`;

function jsonDirection(prefix: 'in' | 'out', bit: number) {
  const [mos, packets, lost, level] = ['mos', 'packets', 'lost', 'audio_level'].map(
    (c) => `${prefix}_${c}`,
  );
  return `case when ${mos} is null and ${packets} is null and ${lost} is null and ${level} is null
      then 'null' else '{"mos":' || ${jsonNumber(mos ?? '')}
      || ',"mosComputed":' || case when mos_computed & ${bit} <> 0 then 'true' else 'false' end
      || ',"packetsCount":' || ${jsonNumber(packets ?? '')} || ',"packetsLost":' || ${jsonNumber(lost ?? '')}
      || ',"audioLevel":' || ${jsonNumber(level ?? '')} || '}' end`;
}

const STATUS_JSON = `case agent_status ${[...STATUS_BY_VALUE]
  .map(([value, status]) => `when ${value} then '${JSON.stringify(status).replace(/'/g, "''")}'`)
  .join(' ')} else 'null' end`;

/**
 * One second as the JSON text of CallDetailSecondSchema (its key order), written by PostgreSQL:
 * an hour of call is 3,600 seconds, and reading them as rows, building objects and serializing
 * them again cost more than the rest of the answer. Times as Date#toISOString writes them.
 */
const SECOND_JSON = `'{"timestamp":"' || to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  || '","inbound":' || ${jsonDirection('in', MOS_COMPUTED_INBOUND)}
  || ',"outbound":' || ${jsonDirection('out', MOS_COMPUTED_OUTBOUND)}
  || ',"rttMs":' || ${jsonNumber('rtt_ms')} || ',"jitterMs":' || ${jsonNumber('jitter_ms')}
  || ',"cpuAvailablePercent":' || ${jsonNumber('cpu_available_percent')}
  || ',"memoryUsedPercent":' || ${jsonNumber('memory_used_percent')}
  || ',"agentStatus":' || ${STATUS_JSON} || '}'`;

/**
 * Like readCallSeconds, as the JSON array of the answer (same values; see SECOND_JSON) and the
 * number of seconds in it.
 */
export async function readCallSecondsJson(
  db: DbOrTx,
  groupId: string,
  contactId: string,
  limit: number,
): Promise<{ json: string; count: number }> {
  const [row] = await queryRows<{ j: string | null; n: number }>(
    db,
    sql`select string_agg(${sql.raw(SECOND_JSON)}, ',' order by ts) as j, count(*)::int as n
        from (select * from call_samples
          where group_id = ${groupId}::uuid and contact_id = ${contactId}
          order by ts
          limit ${limit}) s`,
  );
  return { json: `[${row?.j ?? ''}]`, count: row?.n ?? 0 };
}
