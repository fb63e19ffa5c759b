/**
 * Loss percent of a hop's score against the spec's POLQA reference (spec 002 §9): 4.5 for the
 * standard (narrowband) hops, 4.8 for the wideband ones. The formula is the shared one.
 */
import { lossPercent } from '@callsight/shared';
import { SCORE_TOP, type Band } from './quality.ts';

export { lossPercent };

/** The reference score a hop's loss is stated against: the top of its band's scale. */
export function referenceScore(band: Band): number {
  return SCORE_TOP[band];
}
