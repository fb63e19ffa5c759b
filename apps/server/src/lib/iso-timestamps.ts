import type { ByteWriter } from './byte-writer.ts';

const MINUTE_MS = 60_000;
/** 10000-01-01: from there on toISOString writes a six-digit, signed year. */
const YEAR_10000_MS = 253_402_300_800_000;
/** Bytes of `2026-11-23T10:00:00.000Z`. */
const ISO_TIMESTAMP_BYTES = 24;

/**
 * Writes `new Date(ms).toISOString()` for many times in order (a call's seconds): the text up to
 * the minute is kept and only the seconds and milliseconds are written, so a minute of seconds costs
 * one Date instead of sixty. Times outside years 1970-9999 or with a fraction of a millisecond
 * go through Date.
 */
export class IsoTimestamps {
  private minute = Number.NaN;
  private prefix = '';

  /** Whether `ms` takes the fast path (its text is ISO_TIMESTAMP_BYTES long). */
  private static usual(ms: number): boolean {
    return Number.isInteger(ms) && ms >= 0 && ms < YEAR_10000_MS;
  }

  /** The text up to the minute of `ms` (cached); answers the milliseconds within the minute. */
  private withinMinute(ms: number): number {
    const minute = Math.floor(ms / MINUTE_MS);
    if (minute !== this.minute) {
      this.minute = minute;
      this.prefix = new Date(minute * MINUTE_MS).toISOString().slice(0, 17);
    }
    return ms - minute * MINUTE_MS;
  }

  /** Writes `new Date(ms).toISOString()` into `w` (room for it is made here). */
  write(w: ByteWriter, ms: number): void {
    if (!IsoTimestamps.usual(ms)) {
      w.utf8(new Date(ms).toISOString());
      return;
    }
    w.ensure(ISO_TIMESTAMP_BYTES);
    const rest = this.withinMinute(ms);
    const seconds = Math.floor(rest / 1000);
    const milli = rest - seconds * 1000;
    w.ascii(this.prefix);
    w.byte(48 + Math.floor(seconds / 10));
    w.byte(48 + (seconds % 10));
    w.byte(46); // .
    w.byte(48 + Math.floor(milli / 100));
    w.byte(48 + (Math.floor(milli / 10) % 10));
    w.byte(48 + (milli % 10));
    w.byte(90); // Z
  }
}
