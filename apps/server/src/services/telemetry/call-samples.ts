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
import { ConcurrentSummaryUpdate, sqlStateOf } from './ingest-context.ts';

const UNIQUE_VIOLATION = '23505';

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

type SeriesType = 'real' | 'int4' | 'int2';

/** The per-second measures of call_sample_chunks: each column an array, one element per second. */
const SERIES: {
  name: string;
  type: SeriesType;
  value: (s: CallSecond) => number | null | undefined;
}[] = [
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
const SERIES_LIST = SERIES.map((c) => c.name).join(', ');
/** Stands for a missing measure in flat arrays: every measure is 0 or more (the ingestion schema). */
const MISSING = -1;

/** One call's new seconds: sorted by time, one per time, none of them stored yet. */
export interface SecondsChunk {
  contactId: string;
  seconds: readonly CallSecond[];
}

/**
 * A flat array parameter over all the batch's seconds: binary on node-postgres (no text to parse
 * on either side), an array literal on PGlite.
 */
function arrayParam<R>(
  binary: boolean,
  type: SeriesType | 'text' | 'float8',
  rows: readonly R[],
  value: (row: R) => string | number | null | undefined,
): SQL {
  if (binary) return sql`${binaryArray(type, rows, value)}::${sql.raw(type)}[]`;
  const literal =
    type === 'text'
      ? textArrayLiteral(rows.map((r) => String(value(r))))
      : numberArrayLiteral(
          rows.map((r) => {
            const v = value(r);
            return typeof v === 'number' ? v : null;
          }),
        );
  return sql`${literal}::${sql.raw(type)}[]`;
}

/**
 * Stores each call's new seconds as one chunk row, all in one statement: every measure travels as
 * one flat array over the batch, and each row takes its slice. The caller holds the calls'
 * summary locks and has dropped seconds already stored (see ingestSamples). Answers the number
 * of seconds stored.
 */
export async function insertChunks(
  tx: DbOrTx,
  binary: boolean,
  groupId: string,
  chunks: readonly SecondsChunk[],
): Promise<number> {
  const kept = chunks.filter((c) => c.seconds.length > 0);
  if (kept.length === 0) return 0;
  const all: CallSecond[] = [];
  const offsets: number[] = [];
  const bounds: { contactId: string; startMs: number; endMs: number; lo: number; hi: number }[] =
    [];
  for (const { contactId, seconds } of kept) {
    const startMs = seconds[0]?.timeMs ?? 0;
    const lo = all.length + 1;
    for (const s of seconds) {
      all.push(s);
      offsets.push(s.timeMs - startMs);
    }
    bounds.push({
      contactId,
      startMs,
      endMs: seconds.at(-1)?.timeMs ?? startMs,
      lo,
      hi: all.length,
    });
  }
  // Slicing an array with NULLs walks it from the start (PostgreSQL's array_seek): the flat
  // arrays carry MISSING instead, and each slice turns it back into NULL.
  const slices = SERIES.map((c) => {
    let missing = false;
    const flat = arrayParam(binary, c.type, all, (s) => {
      const v = c.value(s);
      if (v !== null && v !== undefined) return v;
      missing = true;
      return MISSING;
    });
    const slice = sql`(${flat})[k.lo:k.hi]`;
    return missing ? sql`array_replace(${slice}, ${sql.raw(String(MISSING))}, null)` : slice;
  });
  const insert = tx.execute(
    sql`insert into call_sample_chunks
          (group_id, contact_id, start_ts, end_ts, seconds, offsets_ms, ${sql.raw(SERIES_LIST)})
        select ${groupId}::uuid, k.c, to_timestamp(k.s / 1000.0), to_timestamp(k.e / 1000.0),
          k.hi - k.lo + 1, (${arrayParam(binary, 'int4', offsets, (o) => o)})[k.lo:k.hi],
          ${sql.join(slices, sql`, `)}
        from unnest(${arrayParam(binary, 'text', bounds, (b) => b.contactId)},
          ${arrayParam(binary, 'float8', bounds, (b) => b.startMs)},
          ${arrayParam(binary, 'float8', bounds, (b) => b.endMs)},
          ${arrayParam(binary, 'int4', bounds, (b) => b.lo)},
          ${arrayParam(binary, 'int4', bounds, (b) => b.hi)}) as k(c, s, e, lo, hi)`,
  );
  try {
    await insert;
  } catch (err) {
    // A batch that crossed this one stored a chunk starting at the same second: retry the batch.
    if (sqlStateOf(err) === UNIQUE_VIOLATION)
      throw new ConcurrentSummaryUpdate('a chunk of these seconds was stored meanwhile', {
        cause: err,
      });
    throw err;
  }
  return all.length;
}

type Values = (number | null)[];

interface ChunkRow {
  c: string;
  t0: number;
  o: number[];
  im: Values;
  ip: Values;
  il: Values;
  ia: Values;
  om: Values;
  op: Values;
  ol: Values;
  oa: Values;
  r: Values;
  j: Values;
  cpu: Values;
  mem: Values;
  st: Values;
  mc: Values;
}

const STATUS_BY_VALUE = new Map<number, AgentStatus>(
  AGENT_STATUSES.map((s) => [AGENT_STATUS_CHART_VALUES[s], s]),
);

const at = (values: Values, i: number) => values[i] ?? null;

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

/** The `real` measures of a row as 32-bit floats (Math.fround), as ingestion computed with them. */
function asFloat32(r: ChunkRow) {
  for (const values of [r.im, r.ia, r.om, r.oa, r.r, r.j, r.cpu, r.mem]) {
    for (let i = 0; i < values.length; i++) values[i] = f32(values[i] ?? null);
  }
}

/** The seconds of one chunk row, in its (time) order. */
function chunkSeconds(r: ChunkRow, out: CallSecond[]) {
  for (let i = 0; i < r.o.length; i++) {
    const mc = at(r.mc, i) ?? 0;
    const st = at(r.st, i);
    out.push({
      contactId: r.c,
      timeMs: r.t0 + (r.o[i] ?? 0),
      inbound: directionOf(
        at(r.im, i),
        at(r.ip, i),
        at(r.il, i),
        at(r.ia, i),
        (mc & MOS_COMPUTED_INBOUND) !== 0,
      ),
      outbound: directionOf(
        at(r.om, i),
        at(r.op, i),
        at(r.ol, i),
        at(r.oa, i),
        (mc & MOS_COMPUTED_OUTBOUND) !== 0,
      ),
      rttMs: at(r.r, i),
      jitterMs: at(r.j, i),
      cpuAvailablePercent: at(r.cpu, i),
      memoryUsedPercent: at(r.mem, i),
      agentStatus: st === null ? null : (STATUS_BY_VALUE.get(st) ?? null),
    });
  }
}

/**
 * All stored seconds of the calls, per contact in time order, read by the chunks' key (group,
 * contact, start). Chunks of seconds that arrived late overlap in time: such a call is sorted.
 * `real` measures come back as 32-bit floats (what ingestion computed with) unless `shortest`,
 * which reads them as written (4.3, not 4.300000190734863: the call detail answer).
 */
export async function loadSeconds(
  db: DbOrTx,
  groupId: string,
  contactIds: readonly string[],
  { shortest = false }: { shortest?: boolean } = {},
): Promise<Map<string, CallSecond[]>> {
  const byCall = new Map<string, CallSecond[]>();
  if (contactIds.length === 0) return byCall;
  const rows = await queryRows<ChunkRow>(
    db,
    sql`select contact_id as c, ${timestampToMs('start_ts')} as t0, offsets_ms as o,
          in_mos as im, in_packets as ip, in_lost as il, in_audio_level as ia, out_mos as om,
          out_packets as op, out_lost as ol, out_audio_level as oa, rtt_ms as r, jitter_ms as j,
          cpu_available_percent as cpu, memory_used_percent as mem, agent_status as st,
          mos_computed as mc
        from call_sample_chunks
        where group_id = ${groupId}::uuid and contact_id = any(${textArrayLiteral(contactIds)}::text[])
        order by contact_id, start_ts`,
  );
  const overlapping = new Set<string>();
  for (const r of rows) {
    let list = byCall.get(r.c);
    if (!list) byCall.set(r.c, (list = []));
    const last = list.at(-1);
    if (last && last.timeMs >= r.t0) overlapping.add(r.c);
    if (!shortest) asFloat32(r);
    chunkSeconds(r, list);
  }
  for (const c of overlapping) byCall.get(c)?.sort((a, b) => a.timeMs - b.timeMs);
  return byCall;
}
