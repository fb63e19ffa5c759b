/** The two kinds of synthetic jobs: GSM monitor runs and heartbeat test calls. */
export type JobKind = 'monitor' | 'heartbeat';

const JOBS_PATH: Record<JobKind, string> = {
  monitor: '/gsm/monitors/jobs',
  heartbeat: '/gsm/heartbeat/jobs',
};

/** The API path of a kind's jobs, or of one job and what is under it ('stats', 'insights'). */
export const jobsPath = (kind: JobKind, ...rest: string[]) =>
  [JOBS_PATH[kind], ...rest.map(encodeURIComponent)].join('/');

/** The root query key of a kind's jobs; push updates and mutations invalidate under it. */
export const jobsQueryKey = (groupId: string, kind: JobKind) =>
  ['groups', groupId, 'synthetic-jobs', kind] as const;

/** The key of one job: its details, and under it its stats and insights. */
export const jobQueryKey = (groupId: string, kind: JobKind, jobId: string) =>
  [...jobsQueryKey(groupId, kind), 'job', jobId] as const;
