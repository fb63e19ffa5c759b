/**
 * Local date-times of a named time zone (the explorer's fromTime/toTime with `timezone`,
 * spec 002 §7.3) turned into instants with Intl only, so it runs in browsers and Node alike.
 */

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for an IANA time zone name the runtime knows ('Europe/Paris', 'UTC'). */
export function isValidTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '') return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a time zone. */
export function zonedParts(
  instant: Date,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `instantMs`. */
function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const p = zonedParts(new Date(instantMs), timeZone);
  const wallMs = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wallMs - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant at which the zone's wall clock reads `wallMs` (a wall time written as UTC
 * milliseconds). The offset at the guessed instant may differ across a DST change: it is taken
 * once more there.
 */
export function wallTimeToInstant(wallMs: number, timeZone: string): Date {
  const guess = wallMs - zoneOffsetMs(wallMs, timeZone);
  return new Date(wallMs - zoneOffsetMs(guess, timeZone));
}

/**
 * The instant of a date-time: 'YYYY-MM-DDTHH:mm[:ss[.SSS]]' read on the wall clock of `timeZone`,
 * or an ISO date-time with its own offset (the zone is then unused). Null when it does not parse.
 */
export function zonedTimeToDate(text: string, timeZone: string): Date | null {
  const trimmed = text.trim();
  if (HAS_OFFSET.test(trimmed)) {
    const ms = Date.parse(trimmed);
    return Number.isFinite(ms) ? new Date(ms) : null;
  }
  const m = LOCAL_TIME.exec(trimmed);
  if (!m || !isValidTimeZone(timeZone)) return null;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0));
  const millis = Number((m[7] ?? '0').padEnd(3, '0'));
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined
  )
    return null;
  const wallMs = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(wallMs);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return wallTimeToInstant(wallMs, timeZone);
}
