import {
  TIME_RANGE_DAYS,
  formatDisplayDate,
  parseAbsoluteTime,
  quickRangeByLabel,
  resolveTimePoint,
} from '@callsight/shared';
import type { TimeSpan } from '../../../components/charts/index.ts';

/**
 * A dashboard's range, as its `filter` parameter's `range` says it: one of the dashboard's
 * ('Last day'), a quick range of the time-range picker ('Last 15 minutes'), or a stretch picked
 * by dragging across a chart, written as an ISO 8601 interval (`<from>/<to>`, both instants).
 */
export type DashboardRangeText = string;

const isDashboardRange = (label: string): label is keyof typeof TIME_RANGE_DAYS =>
  Object.hasOwn(TIME_RANGE_DAYS, label);

/** The shortest stretch a drag zooms to: a minute (one bucket of the finest grain). */
const MIN_ZOOM_MS = 60_000;

/** A stretch of time as a range text (an ISO 8601 interval), to whole seconds. */
export function intervalRange(span: TimeSpan): DashboardRangeText {
  const from = Math.floor(span.from / 1000) * 1000;
  const to = Math.ceil(span.to / 1000) * 1000;
  return `${new Date(from).toISOString()}/${new Date(to).toISOString()}`;
}

/** The stretch of a range text that is an interval, else null. */
export function parseIntervalRange(text: string): { from: Date; to: Date } | null {
  const [fromText, toText, ...rest] = text.split('/');
  if (fromText === undefined || toText === undefined || rest.length) return null;
  const from = parseAbsoluteTime(fromText);
  const to = parseAbsoluteTime(toText);
  return from && to && from.getTime() < to.getTime() ? { from, to } : null;
}

/** Whether a range text names a range the dashboard can read (a label or an interval). */
export function isKnownRange(text: string): boolean {
  return (
    isDashboardRange(text) || quickRangeByLabel(text) !== null || parseIntervalRange(text) !== null
  );
}

/**
 * The window of a range (the dashboard's, a quick range such as 'Last 15 minutes', or an
 * interval); anything else reads the last 28 days.
 */
export function rangeWindow(label: string, now: Date): { from: string; to: string } {
  const interval = parseIntervalRange(label);
  if (interval) return { from: interval.from.toISOString(), to: interval.to.toISOString() };
  const quick = isDashboardRange(label) ? null : quickRangeByLabel(label);
  if (quick)
    return {
      from: resolveTimePoint(quick.from, now).toISOString(),
      to: resolveTimePoint(quick.to, now, { roundUp: true }).toISOString(),
    };
  const days = isDashboardRange(label) ? TIME_RANGE_DAYS[label] : TIME_RANGE_DAYS['Last 28 days'];
  return { from: new Date(now.getTime() - days * 86_400_000).toISOString(), to: now.toISOString() };
}

/** How a range reads: its label, or an interval's ends as the time-range picker writes them. */
export function rangeLabel(text: string): string {
  const interval = parseIntervalRange(text);
  if (!interval) return quickRangeByLabel(text)?.label ?? text;
  const end = (d: Date) => formatDisplayDate(d, { style: 'minutes' });
  return `${end(interval.from)} to ${end(interval.to)}`;
}

/** The stretch a drag picked, kept inside the window it was drawn over, at least a minute long. */
export function zoomSpan(picked: TimeSpan, window: TimeSpan): TimeSpan {
  const from = Math.max(window.from, Math.min(picked.from, picked.to));
  const to = Math.min(window.to, Math.max(picked.from, picked.to));
  if (to - from >= MIN_ZOOM_MS) return { from, to };
  const middle = (from + to) / 2;
  const half = MIN_ZOOM_MS / 2;
  const start = Math.max(window.from, Math.min(middle - half, window.to - MIN_ZOOM_MS));
  return { from: start, to: start + MIN_ZOOM_MS };
}
