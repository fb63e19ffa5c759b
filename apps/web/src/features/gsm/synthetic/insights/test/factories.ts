import {
  InsightJobSchema,
  type InsightJob,
  type PeriodStats,
  type SyntheticJob,
} from '@callsight/shared';

type Figures = Partial<Omit<PeriodStats['current'], 'from' | 'to'>>;

/** Period stats of a window and the one before it (4 hours each). */
export function makePeriodStats(current: Figures = {}, previous: Figures = {}): PeriodStats {
  const base = { count: 10, completedPercentage: 90, cxScore: 8, axScore: 8, networkScore: 8 };
  return {
    current: {
      from: '2026-03-01T06:00:00.000Z',
      to: '2026-03-01T10:00:00.000Z',
      ...base,
      ...current,
    },
    previous: {
      from: '2026-03-01T02:00:00.000Z',
      to: '2026-03-01T06:00:00.000Z',
      ...base,
      ...previous,
    },
  };
}

/** Jobs as GET …/jobs?view=insights answers them: only the insights rows' fields. */
export const insightRows = (jobs: readonly SyntheticJob[]): InsightJob[] =>
  jobs.map((job) => InsightJobSchema.parse(job));
