import { REGION_HEALTH_THRESHOLDS } from './constants.ts';
import type { RegionHealth } from './schemas.ts';

type Level = Exclude<RegionHealth, 'none'>;
const ORDER: readonly Level[] = ['green', 'yellow', 'red'];

const level = (value: number, bands: { green: number; yellow: number }): Level =>
  value >= bands.green ? 'green' : value >= bands.yellow ? 'yellow' : 'red';

/**
 * A region's health on the status map (decision G-map): none without a finished job, else the
 * worse of its share Completed among finished jobs (>= 90 % green, >= 75 % yellow, else red) and
 * its lowest mean CX, AX or Network score (>= 8 green, >= 6 yellow, else red).
 */
export function regionHealth(figures: {
  finished: number;
  completedPercentage: number | null;
  cxScore: number | null;
  axScore: number | null;
  networkScore: number | null;
}): RegionHealth {
  if (figures.finished === 0 || figures.completedPercentage === null) return 'none';
  const t = REGION_HEALTH_THRESHOLDS;
  const levels = [level(figures.completedPercentage, t.completedPercentage)];
  const scores = [figures.cxScore, figures.axScore, figures.networkScore].filter(
    (s): s is number => s !== null,
  );
  if (scores.length > 0) levels.push(level(Math.min(...scores), t.lowestScore));
  return levels.reduce((worst, l) => (ORDER.indexOf(l) > ORDER.indexOf(worst) ? l : worst));
}

/** How much worse one health is than another (none counts as unknown, below green). */
export const healthRank = (health: RegionHealth): number =>
  health === 'none' ? -1 : ORDER.indexOf(health);
