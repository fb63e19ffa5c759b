import { describe, expect, it } from 'vitest';
import {
  intervalRange,
  isKnownRange,
  parseIntervalRange,
  rangeLabel,
  rangeWindow,
  zoomSpan,
} from './dashboard-range.ts';

const at = (iso: string) => Date.parse(iso);

describe('dashboard ranges', () => {
  it('writes a zoomed stretch as an ISO 8601 interval, to whole seconds, and reads it back', () => {
    const text = intervalRange({
      from: at('2026-11-01T10:00:00.400Z'),
      to: at('2026-11-01T12:30:00.200Z'),
    });
    expect(text).toBe('2026-11-01T10:00:00.000Z/2026-11-01T12:30:01.000Z');
    expect(isKnownRange(text)).toBe(true);
    expect(rangeWindow(text, new Date())).toEqual({
      from: '2026-11-01T10:00:00.000Z',
      to: '2026-11-01T12:30:01.000Z',
    });
    expect(rangeLabel(text)).toMatch(/^01-11-2026 \d{2}:\d{2} to 01-11-2026 \d{2}:\d{2}$/);
    // An end before its start, or anything else, is not an interval.
    expect(parseIntervalRange('2026-11-01T12:00:00Z/2026-11-01T10:00:00Z')).toBeNull();
    expect(parseIntervalRange('Last day')).toBeNull();
    expect(isKnownRange('Last 30 Days')).toBe(true);
    expect(isKnownRange('yesterday-ish')).toBe(false);
    expect(rangeLabel('last 30 days')).toBe('Last 30 days');
  });

  it('keeps a dragged stretch inside the window it was drawn over, a minute at least', () => {
    const window = { from: 0, to: 3_600_000 };
    expect(zoomSpan({ from: 600_000, to: 1_200_000 }, window)).toEqual({
      from: 600_000,
      to: 1_200_000,
    });
    // Dragged right to left, and past the plot's ends.
    expect(zoomSpan({ from: 4_000_000, to: -5 }, window)).toEqual(window);
    expect(zoomSpan({ from: 100_000, to: 110_000 }, window)).toEqual({
      from: 75_000,
      to: 135_000,
    });
    expect(zoomSpan({ from: 3_599_000, to: 3_600_000 }, window)).toEqual({
      from: 3_540_000,
      to: 3_600_000,
    });
  });
});
