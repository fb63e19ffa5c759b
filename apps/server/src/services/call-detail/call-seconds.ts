import {
  AGENT_STATUS_CHART_VALUES,
  type CallDetailDirection,
  type CallDetailSecond,
  type CallSecond,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
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
 * as JSON directly (writeCallSecondsJson); tests compare the two.
 */
async function firstSeconds(
  scope: GroupScope,
  contactId: string,
  limit: number,
): Promise<CallSecond[]> {
  const byCall = await loadSeconds(scope.db, scope.groupId, [contactId], { shortest: true });
  return (byCall.get(contactId) ?? []).slice(0, limit);
}

const detailDirection = (d: CallSecond['inbound']): CallDetailDirection | null => d && { ...d };

/** The first `limit` seconds of one call as CallDetailSecond objects. */
export async function readCallSeconds(
  scope: GroupScope,
  contactId: string,
  limit: number,
): Promise<CallDetailSecond[]> {
  const seconds = await firstSeconds(scope, contactId, limit);
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

  /** Makes room for `n` more seconds, keeping every element already written. */
  reserve(n: number) {
    if (this.count + n <= this.times.length) return;
    const size = Math.max(this.times.length * 2, this.count + n);
    // Whole arrays, not the first `count`: tokenise writes a line's times past `count` before
    // counting them, and a copy of the counted ones only left those seconds at 0 (1970, issue 14).
    const times = new Float64Array(size);
    times.set(this.times);
    const bounds = new Int32Array(size * SLOTS * 2);
    bounds.set(this.bounds);
    this.times = times;
    this.bounds = bounds;
  }
}

/** The integer written at `at` (digits, maybe a leading '-'), up to the first other character. */
function intAt(text: string, at: number): number {
  let i = at;
  const negative = text.charCodeAt(i) === MINUS;
  if (negative) i++;
  let value = 0;
  for (let c = text.charCodeAt(i); c >= ZERO && c <= ZERO + 9; c = text.charCodeAt(++i))
    value = value * 10 + (c - ZERO);
  return negative ? -value : value;
}

/**
 * Tokenises every line (chunk) of `text` in one pass: the start and the offsets give each
 * second's time, then the k-th element of each measure belongs to the chunk's k-th second.
 */
function tokenise(text: string): Tokens {
  const tokens = new Tokens();
  const length = text.length;
  let i = 0;
  while (i < length) {
    // The chunk's start (epoch ms), up to the first ';'.
    const t0 = intAt(text, i);
    while (i < length && text.charCodeAt(i) !== SEMICOLON) i++;
    i++;
    // Offsets, up to the next ';': one second each.
    const base = tokens.count;
    let n = 0;
    while (i < length) {
      tokens.reserve(n + 1);
      tokens.times[base + n++] = t0 + intAt(text, i);
      let c = text.charCodeAt(i);
      while (c !== COMMA && c !== SEMICOLON && i < length) c = text.charCodeAt(++i);
      i++;
      if (c !== COMMA) break;
    }
    tokens.count += n;
    const bounds = tokens.bounds;
    bounds.fill(0, base * SLOTS * 2, tokens.count * SLOTS * 2);
    // Measures, each up to the next ';' (the last one up to the end of the line).
    let c = SEMICOLON;
    for (let slot = 0; slot < SLOTS && c === SEMICOLON; slot++) {
      for (let k = 0; ; k++) {
        const start = i;
        c = text.charCodeAt(i);
        while (c !== COMMA && c !== SEMICOLON && c !== NEWLINE && i < length)
          c = text.charCodeAt(++i);
        if (k < n) {
          const b = ((base + k) * SLOTS + slot) * 2;
          bounds[b] = start;
          bounds[b + 1] = i;
        }
        i++;
        if (c !== COMMA) break;
      }
    }
    // Anything else on the line (never written) is skipped.
    while (c !== NEWLINE && i < length) c = text.charCodeAt(i++);
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
  private readonly text: string;
  private readonly tokens: Tokens;
  private readonly order: number[] | null;
  readonly count: number;

  constructor(
    private readonly w: ByteWriter,
    parsed: ParsedCallSeconds,
    limit: number,
  ) {
    this.text = parsed.text;
    this.tokens = parsed.tokens;
    this.order = parsed.order;
    this.count = Math.min(limit, parsed.tokens.count);
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
      const out = json(start === bounds[b + 1] ? null : intAt(text, start));
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

/** The seconds of readCallChunksText, tokenised once: written by writeCallSecondsJson, read by holdRuns. */
export interface ParsedCallSeconds {
  readonly text: string;
  readonly tokens: Tokens;
  /** The order to write the seconds in (null: as stored). */
  readonly order: number[] | null;
}

/** Tokenises readCallChunksText's text (null: a call without seconds). */
export function parseCallSeconds(text: string | null): ParsedCallSeconds {
  const tokens = tokenise(text ?? '');
  return { text: text ?? '', tokens, order: writingOrder(tokens) };
}

const ON_HOLD = AGENT_STATUS_CHART_VALUES['On Hold'];
/** Two On Hold seconds further apart than this are two holds (seconds missing between them). */
const HOLD_RUN_GAP_MS = 2_000;

/**
 * The runs of "On Hold" seconds among the first `limit` seconds (time order), each from its first
 * second to one second after its last, in epoch milliseconds.
 */
export function holdRuns(
  parsed: ParsedCallSeconds,
  limit: number,
): { start: number; end: number }[] {
  const { text, tokens, order } = parsed;
  const count = Math.min(limit, tokens.count);
  const runs: { start: number; end: number }[] = [];
  let open: { start: number; end: number } | null = null;
  for (let n = 0; n < count; n++) {
    const i = order ? (order[n] ?? 0) : n;
    const b = (i * SLOTS + AT.agent_status) * 2;
    const start = tokens.bounds[b] ?? 0;
    const onHold = start !== tokens.bounds[b + 1] && intAt(text, start) === ON_HOLD;
    const t = tokens.times[i] ?? 0;
    if (onHold && open && t - (open.end - 1000) <= HOLD_RUN_GAP_MS) open.end = t + 1000;
    else if (onHold) {
      if (open) runs.push(open);
      open = { start: t, end: t + 1000 };
    } else if (open) {
      runs.push(open);
      open = null;
    }
  }
  if (open) runs.push(open);
  return runs;
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
export function writeCallSecondsJson(
  w: ByteWriter,
  seconds: string | ParsedCallSeconds | null,
  limit: number,
): number {
  const parsed =
    seconds === null || typeof seconds === 'string' ? parseCallSeconds(seconds) : seconds;
  const columns = new ColumnsWriter(w, parsed, limit);
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
