import type { BucketLayout } from '@callsight/shared';
import { DAY_MS, HOUR_MS, MINUTE_MS, MINUTE_ROLLUP_MS } from './rollup-model.ts';

/** Half-open ranges of epoch milliseconds [from, to). */
export type Range = readonly [number, number];

/**
 * Where each part of a chart's window is read from: whole day, hour and minute rows, and the
 * raw rows of the rest (the unaligned edges, hours whose rollup is not current, buckets a rollup
 * cell would straddle). The three partition the window, so a chart is exact whatever the split.
 */
export interface RollupPlan {
  days: Range[];
  hours: Range[];
  minutes: Range[];
  raw: Range[];
}

export interface PlanInput {
  fromMs: number;
  toMs: number;
  /** The chart's time buckets (null: no time axis); a rollup cell must lie inside one. */
  layout: BucketLayout | null;
  /** Hour starts (UTC) whose rollup rows are not current: their calls are read raw. */
  dirtyHours: ReadonlySet<number>;
  /** Whether the cube keeps minute rows. */
  minutes: boolean;
  /** The reader's clock: minute rows exist for the hours from nowMs - MINUTE_ROLLUP_MS on. */
  nowMs: number;
}

/** Whether no bucket starts strictly inside [start, end): the cell's rows share one bucket. */
function insideOneBucket(layout: BucketLayout | null, start: number, end: number): boolean {
  if (!layout) return true;
  const starts = layout.startsMs;
  // The first bucket start after `start`.
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] ?? Infinity) <= start) lo = mid + 1;
    else hi = mid;
  }
  const next = starts[lo];
  return next === undefined || next >= end;
}

function push(ranges: Range[], from: number, to: number) {
  const last = ranges.at(-1);
  if (last && last[1] === from) ranges[ranges.length - 1] = [last[0], to];
  else ranges.push([from, to]);
}

/**
 * Splits a window between day, hour and minute rows and raw rows. A day (hour, minute) cell is
 * read from the rollup when it lies wholly inside the window and inside one bucket of the chart,
 * and its hours' rollup is current (minutes: within the minute rows' retention); else its parts
 * are tried at the next grain, and raw rows read what none gives.
 */
export function planRollup(input: PlanInput): RollupPlan {
  const { fromMs, toMs, layout, dirtyHours } = input;
  const plan: RollupPlan = { days: [], hours: [], minutes: [], raw: [] };
  const dirtyDays = new Set([...dirtyHours].map((h) => Math.floor(h / DAY_MS) * DAY_MS));
  // Minute rows are kept for the hours from the horizon on (the refresh prunes older ones).
  const horizon = input.nowMs - MINUTE_ROLLUP_MS;
  const fineUsable = (hour: number) => input.minutes && hour >= horizon && !dirtyHours.has(hour);
  /** The part [a, b) of one hour cell that hour rows cannot give: minute rows, else raw. */
  const fine = (a: number, b: number) => {
    const hour = Math.floor(a / HOUR_MS) * HOUR_MS;
    if (!fineUsable(hour)) return push(plan.raw, a, b);
    let t = a;
    while (t < b) {
      const m = Math.ceil(t / MINUTE_MS) * MINUTE_MS;
      if (m > t) {
        const end = Math.min(m, b);
        push(plan.raw, t, end);
        t = end;
        continue;
      }
      if (t + MINUTE_MS <= b && insideOneBucket(layout, t, t + MINUTE_MS))
        push(plan.minutes, t, t + MINUTE_MS);
      else push(plan.raw, t, Math.min(t + MINUTE_MS, b));
      t += MINUTE_MS;
    }
  };
  /** The part [a, b) of one day cell that day rows cannot give: hour rows, else finer. */
  const hours = (a: number, b: number) => {
    for (let h = Math.floor(a / HOUR_MS) * HOUR_MS; h < b; h += HOUR_MS) {
      const from = Math.max(h, a);
      const to = Math.min(h + HOUR_MS, b);
      const whole = from === h && to === h + HOUR_MS;
      if (whole && !dirtyHours.has(h) && insideOneBucket(layout, h, to)) push(plan.hours, h, to);
      else fine(from, to);
    }
  };
  for (let d = Math.floor(fromMs / DAY_MS) * DAY_MS; d < toMs; d += DAY_MS) {
    const a = Math.max(d, fromMs);
    const b = Math.min(d + DAY_MS, toMs);
    const whole = a === d && b === d + DAY_MS;
    if (whole && !dirtyDays.has(d) && insideOneBucket(layout, d, b)) push(plan.days, d, b);
    else hours(a, b);
  }
  return plan;
}

/** Milliseconds a plan reads from rollup rows (days, hours and minutes). */
export const rolledMs = (plan: RollupPlan) =>
  [...plan.days, ...plan.hours, ...plan.minutes].reduce((sum, [a, b]) => sum + (b - a), 0);
