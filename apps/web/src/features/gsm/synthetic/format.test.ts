import { describe, expect, it } from 'vitest';
import { absoluteRange, MONITOR_SCHEDULES, relativeRange, TEST_SCHEDULES } from '@callsight/shared';
import {
  fractionText,
  hopLabel,
  jobScoreText,
  lossText,
  measureText,
  megabytesText,
  mosText,
  scheduleText,
  scoreText,
} from './format.ts';
import { splitEnvelope, zoomWindowPercent } from './components/waveform.ts';
import { windowQuery } from './window-query.ts';

describe('synthetic formats', () => {
  it('shows a size in megabytes with its unit: MB, or GB from 1024 MB', () => {
    expect(megabytesText(512)).toBe('512 MB');
    expect(megabytesText(1536)).toBe('1.5 GB');
    expect(megabytesText(16384)).toBe('16 GB');
    expect(megabytesText(0.5)).toBe('0.5 MB');
    expect(megabytesText(null)).toBe('-');
    expect(megabytesText(Number.NaN)).toBe('-');
  });

  it('shows loss percent with 1 or 2 decimals and MOS with 2', () => {
    expect(lossText(((4.5 - 4.2) / 4.5) * 100)).toBe('6.67%');
    expect(lossText(5)).toBe('5.0%');
    expect(lossText(12.5)).toBe('12.5%');
    expect(lossText(null)).toBe('-');
    expect(mosText(4.2)).toBe('4.20');
    expect(mosText(null)).toBe('-');
  });

  it("shows scores, and 'N/A' for the four failure statuses only", () => {
    expect(scoreText(7.25)).toBe('7.3');
    expect(jobScoreText('Completed', 8)).toBe('8');
    expect(jobScoreText('Agent Error', 8)).toBe('N/A');
    expect(jobScoreText('Call Not Accepted', null)).toBe('N/A');
    expect(jobScoreText('Busy', null)).toBe('-');
  });

  it('names hops, schedules, fractions and measures', () => {
    expect(hopLabel('connect_to_agent')).toBe('Connect to Agent');
    expect(scheduleText(0, MONITOR_SCHEDULES)).toBe('Run Once');
    expect(scheduleText(30, MONITOR_SCHEDULES)).toBe('Every 30m');
    expect(scheduleText(60, TEST_SCHEDULES)).toBe('60m');
    expect(scheduleText(45, TEST_SCHEDULES)).toBe('45m');
    expect(fractionText(0.125)).toBe('12.5%');
    expect(measureText(12.345, 'ms')).toBe('12.35 ms');
    expect(measureText(null, 'ms')).toBe('-');
  });
});

describe('waveform', () => {
  it('splits interleaved min/max pairs, dropping an odd last value', () => {
    expect(splitEnvelope([-0.5, 0.5, -0.2, 0.3, 0.9])).toEqual({
      min: [-0.5, -0.2],
      max: [0.5, 0.3],
    });
  });

  it('shows the whole recording at zoom 20 and a fifth at 100, clamped', () => {
    expect(zoomWindowPercent(20, 20, 100)).toBe(100);
    expect(zoomWindowPercent(100, 20, 100)).toBe(20);
    expect(zoomWindowPercent(40, 20, 100)).toBe(50);
    expect(zoomWindowPercent(500, 20, 100)).toBe(20);
    expect(zoomWindowPercent(1, 20, 100)).toBe(100);
  });
});

describe('windowQuery', () => {
  it("resolves the start on the local wall clock and leaves an open end as 'now'", () => {
    const now = new Date(2026, 2, 10, 12, 0, 30, 500);
    expect(windowQuery(relativeRange('now-7d', 'now'), now)).toMatchObject({
      fromTime: '2026-03-03T12:00:30',
      toTime: 'now',
    });
    const range = absoluteRange(new Date(2026, 2, 1, 8), new Date(2026, 2, 2, 9));
    expect(windowQuery(range, now)).toMatchObject({
      fromTime: '2026-03-01T08:00:00',
      toTime: '2026-03-02T09:00:00',
    });
  });
});
