import dayjs from 'dayjs';
import { formatDisplayDate } from '@callsight/shared';

const DAY_MS = 86_400_000;

const isMidnight = (ms: number) => {
  const d = dayjs(ms);
  return d.hour() === 0 && d.minute() === 0 && d.second() === 0 && d.millisecond() === 0;
};

/**
 * A tick of a time axis in the viewer's time zone, for ticks `stepMs` apart at least (a chart's
 * bucket): the day when steps are days (and at midnight), else the time of day.
 */
export function timeTickLabel(ms: number, stepMs: number): string {
  if (stepMs >= DAY_MS || isMidnight(ms)) return formatDisplayDate(ms, { style: 'date' });
  return formatDisplayDate(ms, { style: 'time' });
}
