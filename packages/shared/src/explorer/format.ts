/** Display formats of the explorer's cells and exports (spec 002 §9, spec 000 §9). */
import { formatDisplayDate } from '../common/date-display.ts';
import { EXPLORER_TEXTS } from './constants.ts';
import type { CallStatsRow } from './schemas.ts';

const MISSING = EXPLORER_TEXTS.missing;
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** DD-MM-YYYY HH:mm:ss in the viewer's time zone; '-' when missing or invalid. */
export function formatExplorerDate(iso: string | null): string {
  return formatDisplayDate(iso, { missing: MISSING });
}

/** MOS to 2 decimals (spec 002 §9). */
export const formatMos = (mos: number | null): string => (mos === null ? MISSING : mos.toFixed(2));

/** Milliseconds with at most one decimal (4.3, 120). */
export const formatMs = (ms: number | null): string =>
  ms === null ? MISSING : oneDecimal.format(ms);

/** A fraction as a percent with 2 decimals (0.0152 → 1.52%). */
export const formatPercent = (fraction: number | null): string =>
  fraction === null ? MISSING : `${(fraction * 100).toFixed(2)}%`;

/** A score out of 10 with at most one decimal; '-' while not measured (see measuredScore). */
export const formatScore = (score: number | null): string =>
  score === null ? MISSING : oneDecimal.format(score);

/** What a call's score is made of: its quality averages and its findings (warning tags). */
export interface ScoreEvidence {
  /** Average MOS, jitter, RTT and packet loss of the call (null: not measured). */
  measures: readonly (number | null)[];
  tagCount: number;
}

/**
 * A call's score once something it is made of was measured: a quality average (MOS, jitter,
 * RTT, packet loss) or a finding (tag). Before that (a live call's first moments, a call whose
 * softphone sent no stats) the stored score is only the starting 10: null, shown as '-'.
 */
export function measuredScore(score: number, evidence: ScoreEvidence): number | null {
  const measured = evidence.tagCount > 0 || evidence.measures.some((v) => v !== null);
  return measured ? score : null;
}

/** The score of a Call Stats Log row, null while not measured (measuredScore). */
export const callStatsRowScore = (row: CallStatsRow): number | null =>
  measuredScore(row.score, {
    measures: [row.mos.avg, row.jitter.avg, row.rtt.avg, row.totals.packetsLostFraction],
    tagCount: row.tags.length,
  });
