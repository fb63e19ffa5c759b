/** Call telemetry constants: ingestion limits, chart values (spec 002 §9), insight thresholds, tags, weights. */

/** Ingestion batch limits per request. */
export const INGEST_LIMITS = {
  maxSamplesPerRequest: 10_000,
  maxCallsPerRequest: 1_000,
  maxLogsPerRequest: 10_000,
  maxEventsPerRequest: 10_000,
  /** Rejected items listed in one answer; the count says how many there were in all. */
  maxRejectedListed: 1_000,
  contactIdMaxLength: 200,
  agentMaxLength: 200,
  logTextMaxLength: 8_000,
  /** Texts inside an event's `data` longer than this are kept cut, with truncateText's marker. */
  eventDataTextMaxLength: 4_096,
  /** An event's `data` as JSON, after its texts are cut: larger data refuses the event. */
  eventDataMaxLength: 32_768,
  /** Samples more than this far in the future (clock skew) are refused. */
  maxFutureSkewMs: 24 * 60 * 60 * 1000,
} as const;

/** Agent status of a second, with its chart value (spec 002 §9: Talk 3, Mute 2, Hold 1, else 0). */
export const AGENT_STATUSES = ['Talk', 'On Mute', 'On Hold'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];
export const AGENT_STATUS_CHART_VALUES: Record<AgentStatus, number> = {
  Talk: 3,
  'On Mute': 2,
  'On Hold': 1,
};

/** Softphone log levels with their chart values (spec 002 §9: INFO 1, WARN 2, ERROR 3). */
export const LOG_LEVELS = ['INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_LEVEL_CHART_VALUES: Record<LogLevel, number> = { INFO: 1, WARN: 2, ERROR: 3 };

/** Contact directions (Amazon Connect initiation methods; other softphones use the first two). */
export const CALL_DIRECTIONS = [
  'INBOUND',
  'OUTBOUND',
  'TRANSFER',
  'QUEUE_TRANSFER',
  'CALLBACK',
  'API',
] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/**
 * Per-call insight thresholds (DOMAIN.md). "high" fires the warning tag, "veryHigh" its "Very"
 * variant. Durations are in seconds of a run of consecutive samples.
 */
export const QUALITY_THRESHOLDS = {
  /** MOS below this for more than `mosSeconds` → Poor MOS; below `veryPoor` (or zero) → Very Poor MOS. */
  mos: { poor: 3.5, veryPoor: 3.0 },
  mosSeconds: 10,
  jitterMs: { high: 30, veryHigh: 60 },
  packetLossPercent: { high: 1, veryHigh: 2.5 },
  rttMs: { high: 300, veryHigh: 500 },
  /** Estimated one-way audio latency (ITU-T G.114: impact from 150 ms, unacceptable over 400 ms). */
  audioLatencyMs: { high: 150, veryHigh: 400 },
  /** CPU available below 20 % (usage over 80 %) for more than 30 s → High; below 10 % → Very High. */
  cpuAvailablePercent: { high: 20, veryHigh: 10 },
  memoryUsedPercent: { high: 80, veryHigh: 90 },
  resourceSeconds: 30,
  /** No inbound packets (outside hold) for this many seconds or more → one-way audio. */
  noInboundAudioSeconds: 5,
  /** On hold or on mute for this many seconds or more when the call ended. */
  endedOnHoldSeconds: 30,
  /** Whole-call average MOS at or below these → Poor / Very Poor Call Quality (rating bands 2 and 1). */
  callQualityMos: { poor: 3.6, veryPoor: 3.0 },
} as const;

/** Run patterns: a spike lasts under `sustainedSeconds`; a sustained run lasts that long or more. */
export const QUALITY_PATTERNS = {
  sustainedSeconds: 3,
  /** Largest gap between two samples that still continues a run (one missing second tolerated). */
  gapToleranceMs: 2_500,
  /** CPU and memory are sampled every 5 s in the field: a wider gap continues their runs. */
  resourceGapToleranceMs: 10_000,
} as const;

/**
 * Warning tags of spec 002 §9. A tag starting with "Very" is the severe one (red); the others
 * are warnings (yellow). Each group yields at most one tag per call.
 */
export const CALL_TAGS = {
  poorCallQuality: 'Poor Call Quality',
  veryPoorCallQuality: 'Very Poor Call Quality',
  poorMos: 'Poor MOS',
  veryPoorMos: 'Very Poor MOS',
  highAudioLatency: 'High Audio Latency',
  veryHighAudioLatency: 'Very High Audio Latency',
  highJitter: 'High Jitter',
  veryHighJitter: 'Very High Jitter',
  highPacketLoss: 'High Packet Loss',
  veryHighPacketLoss: 'Very High Packet Loss',
  highRtt: 'High RTT',
  veryHighRtt: 'Very High RTT',
  highCpu: 'High CPU Usage',
  veryHighCpu: 'Very High CPU Usage',
  highMemory: 'High Memory Usage',
  veryHighMemory: 'Very High Memory Usage',
  oneWayAudio: 'One-Way Audio',
  endedOnHold: 'Ended On Hold',
  endedOnMute: 'Ended On Mute',
  softphoneError: 'Softphone Error',
  unsupportedBrowser: 'Unsupported Browser',
} as const;
export type CallTag = (typeof CALL_TAGS)[keyof typeof CALL_TAGS];

/** Groups of tags as spec 002 §9 lists them; the status cell shows the group's tag or its default text. */
export const CALL_TAG_GROUPS = {
  callQuality: [CALL_TAGS.poorCallQuality, CALL_TAGS.veryPoorCallQuality],
  mos: [CALL_TAGS.poorMos, CALL_TAGS.veryPoorMos],
  audioLatency: [CALL_TAGS.highAudioLatency, CALL_TAGS.veryHighAudioLatency],
  jitter: [CALL_TAGS.highJitter, CALL_TAGS.veryHighJitter],
  packetLoss: [CALL_TAGS.highPacketLoss, CALL_TAGS.veryHighPacketLoss],
  rtt: [CALL_TAGS.highRtt, CALL_TAGS.veryHighRtt],
  cpu: [CALL_TAGS.highCpu, CALL_TAGS.veryHighCpu],
  memory: [CALL_TAGS.highMemory, CALL_TAGS.veryHighMemory],
  audio: [CALL_TAGS.oneWayAudio],
  hold: [CALL_TAGS.endedOnHold, CALL_TAGS.endedOnMute],
  softphone: [CALL_TAGS.softphoneError],
  browser: [CALL_TAGS.unsupportedBrowser],
} as const satisfies Record<string, readonly CallTag[]>;
export type CallTagGroup = keyof typeof CALL_TAG_GROUPS;

/** Status cell text when a group has no tag (spec 002 §9: Good, Normal for latency). */
export const CALL_TAG_DEFAULT_TEXT = { default: 'Good', audioLatency: 'Normal' } as const;

/**
 * Score deductions per tag: a call starts at 10 and loses these, floored at 0 (spec 002 §1). What
 * the listener hears weighs most (MOS, one-way audio, loss); causes on the agent's machine and
 * behaviour weigh least; "Ended On Hold/Mute" is informational only.
 */
export const CALL_SCORE_WEIGHTS: Record<CallTag, number> = {
  'Poor Call Quality': 2,
  'Very Poor Call Quality': 4,
  'Poor MOS': 2,
  'Very Poor MOS': 4,
  'One-Way Audio': 4,
  'High Packet Loss': 1,
  'Very High Packet Loss': 3,
  'High Jitter': 1,
  'Very High Jitter': 2,
  'High RTT': 1,
  'Very High RTT': 2,
  'High Audio Latency': 1,
  'Very High Audio Latency': 2,
  'High CPU Usage': 1,
  'Very High CPU Usage': 2,
  'High Memory Usage': 1,
  'Very High Memory Usage': 2,
  'Softphone Error': 1,
  'Unsupported Browser': 1,
  'Ended On Hold': 0,
  'Ended On Mute': 0,
};

export const CALL_SCORE_MAX = 10;

/** Oldest browser majors we support (Chromium older than 120 is a high technology risk, DOMAIN.md). */
export const SUPPORTED_BROWSERS = {
  chromium: 120,
  firefox: 115,
} as const;

/** Messages of the ingestion API. */
export const INGEST_TEXTS = {
  tooManyItems: (count: number, max: number, noun: string) =>
    `A batch holds at most ${max} ${noun}; this one has ${count}. Send them in several requests.`,
  bodyTooLarge: (maxBytes: number) =>
    `Request body is larger than ${maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / (1024 * 1024))} MiB` : `${Math.round(maxBytes / 1024)} KiB`}. Send smaller batches.`,
  overloaded: 'The server is busy storing telemetry. Retry this batch in a few seconds.',
  allRejected: (count: number, noun: string) => `All ${count} ${noun} were rejected; see fields.`,
  futureTime: 'Time is more than 24 hours in the future',
} as const;

/** Push page of the Calls and Logs explorer: the server announces each new call there. */
export const EXPLORER_PUSH_PAGE = 'explorer';

/**
 * Bounds of a call's agent groups and CTR attributes in the call summary: the ingest schema's,
 * which the browser collector applies before sending.
 */
export const CALL_GROUPING_LIMITS = {
  /** Agent Group 1 to 5: Amazon Connect's agent hierarchy has five levels. */
  agentGroupLevels: 5,
  agentGroupMaxLength: 200,
  ctrAttributes: 50,
  ctrAttributeKeyMaxLength: 200,
  ctrAttributeValueMaxLength: 1000,
} as const;
