/** Copilot and AI summary texts of spec 002 §8, letter for letter. */
export const COPILOT_TEXTS = {
  problem: 'Sorry, there was a problem! Try again.',
  chartFailed: 'Unable to render chart',
} as const;

export const AI_SUMMARY_TEXTS = {
  /** Shown as `Error generating AI summary: {reason}` with a retry button. */
  errorPrefix: 'Error generating AI summary: ',
  defaultReason: 'Failed to generate AI summary',
  httpReason: (status: number) => `HTTP error! status: ${status}`,
  empty: 'No summary available',
} as const;

/** Spec 002 §9: the copilot types its reply word by word at this interval. */
export const COPILOT_TYPING_INTERVAL_MS = 20;

/** Spec 002 §9 AI prompt rules. */
export const AI_PROMPT_LIMITS = {
  timelineEvents: 20,
  telephonySpans: 3,
  agentSpans: 3,
  slowSpanMs: 5000,
} as const;

/** Root span name whose AI summary is generated automatically once (spec 002 §4). */
export const ROOT_JOURNEY_SPAN_NAME = 'cx.journey';

/** Limits of the copilot: question length, rows of a call list, groups of a breakdown. */
export const COPILOT_LIMITS = {
  questionMaxLength: 2000,
  listRows: 50,
  groupRows: 1000,
  /** Tool-call rounds the LLM path allows before giving up. */
  toolRounds: 4,
} as const;
