import type { RegionHealth } from '@callsight/shared';

/** Texts of the GSM status map (spec 002 §2.5 gives none; ours). */
export const STATUS_TEXTS = {
  title: 'GSM Status Map',
  subtitle: 'Where your GSM monitors pass and fail, by connect region and agent region.',
  mapLabel: 'World map of the regions: bubble size is the number of jobs, colour their health',
  mapFailed: 'The world map could not be loaded.',
  loadFailed: 'An error occurred while retrieving the region status.',
  jobsLoadFailed: 'An error occurred while retrieving the latest jobs.',
  connectRegions: 'Connect regions',
  agentRegions: 'Agent regions',
  connect: 'Connect',
  agent: 'Agent',
  regionsTitle: 'Regions',
  latestJobs: 'Latest jobs',
  latestJobsOf: (region: string, role: string) => `Latest jobs: ${region} (${role} region)`,
  allLogs: 'All GSM logs',
  sizeNote: 'Bubble size: jobs in the range. Click a region for its latest jobs.',
  region: 'Region',
  role: 'Type',
  jobs: 'Jobs',
  completed: 'Completed',
  meanScores: 'Mean CX / AX / Network',
  lastJob: 'Last Job',
  health: 'Health',
  finishedOf: (finished: number) => `${finished} finished`,
} as const;

/** A region's health in words (decision G-map), so that it is not told by colour alone. */
export const HEALTH_LABELS: Record<RegionHealth, string> = {
  green: 'Healthy',
  yellow: 'Degraded',
  red: 'Impaired',
  none: 'No results yet',
};
