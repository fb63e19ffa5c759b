import { sql, type SQL } from 'drizzle-orm';
import {
  AGENT_STATUS_CHART_VALUES,
  AGENT_STATUSES,
  type AgentStatus,
  type CallSecond,
  type CallSecondDirection,
} from '@callsight/shared';
import type { DbOrTx } from '../audit/audit-log.ts';
import {
  binaryArray,
  numberArrayLiteral,
  queryRows,
  textArrayLiteral,
  timestampToMs,
} from './pg-arrays.ts';

/** Key of a second within a group: contact and time. */
export const secondKey = (contactId: string, timeMs: number) => `${contactId}\u0001${timeMs}`;

const f32 = (v: number | null) => (v === null ? null : Math.fround(v));

function roundDirection(d: CallSecondDirection | null) {
  if (!d) return;
  d.mos = f32(d.mos);
  d.audioLevel = f32(d.audioLevel);
}

/**
 * Rounds the second, in place, as it will read back: `real` columns hold 32-bit floats, so the
 * incremental summary and a later full recomputation see exactly the same values.
 */
export function roundAsStored(s: CallSecond): CallSecond {
  roundDirection(s.inbound);
  roundDirection(s.outbound);
  s.rttMs = f32(s.rttMs);
  s.jitterMs = f32(s.jitterMs);
  s.cpuAvailablePercent = f32(s.cpuAvailablePercent);
  s.memoryUsedPercent = f32(s.memoryUsedPercent);
  return s;
}

const MOS_COMPUTED_INBOUND = 1;
const MOS_COMPUTED_OUTBOUND = 2;

type SampleColumnType = 'text' | 'timestamptz' | 'real' | 'int4' | 'int2';

/** The written columns of call_samples (after group_id), each with its value per second. */
const COLUMNS: {
  name: string;
  type: SampleColumnType;
  value: (s: CallSecond) => string | number | null | undefined;
}[] = [
  { name: 'contact_id', type: 'text', value: (s) => s.contactId },
  { name: 'ts', type: 'timestamptz', value: (s) => s.timeMs },
  { name: 'in_mos', type: 'real', value: (s) => s.inbound?.mos },
  { name: 'in_packets', type: 'int4', value: (s) => s.inbound?.packetsCount },
  { name: 'in_lost', type: 'int4', value: (s) => s.inbound?.packetsLost },
  { name: 'in_audio_level', type: 'real', value: (s) => s.inbound?.audioLevel },
  { name: 'out_mos', type: 'real', value: (s) => s.outbound?.mos },
  { name: 'out_packets', type: 'int4', value: (s) => s.outbound?.packetsCount },
  { name: 'out_lost', type: 'int4', value: (s) => s.outbound?.packetsLost },
  { name: 'out_audio_level', type: 'real', value: (s) => s.outbound?.audioLevel },
  { name: 'rtt_ms', type: 'real', value: (s) => s.rttMs },
  { name: 'jitter_ms', type: 'real', value: (s) => s.jitterMs },
  { name: 'cpu_available_percent', type: 'real', value: (s) => s.cpuAvailablePercent },
  { name: 'memory_used_percent', type: 'real', value: (s) => s.memoryUsedPercent },
  {
    name: 'agent_status',
    type: 'int2',
    value: (s) => (s.agentStatus ? AGENT_STATUS_CHART_VALUES[s.agentStatus] : null),
  },
  {
    name: 'mos_computed',
    type: 'int2',
    value: (s) =>
      (s.inbound?.mosComputed ? MOS_COMPUTED_INBOUND : 0) |
      (s.outbound?.mosComputed ? MOS_COMPUTED_OUTBOUND : 0),
  },
];
const COLUMN_LIST = COLUMNS.map((c) => c.name).join(', ');

/**
 * One column as a set-returning `unnest(array)` of the select list (PostgreSQL zips several of
 * them row by row without materialising each, unlike `from unnest(a, b, ...)`): a binary array
 * on node-postgres, an array literal on PGlite (where times travel as epoch milliseconds).
 */
function unnestColumn(
  binary: boolean,
  column: (typeof COLUMNS)[number],
  seconds: readonly CallSecond[],
): SQL {
  if (binary) {
    return sql`unnest(${binaryArray(column.type, seconds, column.value)}::${sql.raw(column.type)}[])`;
  }
  if (column.type === 'text')
    return sql`unnest(${textArrayLiteral(seconds.map((s) => String(column.value(s))))}::text[])`;
  const literal = numberArrayLiteral(
    seconds.map((s) => {
      const v = column.value(s);
      return typeof v === 'number' ? v : null;
    }),
  );
  if (column.type === 'timestamptz')
    return sql`to_timestamp(unnest(${literal}::float8[]) / 1000.0)`;
  return sql`unnest(${literal}::${sql.raw(column.type)}[])`;
}

/** What an insert of seconds stored: how many, and which (null when all of them). */
export interface InsertedSeconds {
  count: number;
  /** secondKey of each stored second; null when every second was new (the usual case). */
  keys: Set<string> | null;
}

/**
 * Inserts the seconds (one per contact and time) in one statement; a second already stored is
 * left as it was. The answer is one row: the number stored, and their keys only when some were
 * already there (a resent batch), so a fresh batch sends nothing back per row.
 */
export async function insertSamples(
  tx: DbOrTx,
  binary: boolean,
  groupId: string,
  seconds: readonly CallSecond[],
): Promise<InsertedSeconds> {
  if (seconds.length === 0) return { count: 0, keys: null };
  const values = sql.join(
    COLUMNS.map((c) => unnestColumn(binary, c, seconds)),
    sql`, `,
  );
  const total = seconds.length;
  const [row] = await queryRows<{ n: number; c: string[] | null; t: (number | string)[] | null }>(
    tx,
    sql`with ins as (
          insert into call_samples (group_id, ${sql.raw(COLUMN_LIST)})
          select ${groupId}::uuid, ${values}
          on conflict do nothing
          returning contact_id, ts)
        select count(*)::int as n,
          case when count(*) < ${total} then array_agg(contact_id) end as c,
          case when count(*) < ${total} then array_agg(${timestampToMs('ts')}) end as t
        from ins`,
  );
  const count = Number(row?.n ?? 0);
  if (count === total) return { count, keys: null };
  const keys = new Set<string>();
  const contacts = row?.c ?? [];
  const times = row?.t ?? [];
  contacts.forEach((c, i) => keys.add(secondKey(c, Number(times[i]))));
  return { count, keys };
}

interface SampleRow {
  c: string;
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

const STATUS_BY_VALUE = new Map<number, AgentStatus>(
  AGENT_STATUSES.map((s) => [AGENT_STATUS_CHART_VALUES[s], s]),
);

function directionOf(
  mos: number | null,
  count: number | null,
  lost: number | null,
  level: number | null,
  computed: boolean,
): CallSecondDirection | null {
  if (mos === null && count === null && lost === null && level === null) return null;
  return { mos, mosComputed: computed, packetsCount: count, packetsLost: lost, audioLevel: level };
}

/** All stored seconds of the calls, per contact in time order (for a full recomputation). */
export async function loadSeconds(
  tx: DbOrTx,
  groupId: string,
  contactIds: readonly string[],
): Promise<Map<string, CallSecond[]>> {
  const byCall = new Map<string, CallSecond[]>();
  if (contactIds.length === 0) return byCall;
  const rows = await queryRows<SampleRow>(
    tx,
    sql`select contact_id as c, ${timestampToMs('ts')} as t, in_mos::float8 as im, in_packets as ip, in_lost as il,
          in_audio_level::float8 as ia, out_mos::float8 as om, out_packets as op, out_lost as ol,
          out_audio_level::float8 as oa, rtt_ms::float8 as r, jitter_ms::float8 as j,
          cpu_available_percent::float8 as cpu, memory_used_percent::float8 as mem, agent_status::int as st,
          mos_computed::int as mc
        from call_samples
        where group_id = ${groupId}::uuid and contact_id = any(${textArrayLiteral(contactIds)}::text[])
        order by contact_id, ts`,
  );
  for (const r of rows) {
    const second: CallSecond = {
      contactId: r.c,
      timeMs: r.t,
      inbound: directionOf(r.im, r.ip, r.il, r.ia, (r.mc & MOS_COMPUTED_INBOUND) !== 0),
      outbound: directionOf(r.om, r.op, r.ol, r.oa, (r.mc & MOS_COMPUTED_OUTBOUND) !== 0),
      rttMs: r.r,
      jitterMs: r.j,
      cpuAvailablePercent: r.cpu,
      memoryUsedPercent: r.mem,
      agentStatus: r.st === null ? null : (STATUS_BY_VALUE.get(r.st) ?? null),
    };
    const list = byCall.get(r.c);
    if (list) list.push(second);
    else byCall.set(r.c, [second]);
  }
  return byCall;
}
