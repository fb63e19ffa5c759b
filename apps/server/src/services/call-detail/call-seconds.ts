import type { CallDetailDirection, CallDetailSecond, CallSecond } from '@callsight/shared';
import type { DbOrTx } from '../audit/audit-log.ts';
import { IsoTimestamps } from '../../lib/iso-timestamps.ts';
import type { ByteWriter } from '../../lib/byte-writer.ts';
import {
  agentStatusOf,
  loadSeconds,
  MOS_COMPUTED_INBOUND,
  MOS_COMPUTED_OUTBOUND,
  SERIES_AT,
  SERIES_COUNT,
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

const AT = SERIES_AT;
/** Element slots per second in the tokenised text: the SERIES measures. */
const SLOTS = SERIES_COUNT;
const COMMA = 44;
const SEMICOLON = 59;
const NEWLINE = 10;
const MINUS = 45;
const ZERO = 48;

const STATUS_JSON = new Map<number, string>(
  [1, 2, 3].map((value) => [value, JSON.stringify(agentStatusOf(value))]),
);

/**
 * The seconds of readCallChunksText, tokenised: each second's time, and where each of its
 * measures starts and ends in the text (start === end: NULL). Typed arrays, grown by doubling.
 */
class Tokens {
  count = 0;
  times = new Float64Array(256);
  bounds = new Int32Array(256 * SLOTS * 2);

  /** Makes room for `n` more seconds. */
  reserve(n: number) {
    if (this.count + n <= this.times.length) return;
    const size = Math.max(this.times.length * 2, this.count + n);
    const times = new Float64Array(size);
    times.set(this.times.subarray(0, this.count));
    const bounds = new Int32Array(size * SLOTS * 2);
    bounds.set(this.bounds.subarray(0, this.count * SLOTS * 2));
    this.times = times;
    this.bounds = bounds;
  }
}

/** Reads an integer at `at` (digits, maybe a leading '-'); answers it and where it stops. */
function readInt(text: string, at: number): { value: number; end: number } {
  let i = at;
  const negative = text.charCodeAt(i) === MINUS;
  if (negative) i++;
  let value = 0;
  for (let c = text.charCodeAt(i); c >= ZERO && c <= ZERO + 9; c = text.charCodeAt(++i))
    value = value * 10 + (c - ZERO);
  return { value: negative ? -value : value, end: i };
}

/** The end of the field starting at `at` (the next ';', newline or end of text). */
function fieldEnd(text: string, at: number): number {
  let i = at;
  for (let c = text.charCodeAt(i); i < text.length && c !== SEMICOLON && c !== NEWLINE;)
    c = text.charCodeAt(++i);
  return i;
}

/** Tokenises every line (chunk) of `text`. */
function tokenise(text: string): Tokens {
  const tokens = new Tokens();
  let at = 0;
  while (at < text.length) {
    const start = readInt(text, at);
    const t0 = start.value;
    // Offsets: one per second of the chunk.
    const offsetsEnd = fieldEnd(text, start.end + 1);
    const base = tokens.count;
    let n = 0;
    for (let i = start.end + 1; i < offsetsEnd;) {
      const offset = readInt(text, i);
      tokens.reserve(n + 1);
      tokens.times[base + n++] = t0 + offset.value;
      i = offset.end + 1;
    }
    tokens.count += n;
    tokens.bounds.fill(0, base * SLOTS * 2, tokens.count * SLOTS * 2);
    // Each measure: the k-th element belongs to the k-th second.
    let i = offsetsEnd;
    for (let slot = 0; slot < SLOTS; slot++) {
      const end = i < text.length && text.charCodeAt(i) === SEMICOLON ? fieldEnd(text, i + 1) : i;
      let k = 0;
      for (let e = i + 1; e <= end && k < n; k++) {
        let stop = e;
        while (stop < end && text.charCodeAt(stop) !== COMMA) stop++;
        const b = ((base + k) * SLOTS + slot) * 2;
        tokens.bounds[b] = e;
        tokens.bounds[b + 1] = stop;
        e = stop + 1;
      }
      i = end;
    }
    while (i < text.length && text.charCodeAt(i) !== NEWLINE) i++;
    at = i + 1;
  }
  return tokens;
}

/** The order to write the seconds in: as stored, or by time when chunks overlap (late seconds). */
function writingOrder(tokens: Tokens): number[] | null {
  const { times, count } = tokens;
  for (let i = 1; i < count; i++) {
    if ((times[i] ?? 0) <= (times[i - 1] ?? 0)) {
      const order = Array.from({ length: count }, (_, k) => k);
      return order.sort((a, b) => (times[a] ?? 0) - (times[b] ?? 0));
    }
  }
  return null;
}

/**
 * Writes the columns of the seconds (CallDetailSecondsSchema) from the tokenised text: each value
 * is copied as PostgreSQL wrote it (4.3, not 4.300000190734863), an empty one as null.
 */
class ColumnsWriter {
  private readonly order: number[] | null;
  readonly count: number;

  constructor(
    private readonly w: ByteWriter,
    private readonly text: string,
    private readonly tokens: Tokens,
    limit: number,
  ) {
    this.order = writingOrder(tokens);
    this.count = Math.min(limit, tokens.count);
  }

  /** The n-th second in writing order. */
  private second(n: number): number {
    return this.order ? (this.order[n] ?? 0) : n;
  }

  /** `"key":[...]` of a measure (`next`: a comma first). */
  measure(key: string, slot: number, next = true) {
    const { w, text, count } = this;
    const bounds = this.tokens.bounds;
    w.utf8(`${next ? ',' : ''}"${key}":[`);
    for (let n = 0; n < count; n++) {
      const b = (this.second(n) * SLOTS + slot) * 2;
      const start = bounds[b] ?? 0;
      const end = bounds[b + 1] ?? 0;
      w.ensure(end - start + 5);
      if (n > 0) w.byte(COMMA);
      if (start === end) w.ascii('null');
      else w.asciiSlice(text, start, end);
    }
    w.ensure(1);
    w.byte(93); // ]
  }

  /** `"key":[...]` of a small integer measure, each value written by `json` (null when NULL). */
  mapped(key: string, slot: number, json: (value: number | null) => string) {
    const { w, text, count } = this;
    const bounds = this.tokens.bounds;
    w.utf8(`,"${key}":[`);
    for (let n = 0; n < count; n++) {
      const b = (this.second(n) * SLOTS + slot) * 2;
      const start = bounds[b] ?? 0;
      const out = json(start === bounds[b + 1] ? null : readInt(text, start).value);
      w.ensure(out.length + 1);
      if (n > 0) w.byte(COMMA);
      w.ascii(out);
    }
    w.ensure(1);
    w.byte(93); // ]
  }

  timestamps() {
    const { w, count } = this;
    const iso = new IsoTimestamps();
    w.utf8('"timestamp":[');
    for (let n = 0; n < count; n++) {
      w.ensure(3);
      if (n > 0) w.byte(COMMA);
      w.byte(34); // "
      iso.write(w, this.tokens.times[this.second(n)] ?? 0);
      w.ensure(1);
      w.byte(34);
    }
    w.ensure(1);
    w.byte(93); // ]
  }

  direction(key: string, slots: Direction, bit: number) {
    this.w.utf8(`,"${key}":{`);
    this.measure('mos', slots.mos, false);
    this.mapped('mosComputed', AT.mos_computed, (v) => ((v ?? 0) & bit ? 'true' : 'false'));
    this.measure('packetsCount', slots.count);
    this.measure('packetsLost', slots.lost);
    this.measure('audioLevel', slots.level);
    this.w.utf8('}');
  }
}

interface Direction {
  mos: number;
  count: number;
  lost: number;
  level: number;
}
const IN_SLOTS: Direction = {
  mos: AT.in_mos,
  count: AT.in_packets,
  lost: AT.in_lost,
  level: AT.in_audio_level,
};
const OUT_SLOTS: Direction = {
  mos: AT.out_mos,
  count: AT.out_packets,
  lost: AT.out_lost,
  level: AT.out_audio_level,
};
const statusJson = (value: number | null) =>
  (value === null ? undefined : STATUS_JSON.get(value)) ?? 'null';

/**
 * Writes the first `limit` seconds of readCallChunksText's `text` into `w` as the JSON of
 * CallDetailSecondsSchema (columns in its key order) and answers how many it wrote. An hour of
 * call is 3,600 seconds of 14 measures: they are copied character by character from the one
 * text, never split into strings; seconds that arrived late are put in time order.
 */
export function writeCallSecondsJson(w: ByteWriter, text: string | null, limit: number): number {
  const columns = new ColumnsWriter(w, text ?? '', tokenise(text ?? ''), limit);
  w.utf8('{');
  columns.timestamps();
  columns.direction('inbound', IN_SLOTS, MOS_COMPUTED_INBOUND);
  columns.direction('outbound', OUT_SLOTS, MOS_COMPUTED_OUTBOUND);
  columns.measure('rttMs', AT.rtt_ms);
  columns.measure('jitterMs', AT.jitter_ms);
  columns.measure('cpuAvailablePercent', AT.cpu_available_percent);
  columns.measure('memoryUsedPercent', AT.memory_used_percent);
  columns.mapped('agentStatus', AT.agent_status, statusJson);
  w.utf8('}');
  return columns.count;
}
