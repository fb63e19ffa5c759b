import {
  CALL_DETAIL_TEXTS,
  formatDisplayDate,
  formatDurationSeconds,
  measuredScore,
  scoreBand,
  type CallDetailSummary,
} from '@callsight/shared';

const NA = CALL_DETAIL_TEXTS.notAvailable;

/** A time as DD-MM-YYYY HH:mm:ss (spec 000 §9) in the browser's zone, or "N/A". */
export function formatDateTime(iso: string | null | undefined): string {
  return formatDisplayDate(iso, { missing: NA });
}

/** A text, or "N/A" when it is missing or blank. */
export function textOrNA(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value : NA;
}

/** A number with fixed decimals and an optional unit, or "-" when missing. */
export function formatNumber(value: number | null | undefined, decimals = 2, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) {
    return CALL_DETAIL_TEXTS.dash;
  }
  const text = value.toFixed(decimals);
  return unit ? `${text} ${unit}` : text;
}

/** Seconds in the product's one duration format ("1h 02m 05s", "5m 00s", "42s"); "N/A" when unknown. */
export const formatDuration = (seconds: number | null | undefined): string =>
  formatDurationSeconds(seconds, NA);

/** A warning tag starting with "Very" is severe (red), others are warnings (spec 002 §9). */
export const tagColor = (tag: string): 'error' | 'warning' =>
  tag.startsWith('Very') ? 'error' : 'warning';

/** The call's score out of 10, or null until something it is made of was measured (measuredScore). */
export function summaryScore(summary: CallDetailSummary): number | null {
  const m = summary.softphoneSummary.networkPerformanceMetrics;
  return measuredScore(summary.score, {
    measures: [m.mos.avg, m.jitterMs.avg, m.rttMs.avg, m.packetLoss.fraction],
    tagCount: summary.insights.tags.length,
  });
}

const SCORE_COLORS = {
  good: 'success',
  warning: 'warning',
  bad: 'error',
  unknown: 'default',
} as const;

/** Colour of a score out of 10: the explorer's bands (scoreBand), so a call reads the same in both. */
export const scoreColor = (score: number | null) => SCORE_COLORS[scoreBand(score)];
