import { AGENT_STATUSES, type CallSecond, type CallSecondDirection } from '@callsight/shared';

/**
 * A batch's seconds, per call, in a few typed arrays: the form a samples batch keeps while it
 * waits on the database (decisions.md, P7). As objects, 10,000 seconds are ~30,000 small objects
 * on the JavaScript heap; every young-generation collection during the batch's transaction copies
 * all of them, and with several batches in flight that copying was over a quarter of the
 * server's main thread. Typed arrays keep the values off the heap; each step that needs objects
 * unpacks one call at a time, and those objects die young.
 */

/** Slots of a second, NaN standing for null (every measure is finite): each direction's four. */
const INBOUND = 0;
const OUTBOUND = 4;
/** Within a direction's slots. */
const MOS = 0;
const PACKETS = 1;
const LOST = 2;
const AUDIO = 3;
/** After the directions. */
const RTT = 8;
const JITTER = 9;
const CPU = 10;
const MEMORY = 11;
const SLOTS = 12;

/** Bits of `flags`: which directions the second has, and whose MOS the E-model computed. */
const HAS_INBOUND = 1;
const HAS_OUTBOUND = 2;
const INBOUND_COMPUTED = 4;
const OUTBOUND_COMPUTED = 8;

const put = (v: number | null) => (v === null ? Number.NaN : v);
const take = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? null : v);

export class PackedSeconds {
  /** The calls' contact ids, in the order they were packed. */
  readonly contactIds: readonly string[];
  /** Call i's seconds are positions starts[i] .. starts[i + 1] - 1. */
  private readonly starts: Int32Array;
  private readonly times: Float64Array;
  private readonly values: Float64Array;
  private readonly flags: Uint8Array;
  /** Index in AGENT_STATUSES, -1 for none. */
  private readonly statuses: Int8Array;

  constructor(byCall: ReadonlyMap<string, readonly CallSecond[]>) {
    let total = 0;
    for (const list of byCall.values()) total += list.length;
    this.contactIds = [...byCall.keys()];
    this.starts = new Int32Array(byCall.size + 1);
    this.times = new Float64Array(total);
    this.values = new Float64Array(total * SLOTS);
    this.flags = new Uint8Array(total);
    this.statuses = new Int8Array(total);
    let at = 0;
    let call = 0;
    for (const list of byCall.values()) {
      this.starts[call++] = at;
      for (const s of list) this.write(at++, s);
    }
    this.starts[call] = at;
  }

  /** Number of calls. */
  get calls(): number {
    return this.contactIds.length;
  }

  /** Number of seconds, all calls together. */
  get size(): number {
    return this.times.length;
  }

  /** Number of call i's seconds. */
  secondsCount(call: number): number {
    return (this.starts[call + 1] ?? 0) - (this.starts[call] ?? 0);
  }

  /** The time of call i's first second (epoch ms). */
  firstMs(call: number): number {
    return this.times[this.starts[call] ?? 0] ?? 0;
  }

  /** Call i's seconds as objects, in the order they were packed. */
  seconds(call: number): CallSecond[] {
    const contactId = this.contactIds[call] ?? '';
    const out: CallSecond[] = [];
    const end = this.starts[call + 1] ?? 0;
    for (let at = this.starts[call] ?? 0; at < end; at++) out.push(this.read(at, contactId));
    return out;
  }

  private write(at: number, s: CallSecond) {
    const v = this.values;
    const base = at * SLOTS;
    let flags = 0;
    if (s.inbound) {
      flags |= HAS_INBOUND | (s.inbound.mosComputed ? INBOUND_COMPUTED : 0);
      writeDirection(v, base + INBOUND, s.inbound);
    }
    if (s.outbound) {
      flags |= HAS_OUTBOUND | (s.outbound.mosComputed ? OUTBOUND_COMPUTED : 0);
      writeDirection(v, base + OUTBOUND, s.outbound);
    }
    v[base + RTT] = put(s.rttMs);
    v[base + JITTER] = put(s.jitterMs);
    v[base + CPU] = put(s.cpuAvailablePercent);
    v[base + MEMORY] = put(s.memoryUsedPercent);
    this.times[at] = s.timeMs;
    this.flags[at] = flags;
    this.statuses[at] = s.agentStatus === null ? -1 : AGENT_STATUSES.indexOf(s.agentStatus);
  }

  private read(at: number, contactId: string): CallSecond {
    const v = this.values;
    const base = at * SLOTS;
    const flags = this.flags[at] ?? 0;
    return {
      contactId,
      timeMs: this.times[at] ?? 0,
      inbound:
        flags & HAS_INBOUND
          ? readDirection(v, base + INBOUND, (flags & INBOUND_COMPUTED) !== 0)
          : null,
      outbound:
        flags & HAS_OUTBOUND
          ? readDirection(v, base + OUTBOUND, (flags & OUTBOUND_COMPUTED) !== 0)
          : null,
      rttMs: take(v[base + RTT]),
      jitterMs: take(v[base + JITTER]),
      cpuAvailablePercent: take(v[base + CPU]),
      memoryUsedPercent: take(v[base + MEMORY]),
      agentStatus: AGENT_STATUSES[this.statuses[at] ?? -1] ?? null,
    };
  }
}

function writeDirection(v: Float64Array, base: number, d: CallSecondDirection) {
  v[base + MOS] = put(d.mos);
  v[base + PACKETS] = put(d.packetsCount);
  v[base + LOST] = put(d.packetsLost);
  v[base + AUDIO] = put(d.audioLevel);
}

function readDirection(v: Float64Array, base: number, mosComputed: boolean): CallSecondDirection {
  return {
    mos: take(v[base + MOS]),
    mosComputed,
    packetsCount: take(v[base + PACKETS]),
    packetsLost: take(v[base + LOST]),
    audioLevel: take(v[base + AUDIO]),
  };
}
