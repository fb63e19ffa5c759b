import { sql, type SQL } from 'drizzle-orm';
import {
  AGENT_STATUS_CHART_VALUES,
  AGENT_STATUSES,
  type AgentStatus,
  type CallSecond,
  type CallSecondDirection,
} from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import {
  binaryArray,
  numberArrayLiteral,
  queryRows,
  textArrayLiteral,
  timestampToMs,
} from '../../db/pg-arrays.ts';
import { ConcurrentSummaryUpdate, sqlStateOf } from './retryable-errors.ts';

const UNIQUE_VIOLATION = '23505';

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

/** Bits of call_sample_chunks.mos_computed: the direction's MOS came from the E-model. */
export const MOS_COMPUTED_INBOUND = 1;
export const MOS_COMPUTED_OUTBOUND = 2;

type SeriesType = 'real' | 'int4' | 'int2';

/** The per-second measures of call_sample_chunks: each column an array, one element per second. */
const SERIES: readonly {
  name:
    | 'in_mos'
    | 'in_packets'
    | 'in_lost'
    | 'in_audio_level'
    | 'out_mos'
    | 'out_packets'
    | 'out_lost'
    | 'out_audio_level'
    | 'rtt_ms'
    | 'jitter_ms'
    | 'cpu_available_percent'
    | 'memory_used_percent'
    | 'agent_status'
    | 'mos_computed';
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
 * The insert of each call's new seconds as one chunk row, all in one statement: every measure
 * travels as one flat array over the batch, and each row takes its slice. Built at once (the
 * seconds' objects are not kept while the statement runs) and run by runChunkInsert; null when
 * there is nothing to store. The caller has dropped seconds already stored (see ingestSamples).
 */
export function chunkInsert(
  binary: boolean,
  groupId: string,
  chunks: readonly SecondsChunk[],
): SQL | null {
  const kept = chunks.filter((c) => c.seconds.length > 0);
  if (kept.length === 0) return null;
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
  return sql`insert into call_sample_chunks
          (group_id, contact_id, start_ts, end_ts, seconds, offsets_ms, ${sql.raw(SERIES_LIST)})
        select ${groupId}::uuid, k.c, to_timestamp(k.s / 1000.0), to_timestamp(k.e / 1000.0),
          k.hi - k.lo + 1, (${arrayParam(binary, 'int4', offsets, (o) => o)})[k.lo:k.hi],
          ${sql.join(slices, sql`, `)}
        from unnest(${arrayParam(binary, 'text', bounds, (b) => b.contactId)},
          ${arrayParam(binary, 'float8', bounds, (b) => b.startMs)},
          ${arrayParam(binary, 'float8', bounds, (b) => b.endMs)},
          ${arrayParam(binary, 'int4', bounds, (b) => b.lo)},
          ${arrayParam(binary, 'int4', bounds, (b) => b.hi)}) as k(c, s, e, lo, hi)`;
}

/** Runs a chunkInsert; a chunk that crossed another batch's is retried, never stored twice. */
export async function runChunkInsert(tx: DbOrTx, insert: SQL): Promise<void> {
  try {
    await tx.execute(insert);
  } catch (err) {
    // A batch that crossed this one stored a chunk starting at the same second: retry the batch.
    if (sqlStateOf(err) === UNIQUE_VIOLATION)
      throw new ConcurrentSummaryUpdate('a chunk of these seconds was stored meanwhile', {
        cause: err,
      });
    throw err;
  }
}

/** Index of each measure in SERIES (and in ChunkText.series). */
export const SERIES_AT = Object.fromEntries(SERIES.map((c, i) => [c.name, i])) as Record<
  (typeof SERIES)[number]['name'],
  number
>;

/** A stored chunk as text: each measure's elements as PostgreSQL writes them ('' for NULL). */
export interface ChunkText {
  contactId: string;
  startMs: number;
  offsetsMs: number[];
  /** One list per SERIES column, in its order (see SERIES_AT). */
  series: string[][];
}

/** A chunk array column as PostgreSQL's text of its elements, comma-separated ('' for NULL). */
const asText = (column: string) => `array_to_string(${column}, ',', '')`;

const split = (text: string | null) => (text === null || text === '' ? [] : text.split(','));

/**
 * The stored chunks of the calls, per contact in start order, read by their key (group, contact,
 * start). Arrays travel as comma-separated text: splitting it is several times faster than either
 * driver's array parser (an hour of call is 3,600 seconds of 14 measures).
 */
export async function readChunks(
  db: DbOrTx,
  groupId: string,
  contactIds: readonly string[],
): Promise<ChunkText[]> {
  if (contactIds.length === 0) return [];
  const text = (column: string) => sql.raw(asText(column));
  const rows = await queryRows<Record<string, string | null> & { c: string; t0: number }>(
    db,
    sql`select contact_id as c, ${timestampToMs('start_ts')} as t0, ${text('offsets_ms')} as o,
          ${sql.join(
            SERIES.map((c, i) => sql`${text(c.name)} as ${sql.raw(`s${i}`)}`),
            sql`, `,
          )}
        from call_sample_chunks
        where group_id = ${groupId}::uuid and contact_id = any(${textArrayLiteral(contactIds)}::text[])
        order by contact_id, start_ts`,
  );
  return rows.map((r) => ({
    contactId: r.c,
    startMs: Number(r.t0),
    offsetsMs: split(r.o ?? null).map(Number),
    series: SERIES.map((_, i) => split(r[`s${i}`] ?? null)),
  }));
}

/** Number of measures in each line of readCallChunksText, after the start and the offsets. */
export const SERIES_COUNT = SERIES.length;

/**
 * A call's chunks are read as this many texts at once, each by its own connection: PostgreSQL
 * builds them in parallel, and each answer is smaller. Over TCP on loopback (BBR congestion
 * control) one answer of ~230 KiB stalled 20-40 ms in ~4 % of reads, two of ~115 KiB in ~1.6 %
 * (decisions.md, P6).
 */
const CHUNK_TEXT_PARTS = 2;

/**
 * All chunks of one call as one text, in start order, one line per chunk: its start (epoch ms),
 * its offsets and then each SERIES measure (SERIES_AT order), fields separated by ';' and elements
 * by ',' as PostgreSQL writes them (an empty element is NULL). Null when the call has no chunk.
 * The call detail writes its JSON from this text without splitting it (see call-seconds.ts).
 */
export async function readCallChunksText(
  db: DbOrTx,
  groupId: string,
  contactId: string,
): Promise<string | null> {
  const parts = await Promise.all(
    Array.from({ length: CHUNK_TEXT_PARTS }, (_, i) =>
      readCallChunksTextPart(db, groupId, contactId, i + 1),
    ),
  );
  const texts = parts.filter((t): t is string => t !== null);
  return texts.length > 0 ? texts.join('\n') : null;
}

/** Part `part` (1-based) of CHUNK_TEXT_PARTS consecutive runs of the call's chunks, as text. */
async function readCallChunksTextPart(
  db: DbOrTx,
  groupId: string,
  contactId: string,
  part: number,
): Promise<string | null> {
  const fields = ['offsets_ms', ...SERIES.map((c) => c.name)].map(asText).join(" || ';' || ");
  const [row] = await queryRows<{ t: string | null }>(
    db,
    sql`select string_agg(round(extract(epoch from start_ts) * 1000)::bigint || ';' ||
          ${sql.raw(fields)}, chr(10) order by start_ts) as t
        from (select *, ntile(${CHUNK_TEXT_PARTS}::int) over (order by start_ts) as part
              from call_sample_chunks
              where group_id = ${groupId}::uuid and contact_id = ${contactId}) chunks
        where part = ${part}::int`,
  );
  return row?.t ?? null;
}

/** Whether a contact's chunks (in start order) overlap in time: seconds that arrived late. */
function overlapping(chunks: readonly ChunkText[]): boolean {
  for (let i = 1; i < chunks.length; i++) {
    const previous = chunks[i - 1];
    const lastMs = previous ? previous.startMs + (previous.offsetsMs.at(-1) ?? 0) : 0;
    if ((chunks[i]?.startMs ?? 0) <= lastMs) return true;
  }
  return false;
}

const STATUS_BY_VALUE = new Map<number, AgentStatus>(
  AGENT_STATUSES.map((s) => [AGENT_STATUS_CHART_VALUES[s], s]),
);

/** The agent status of a stored chart value. */
export const agentStatusOf = (value: number | null): AgentStatus | null =>
  value === null ? null : (STATUS_BY_VALUE.get(value) ?? null);

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

/** One measure of a chunk's k-th second; `real` ones rounded to 32-bit floats unless `shortest`. */
function measure(
  chunk: ChunkText,
  name: keyof typeof SERIES_AT,
  k: number,
  shortest: boolean,
): number | null {
  const i = SERIES_AT[name];
  const text = chunk.series[i]?.[k];
  if (text === undefined || text === '') return null;
  const value = Number(text);
  return !shortest && SERIES[i]?.type === 'real' ? Math.fround(value) : value;
}

/** The seconds of one chunk, in its (time) order. */
function chunkSeconds(chunk: ChunkText, shortest: boolean, out: CallSecond[]) {
  for (let k = 0; k < chunk.offsetsMs.length; k++) {
    const get = (name: keyof typeof SERIES_AT) => measure(chunk, name, k, shortest);
    const computed = get('mos_computed') ?? 0;
    out.push({
      contactId: chunk.contactId,
      timeMs: chunk.startMs + (chunk.offsetsMs[k] ?? 0),
      inbound: directionOf(
        get('in_mos'),
        get('in_packets'),
        get('in_lost'),
        get('in_audio_level'),
        (computed & MOS_COMPUTED_INBOUND) !== 0,
      ),
      outbound: directionOf(
        get('out_mos'),
        get('out_packets'),
        get('out_lost'),
        get('out_audio_level'),
        (computed & MOS_COMPUTED_OUTBOUND) !== 0,
      ),
      rttMs: get('rtt_ms'),
      jitterMs: get('jitter_ms'),
      cpuAvailablePercent: get('cpu_available_percent'),
      memoryUsedPercent: get('memory_used_percent'),
      agentStatus: agentStatusOf(get('agent_status')),
    });
  }
}

/**
 * All stored seconds of the calls, per contact in time order (chunks of seconds that arrived late
 * overlap: such a call is sorted). `real` measures come back as 32-bit floats (what ingestion
 * computed with) unless `shortest`, which reads them as written (4.3, not 4.300000190734863).
 */
export async function loadSeconds(
  db: DbOrTx,
  groupId: string,
  contactIds: readonly string[],
  { shortest = false }: { shortest?: boolean } = {},
): Promise<Map<string, CallSecond[]>> {
  const chunksByCall = new Map<string, ChunkText[]>();
  for (const chunk of await readChunks(db, groupId, contactIds)) {
    const list = chunksByCall.get(chunk.contactId);
    if (list) list.push(chunk);
    else chunksByCall.set(chunk.contactId, [chunk]);
  }
  const byCall = new Map<string, CallSecond[]>();
  for (const [contactId, chunks] of chunksByCall) {
    const seconds: CallSecond[] = [];
    for (const chunk of chunks) chunkSeconds(chunk, shortest, seconds);
    if (overlapping(chunks)) seconds.sort((a, b) => a.timeMs - b.timeMs);
    byCall.set(contactId, seconds);
  }
  return byCall;
}
