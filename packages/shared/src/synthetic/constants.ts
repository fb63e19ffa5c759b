/**
 * Synthetic test calls (issue 18, spec 002 §2.1-2.9, §9): GSM monitors and heartbeat tests,
 * their schedules, regions, job statuses and texts.
 */

/** Monitor schedules (§9): Run Once (0m) or Every 30m; minutes between runs, 0 = once. */
export const MONITOR_SCHEDULES = [
  { value: 0, label: 'Run Once' },
  { value: 30, label: 'Every 30m' },
] as const;

/** Heartbeat test schedules (§9): Run Once, 15m, 30m, 60m. */
export const TEST_SCHEDULES = [
  { value: 0, label: 'Run Once' },
  { value: 15, label: '15m' },
  { value: 30, label: '30m' },
  { value: 60, label: '60m' },
] as const;

export const MONITOR_SCHEDULE_MINUTES = MONITOR_SCHEDULES.map((s) => s.value);
export const TEST_SCHEDULE_MINUTES = TEST_SCHEDULES.map((s) => s.value);

/** Monitor connect regions (§9). */
export const CONNECT_REGION_NAMES = [
  'North Virginia',
  'Oregon',
  'Singapore',
  'Sydney',
  'Tokyo',
  'Frankfurt',
  'London',
] as const;

/** Agent regions: Los Angeles and Mumbai instead of Oregon and Singapore (§9). */
export const AGENT_REGION_NAMES = [
  'North Virginia',
  'Los Angeles',
  'Mumbai',
  'Sydney',
  'Tokyo',
  'Frankfurt',
  'London',
] as const;

/** The Amazon Connect region of each connect region name (connect numbers are set per code). */
export const CONNECT_REGION_CODES: Record<string, string> = {
  'North Virginia': 'us-east-1',
  Oregon: 'us-west-2',
  Singapore: 'ap-southeast-1',
  Sydney: 'ap-southeast-2',
  Tokyo: 'ap-northeast-1',
  Frankfurt: 'eu-central-1',
  London: 'eu-west-2',
};

/** Every probe region (a connect or an agent region). */
export const PROBE_REGION_NAMES = [
  ...new Set<string>([...CONNECT_REGION_NAMES, ...AGENT_REGION_NAMES]),
] as readonly string[];

export const AGENT_TYPES = [
  { value: 'HUMAN_AGENT', label: 'Human' },
  { value: 'VIRTUAL_AGENT', label: 'Virtual' },
] as const;
export type AgentType = (typeof AGENT_TYPES)[number]['value'];
export const AGENT_TYPE_VALUES = ['HUMAN_AGENT', 'VIRTUAL_AGENT'] as const;

/** 'Human' for HUMAN_AGENT, otherwise 'Virtual' (§2.6). */
export const agentTypeLabel = (type: string) => (type === 'HUMAN_AGENT' ? 'Human' : 'Virtual');

/** Job statuses (§4), and Running while a job is under way (ours). */
export const JOB_STATUSES = [
  'Completed',
  'Poor Call Quality',
  'Busy',
  'No Answer',
  'Failed',
  'Call Disconnected Prematurely',
  'Call Failed',
  'Agent Error',
  'Call Not Accepted',
  'Call Not Accepted by Agent',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATES = [...JOB_STATUSES, 'Queued', 'Running'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The four failure statuses whose scores the logs show as 'N/A' (§4). */
export const NO_SCORE_STATUSES: readonly JobStatus[] = [
  'Call Failed',
  'Agent Error',
  'Call Not Accepted',
  'Call Not Accepted by Agent',
];

/** Statuses counted as telephony outcomes (§9); the telephony score is the share Completed. */
export const TELEPHONY_STATUSES: readonly JobStatus[] = [
  'Completed',
  'Busy',
  'No Answer',
  'Failed',
  'Call Disconnected Prematurely',
];

/** Statuses whose jobs have scores (insights and period stats count these, §7.1). */
export const SCORED_STATUSES: readonly JobStatus[] = ['Completed', 'Poor Call Quality'];

/** The four hops scored on the POLQA scale (§2.3), with their reference scores (§9). */
export const AUDIO_HOPS = [
  { location: 'dialler_to_connect', reference: 4.5, type: 'standard', direction: 'outbound' },
  { location: 'connect_to_dialler', reference: 4.5, type: 'standard', direction: 'inbound' },
  { location: 'agent_to_connect', reference: 4.8, type: 'wideband', direction: 'inbound' },
  { location: 'connect_to_agent', reference: 4.8, type: 'wideband', direction: 'outbound' },
] as const;
export type AudioHopLocation = (typeof AUDIO_HOPS)[number]['location'];
export const AUDIO_HOP_LOCATIONS = AUDIO_HOPS.map((h) => h.location) as [
  AudioHopLocation,
  ...AudioHopLocation[],
];

/** Default windows and page sizes (§2, §9). */
export const SYNTHETIC_LIMITS = {
  monitorsWindowMs: 30 * 24 * 3600_000,
  logsWindowMs: 7 * 24 * 3600_000,
  insightsWindowMs: 4 * 3600_000,
  pageSize: 10,
  insightsPageSize: 5,
  insightsPageSizeOptions: [5, 10, 50],
  maxPageSize: 1000,
  refetchThrottleMs: 2000,
  audioZoom: { min: 20, max: 100 },
  descriptionMaxLength: 500,
  maxAgents: 20,
  maxRegions: 7,
} as const;

/**
 * The push channels of job updates, keyed by the group, one per job kind so that each reaches
 * only the readers of its jobs: heartbeat jobs on spec 002 §4's 'heartbeatJobs' (the heartbeat
 * logs and insights pages: viewers, admins, super users), GSM monitor jobs on 'monitorJobs' (the
 * GSM pages: super users). The server refuses a subscription its role may not read.
 */
export const SYNTHETIC_PUSH_CHANNELS = {
  heartbeat: 'heartbeatJobs',
  monitor: 'monitorJobs',
} as const satisfies Record<'heartbeat' | 'monitor', string>;

/** Texts of spec 002 §5 and §8, letter for letter; ours are marked. */
export const SYNTHETIC_TEXTS = {
  descriptionRequired: 'Please enter a Description.',
  connectRegionsRequired: 'Please select Connect Region(s).',
  agentRegionsRequired: 'Please select Agent Region(s).',
  monitorScheduleRequired: 'Please select a Schedule.',
  testNumbersRequired: "Please select a 'To' and 'From' Number and enter a description.",
  agentTypeRequired: 'Please select Agent Type.',
  agentsRequired: 'Please enter Target Agent(s).',
  testScheduleRequired: 'Please select Schedule.',
  heartbeatLoadFailed: 'An error occurred while retrieving heartbeat.',
  disableTestFailed: 'An error occurred while disabling the test',
  monitorsLoadFailed: 'An error occurred while retrieving Monitors.',
  monitorDisabled: 'Monitor is successfully disabled',
  monitorDisableFailed: 'An error occurred while disabling the monitor',
  monitorCreateFailed: 'An error occurred while creating the monitor.',
  jobCreated: 'A new job has been created successfully.',
  fromNumbersFailed: "Failed to retrieve available 'From' numbers",
  configsFailed: 'An error occurred while retrieving configs',
  testsLoadFailed: 'An error occurred while retrieving Tests List',
  testDisabled: 'Test is successfully disabled.',
  jobDetailsFailed: 'An error occurred while retrieving Job Details',
  jobInsightsFailed: 'An error occurred while retrieving Job Insights',
  jobStatsFailed: 'An error occurred while retrieving Job Stats',
  noData: 'No data received',
  noAudioQuality: 'No audio quality data available',
  noAudioLatency: 'No audio latency data available',
  noDataFound: 'No data Found',
  notScheduled: 'Not scheduled',
  disabled: 'Disabled',
  retestPrefix: '[Retest]',
  notAvailable: 'N/A',
  // Ours:
  monitorCreated: 'Monitor created successfully.',
  monitorNotFound: 'Monitor not found',
  testNotFound: 'Heartbeat test not found',
  jobNotFound: 'Job not found',
  heartbeatDisabled: 'Heartbeat is not enabled for this group',
  recordingNotFound: 'This hop has no recording',
  unknownRegion: (region: string) => `${region} is not a known region`,
  scheduleNotAllowed: (allowed: readonly number[]) =>
    `Schedule must be one of ${allowed.map((m) => (m === 0 ? 'Run Once' : `${m}m`)).join(', ')}`,
  transcriptionUnavailable: 'not available',
  transcriptionNotInstalled: 'speech-to-text engine not installed: see README',
  /** The Timestamp filter's clear (§5), named by the page's default range. */
  resetRange: (defaultLabel: string) => `Reset to ${defaultLabel}`,
} as const;

/** Why a test call has no transcription (its details' transcription.unavailableReason). */
export const TRANSCRIPTION_UNAVAILABLE_REASONS = ['notInstalled', 'turnedOff', 'failed'] as const;

/** What the contact-centre simulator does with a test call (server adapters/dialler/contact-centre.ts). */
export const CONTACT_CENTRE_BEHAVIOURS = [
  'answer',
  'busy',
  'noAnswer',
  'failed',
  'noResponse',
  'hangUpEarly',
  'unknownAgent',
  'softphoneError',
  'queueTimeout',
  'notAccepted',
  'poorAudio',
] as const;

/** How the contact-centre simulator handled a call. */
export const CONTACT_ROUTINGS = [
  'contactFlow',
  'connected',
  'agentError',
  'queueTimeout',
  'notAcceptedByAgent',
  'hungUp',
] as const;

/**
 * Where each connect and agent region sits on the status map (§2.5): [longitude, latitude] of
 * its city (the AWS region's for the connect regions; ours, docs/decisions.md).
 */
export const REGION_COORDINATES: Readonly<Record<string, readonly [number, number]>> = {
  'North Virginia': [-77.49, 39.04],
  Oregon: [-119.7, 45.84],
  Singapore: [103.82, 1.35],
  Sydney: [151.21, -33.87],
  Tokyo: [139.69, 35.69],
  Frankfurt: [8.68, 50.11],
  London: [-0.13, 51.51],
  'Los Angeles': [-118.24, 34.05],
  Mumbai: [72.88, 19.08],
};

/**
 * A region's health on the status map (ours, docs/decisions.md), green, yellow or red like the
 * gauges: the worse of its share Completed among finished jobs and its lowest mean score.
 */
export const REGION_HEALTH_THRESHOLDS = {
  completedPercentage: { green: 90, yellow: 75 },
  lowestScore: { green: 8, yellow: 6 },
} as const;
