const MINUTE_MS = 60_000;

/**
 * The first slot of a schedule strictly after `now`, on the grid anchored at `anchor` with
 * `minutes` between slots; null for Run Once (0 minutes). Missed slots are skipped, never
 * piled up: after downtime the next run is the next slot on the grid.
 */
export function nextSlotAfter(anchor: Date, minutes: number, now: Date): Date | null {
  if (minutes <= 0) return null;
  const step = minutes * MINUTE_MS;
  const since = now.getTime() - anchor.getTime();
  const n = since < 0 ? 0 : Math.floor(since / step) + 1;
  return new Date(anchor.getTime() + n * step);
}

/** The slot due now: the latest grid slot at or before `now` (what a late scheduler runs). */
export function dueSlot(anchor: Date, minutes: number, now: Date): Date {
  if (minutes <= 0) return anchor;
  const step = minutes * MINUTE_MS;
  const since = Math.max(0, now.getTime() - anchor.getTime());
  return new Date(anchor.getTime() + Math.floor(since / step) * step);
}
