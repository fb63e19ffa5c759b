/** Quality bands of the explorer's cells (colour by quality), from the documented thresholds. */
import { QUALITY_THRESHOLDS } from '../telemetry/constants.ts';

export type QualityBand = 'good' | 'warning' | 'bad' | 'unknown';

/**
 * MOS band: at or below 3.0 bad, at or below 3.6 warning (the Very Poor / Poor Call Quality
 * thresholds), otherwise good.
 */
export function mosBand(mos: number | null): QualityBand {
  if (mos === null) return 'unknown';
  const { poor, veryPoor } = QUALITY_THRESHOLDS.callQualityMos;
  if (mos <= veryPoor) return 'bad';
  if (mos <= poor) return 'warning';
  return 'good';
}

/** Score bands out of 10: 9 or more good; 6 or more warning (one or two defects); else bad. */
export const SCORE_BANDS = { good: 9, warning: 6 } as const;

export function scoreBand(score: number | null): QualityBand {
  if (score === null) return 'unknown';
  if (score >= SCORE_BANDS.good) return 'good';
  if (score >= SCORE_BANDS.warning) return 'warning';
  return 'bad';
}

/** A "higher is worse" measure against its high / very high thresholds. */
function higherIsWorse(value: number | null, t: { high: number; veryHigh: number }): QualityBand {
  if (value === null) return 'unknown';
  if (value > t.veryHigh) return 'bad';
  if (value > t.high) return 'warning';
  return 'good';
}

export const jitterBand = (ms: number | null) => higherIsWorse(ms, QUALITY_THRESHOLDS.jitterMs);
export const rttBand = (ms: number | null) => higherIsWorse(ms, QUALITY_THRESHOLDS.rttMs);
export const packetLossBand = (fraction: number | null) =>
  higherIsWorse(fraction === null ? null : fraction * 100, QUALITY_THRESHOLDS.packetLossPercent);
