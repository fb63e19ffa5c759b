/** Calls and Logs explorer constants (spec 002 §2.11, §7.3, §8, §9). */

/** Call stats filter fields of spec 002 §9; the text ones take '=' only. */
export const CALL_STATS_TEXT_FIELDS = ['agent', 'contactId', 'agentISP'] as const;
export const CALL_STATS_NUMERIC_FIELDS = [
  'mos',
  'jitter',
  'rtt',
  'packetsLostFraction',
  'durationSeconds',
] as const;
export const CALL_STATS_FILTER_FIELDS = [
  ...CALL_STATS_TEXT_FIELDS,
  ...CALL_STATS_NUMERIC_FIELDS,
] as const;
export type CallStatsTextField = (typeof CALL_STATS_TEXT_FIELDS)[number];
export type CallStatsNumericField = (typeof CALL_STATS_NUMERIC_FIELDS)[number];
export type CallStatsFilterField = (typeof CALL_STATS_FILTER_FIELDS)[number];

/** Call stats log sort columns (spec 002 §9). */
export const CALL_STATS_SORT_COLUMNS = [
  'timestamp',
  'agent',
  'agentISP',
  'mos',
  'jitter',
  'rtt',
  'packetsLostFraction',
  'durationSeconds',
] as const;
export type CallStatsSortColumn = (typeof CALL_STATS_SORT_COLUMNS)[number];

/** Agent log filter fields (operator '=') and sort columns (spec 002 §9). */
export const AGENT_LOG_FILTER_FIELDS = ['agent', 'level'] as const;
export type AgentLogFilterField = (typeof AGENT_LOG_FILTER_FIELDS)[number];
export const AGENT_LOG_SORT_COLUMNS = ['time', 'agent', 'level'] as const;
export type AgentLogSortColumn = (typeof AGENT_LOG_SORT_COLUMNS)[number];

/** Filter operators (spec 002 §9): numeric fields take all three, text fields '=' only. */
export const FILTER_OPERATORS = ['=', '>=', '<='] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Bounds the numeric From/To rules fill in (spec 002 §7.3). */
export const NUMERIC_FILTER_BOUNDS = { min: 0, max: 999999 } as const;

export const EXPLORER_LIMITS = {
  /** Rows per page (spec 002 §2.11, §9). */
  pageSize: 10,
  /** Largest page the API answers; the agent log download asks for this many (spec 002 §7.3). */
  maxSize: 1000,
  downloadSize: 1000,
  /** Deepest offset accepted: paging further than this is not a list a person reads. */
  maxFrom: 1_000_000,
  /** Matching rows counted exactly up to this many; beyond, the total is a lower bound. */
  totalCap: 10_000,
} as const;

/** Export file names (spec 002 §9). */
export const EXPLORER_EXPORTS = {
  csv: 'tableDownload.csv',
  agentLogs: 'agent-logs.json',
} as const;

/** Screen texts; the empty-table text is spec 002 §8's. */
export const EXPLORER_TEXTS = {
  callStatsTab: 'Call Stats Log',
  softphoneLogsTab: 'Softphone Logs',
  empty: 'No data Found',
  openInNewTab: 'Open in new Tab',
  close: 'Close',
  details: 'Details',
  missing: '-',
  /** Our own test calls (issue 33): their badge, the list's toggle and what they are. */
  testCall: 'Test call',
  includeTestCalls: 'Include test calls',
  testCallHint:
    'A test call placed by a GSM monitor or heartbeat test, not an agent: left out of rankings, quality figures and usage',
} as const;

/**
 * Decimals a numeric filter compares at: those the table shows (MOS to 2 decimals, spec 002 §9),
 * so that "mos = 4.3" finds the rows showing 4.30 although MOS is stored as a float.
 */
export const NUMERIC_FILTER_DECIMALS: Record<CallStatsNumericField, number> = {
  mos: 2,
  jitter: 1,
  rtt: 1,
  packetsLostFraction: 4,
  durationSeconds: 0,
};

/**
 * Packet loss is shown and typed as a percent; the API's packetsLostFraction bounds are
 * fractions, so a typed value is divided by this (the 0 and 999999 bounds are not).
 */
export const FILTER_VALUE_DIVISORS: Partial<Record<CallStatsNumericField, number>> = {
  packetsLostFraction: 100,
};
