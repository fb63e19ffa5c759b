/** Texts of the insights pages that spec 002 does not give (ours); the spec's are in SYNTHETIC_TEXTS. */
export const INSIGHT_TEXTS = {
  gsmTitle: 'GSM Insights',
  gsmSubtitle: 'How your GSM monitor calls score over time, against the period before.',
  heartbeatTitle: 'Heartbeat Insights',
  heartbeatSubtitle: 'How your heartbeat test calls score over time, against the period before.',
  scoresOverTime: 'Scores over time',
  scatterHint: 'Click a point to open its job report.',
  regions: 'Regions',
  agentRegions: 'Agent Regions',
  agentType: 'Agent Type',
  targetPhoneNumber: 'Target Phone Number',
  any: 'All',
  addNumberHint: 'Type a number and press Enter',
  previousPeriod: 'Previous period',
  currentPeriod: 'This period',
  jobs: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'job' : 'jobs'}`,
  truncated: (shown: number, total: number) =>
    `Showing the latest ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} jobs.`,
  statsFailed: 'An error occurred while retrieving the period stats.',
  jobsFailed: 'An error occurred while retrieving the insights.',
  openReport: 'Open report',
  loadingPreview: 'Loading job details',
} as const;
