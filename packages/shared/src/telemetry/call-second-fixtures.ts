/** Seconds for the quality tests: a good second of a call, changed where a test needs it. */
import type { CallSecond } from './call-second.ts';

/** The calls' first second: 2025-01-06 09:00:00 UTC. */
export const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);

/** A good second i of a call (MOS 4.3 both ways, 50 packets each way, rtt 40, jitter 5). */
export function sec(
  i: number,
  over: Partial<CallSecond> = {},
  io: { inMos?: number | null; outMos?: number | null; inCount?: number; inLost?: number } = {},
): CallSecond {
  return {
    contactId: 'c1',
    timeMs: T0 + i * 1000,
    inbound: {
      mos: io.inMos === undefined ? 4.3 : io.inMos,
      mosComputed: false,
      packetsCount: io.inCount ?? 50,
      packetsLost: io.inLost ?? 0,
      audioLevel: 0.1,
    },
    outbound: {
      mos: io.outMos === undefined ? 4.3 : io.outMos,
      mosComputed: false,
      packetsCount: 50,
      packetsLost: 0,
      audioLevel: 0.1,
    },
    rttMs: 40,
    jitterMs: 5,
    cpuAvailablePercent: 70,
    memoryUsedPercent: 40,
    agentStatus: 'Talk',
    ...over,
  };
}

/** The integers from `from` up to `to` (excluded). */
export const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, k) => from + k);
