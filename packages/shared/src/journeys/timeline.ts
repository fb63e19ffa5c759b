import { TIMELINE } from './constants.ts';

/**
 * The smallest tick step of spec 002 §9 that keeps labels at least 96 px apart on a timeline
 * `widthPx` wide showing `durationMs`; the largest step (12 h) when none does.
 */
export function timelineTickStepMs(durationMs: number, widthPx: number): number {
  const steps = TIMELINE.tickStepsMs;
  const largest = steps[steps.length - 1] ?? 1;
  if (!(durationMs > 0) || !(widthPx > 0)) return largest;
  for (const step of steps) {
    if ((step / durationMs) * widthPx >= TIMELINE.minLabelSpacingPx) return step;
  }
  return largest;
}

/** Tick offsets (ms from the trace start) from 0 to the duration. */
export function timelineTicks(durationMs: number, stepMs: number): number[] {
  const ticks: number[] = [];
  if (!(stepMs > 0) || !(durationMs >= 0)) return ticks;
  const count = Math.floor(durationMs / stepMs + 1e-9);
  for (let i = 0; i <= count; i++) ticks.push(i * stepMs);
  return ticks;
}

/** A tick label in the unit of the step: 200µs, 15ms, 2.5s, 5m, 3h (durations: formatDurationMs). */
export function formatTimelineOffset(ms: number, stepMs: number): string {
  const round = (n: number) => String(Math.round(n * 100) / 100);
  if (stepMs < 1) return `${round(ms * 1000)}µs`;
  if (stepMs < 1000) return `${round(ms)}ms`;
  if (stepMs < 60_000) return `${round(ms / 1000)}s`;
  if (stepMs < 3_600_000) return `${round(ms / 60_000)}m`;
  return `${round(ms / 3_600_000)}h`;
}

/** Left offset and width of a span bar in percent of the trace, at least 0.2% wide. */
export function timelineBar(
  offsetMs: number,
  durationMs: number,
  traceDurationMs: number,
): { leftPercent: number; widthPercent: number } {
  if (!(traceDurationMs > 0)) return { leftPercent: 0, widthPercent: 100 };
  const widthPercent = Math.max(TIMELINE.minBarWidthPercent, (durationMs / traceDurationMs) * 100);
  const leftPercent = Math.min(
    Math.max(0, (offsetMs / traceDurationMs) * 100),
    100 - TIMELINE.minBarWidthPercent,
  );
  return { leftPercent, widthPercent: Math.min(widthPercent, 100 - leftPercent) };
}

/** Label indent of a span row: 12 px per level, capped at 12 levels. */
export function timelineIndentPx(depth: number): number {
  return Math.min(Math.max(0, depth), TIMELINE.maxIndentDepth) * TIMELINE.indentPxPerDepth;
}
