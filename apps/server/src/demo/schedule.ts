import type { Agent } from './catalogue.ts';
import { generateCall, type DemoCall } from './generate-call.ts';
import { hashText, Random } from './random.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SHIFT_SECONDS = 8.5 * 60 * 60;
/** Average call length the generator draws (seconds), used to space calls through a shift. */
const TYPICAL_CALL_SECONDS = 300;

export interface DayOptions {
  seed: number;
  agents: readonly Agent[];
  /** Calls the whole floor handles on a weekday (weekends see about a third). */
  callsPerDay: number;
}

/** Midnight UTC of the day holding the time. */
export const utcDayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * The calls of one UTC day, deterministic for (seed, day): each agent on shift takes calls one
 * after another (talk, wrap-up, idle), so an agent never has two calls at once. A shift may run
 * into the next UTC day; its calls belong to the day the shift started.
 */
export function callsOfDay(dayStartMs: number, options: DayOptions): DemoCall[] {
  const weekday = new Date(dayStartMs).getUTCDay();
  const weekend = weekday === 0 || weekday === 6;
  const day = new Random(hashText(`${options.seed}:${dayStartMs}`));
  const working = options.agents.filter(() => day.chance(weekend ? 0.3 : 0.92));
  if (working.length === 0) return [];
  const volume = options.callsPerDay * (weekend ? 0.33 : 1) * day.between(0.85, 1.15);
  const perAgent = volume / working.length;
  const calls: DemoCall[] = [];
  for (const agent of working) {
    const random = new Random(hashText(`${options.seed}:${dayStartMs}:${agent.email}`));
    const count = Math.max(0, Math.round(random.normal(perAgent, Math.sqrt(perAgent))));
    // Spread `count` calls over the shift: the idle time left over is shared between them.
    const idleMeanSeconds = Math.max(
      15,
      SHIFT_SECONDS / Math.max(1, count) - TYPICAL_CALL_SECONDS - 45,
    );
    let cursor = dayStartMs + agent.shiftStartUtcHour * 3600_000 + random.int(0, 900) * 1000;
    const shiftEnd = cursor + SHIFT_SECONDS * 1000;
    for (let i = 0; i < count && cursor < shiftEnd; i++) {
      cursor += Math.round(-Math.log(1 - random.next()) * idleMeanSeconds * 1000);
      const call = generateCall({ contactId: random.uuid(), agent, startMs: cursor });
      calls.push(call);
      cursor = call.endMs + random.int(20, 90) * 1000;
    }
  }
  return calls.sort((a, b) => a.startMs - b.startMs);
}

/**
 * The calls of the `days` days before `nowMs` (and of today so far) that have ended by then,
 * newest day first, one day at a time so a caller can load and report progress as it goes.
 */
export function* historyDays(
  nowMs: number,
  days: number,
  options: DayOptions,
): Generator<{ daysBack: number; calls: DemoCall[] }> {
  const today = utcDayStart(nowMs);
  const oldest = nowMs - days * DAY_MS;
  // Shifts start the evening before (UTC) for Sydney: include the day before the window.
  for (let d = 0; d <= days + 1; d++) {
    const dayStartMs = today - d * DAY_MS;
    const calls = callsOfDay(dayStartMs, options).filter(
      (c) => c.endMs <= nowMs && c.startMs >= oldest,
    );
    yield { daysBack: Math.min(d, days), calls };
  }
}
