import { CALL_TAGS, QUALITY_THRESHOLDS } from '../telemetry/constants.ts';
import type { CopilotDimension, CopilotMetric, CopilotThreshold } from './query.ts';

/**
 * The vocabulary of the built-in copilot (docs/copilot.md): the words for metrics, the
 * qualitative words and the insight thresholds they stand for, insight tags, network types and
 * breakdowns. The parser (intent.ts) reads questions with these.
 */

export const METRIC_WORDS: [CopilotMetric, RegExp][] = [
  ['mos', /\b(mos|mean opinion scores?|call quality|voice quality|audio quality|quality)\b/],
  ['jitter', /\bjitter\b/],
  ['packetLoss', /\b(packet[- ]?loss|packets? lost|loss)\b/],
  ['rtt', /\b(rtt|round[- ]trip(?: times?)?|latency|delay)\b/],
  ['duration', /\b(durations?|how long|call length|talk time|handle time|longest|shortest)\b/],
  ['score', /\b(scores?|cx score)\b/],
  [
    'callCount',
    /\b(how many|number of calls|call count|calls count|count|call volume|volume|most calls|fewest calls|least calls|busiest|took|take|taken|handled?|answered)\b/,
  ],
];

/** "share", "percentage", "what proportion": the share metric. */
export const SHARE_WORDS =
  /\b(share|percentage|percent|proportion|fraction|ratio|how often|what portion|rate of)\b|%\s*of\b/;

type ThresholdMetric = CopilotThreshold['metric'];

const T = QUALITY_THRESHOLDS;

/** A qualitative reading: the threshold it stands for and the words that name it in answers. */
export interface QualityRule {
  threshold: Omit<CopilotThreshold, 'quality'>;
  /** "high jitter": how the answer names what was counted. */
  name: string;
  /** "the High Jitter insight threshold": where the number comes from. */
  source: string;
}

function rule(
  metric: ThresholdMetric,
  op: CopilotThreshold['op'],
  value: number,
  name: string,
  source: string,
): QualityRule {
  return { threshold: { metric, op, value }, name, source };
}

/**
 * Qualitative words mapped to the per-call insight thresholds of DOMAIN.md (QUALITY_THRESHOLDS),
 * applied to the call's average: high and very high jitter, packet loss and RTT; poor (bad, low)
 * and very poor MOS or calls; good MOS or calls (the 1..5 rating's "good" band, above 4.0); low
 * jitter, loss and RTT (not high).
 */
export const QUALITY_RULES: Record<string, QualityRule> = {
  'high jitter': rule('jitter', 'gt', T.jitterMs.high, 'high jitter', 'the High Jitter threshold'),
  'very high jitter': rule(
    'jitter',
    'gt',
    T.jitterMs.veryHigh,
    'very high jitter',
    'the Very High Jitter threshold',
  ),
  'low jitter': rule('jitter', 'lte', T.jitterMs.high, 'low jitter', 'not high jitter'),
  'high packetLoss': rule(
    'packetLoss',
    'gt',
    T.packetLossPercent.high,
    'high packet loss',
    'the High Packet Loss threshold',
  ),
  'very high packetLoss': rule(
    'packetLoss',
    'gt',
    T.packetLossPercent.veryHigh,
    'very high packet loss',
    'the Very High Packet Loss threshold',
  ),
  'low packetLoss': rule(
    'packetLoss',
    'lte',
    T.packetLossPercent.high,
    'low packet loss',
    'not high packet loss',
  ),
  'high rtt': rule('rtt', 'gt', T.rttMs.high, 'high RTT', 'the High RTT threshold'),
  'very high rtt': rule(
    'rtt',
    'gt',
    T.rttMs.veryHigh,
    'very high RTT',
    'the Very High RTT threshold',
  ),
  'low rtt': rule('rtt', 'lte', T.rttMs.high, 'low RTT', 'not high RTT'),
  'poor mos': rule('mos', 'lt', T.mos.poor, 'poor MOS', 'the Poor MOS threshold'),
  'very poor mos': rule(
    'mos',
    'lt',
    T.mos.veryPoor,
    'very poor MOS',
    'the Very Poor MOS threshold',
  ),
  'good mos': rule('mos', 'gt', 4.0, 'good MOS', 'the "good" band of the 1-5 rating'),
  'any packetLoss': rule('packetLoss', 'gt', 0, 'packet loss', 'any lost packet'),
  'high duration': rule('duration', 'gt', 600, 'long calls', 'calls over 10 minutes'),
  'low duration': rule('duration', 'lt', 30, 'short calls', 'calls under 30 seconds'),
};

const METRIC_STEM = '(jitter|packet[- ]?loss|loss|rtt|round[- ]trip(?: times?)?|latency|delay)';
const STEM_METRIC = (word: string): 'jitter' | 'packetLoss' | 'rtt' =>
  word === 'jitter' ? 'jitter' : /loss/.test(word) ? 'packetLoss' : 'rtt';

/**
 * Qualitative phrases, tried in order; each gives the rule key. "Very" is read before the plain
 * word so "very high jitter" is not read as "high jitter".
 */
export const QUALITY_PHRASES: [RegExp, (m: RegExpExecArray) => string][] = [
  [
    new RegExp(`\\b(very high|extremely high|very bad|severe) ${METRIC_STEM}\\b`),
    (m) => `very high ${STEM_METRIC(m[2] ?? '')}`,
  ],
  [
    new RegExp(`\\b${METRIC_STEM} (?:is |was |were |that (?:is|was) )?(very high|very bad)\\b`),
    (m) => `very high ${STEM_METRIC(m[1] ?? '')}`,
  ],
  [
    new RegExp(`\\b(high|bad|poor|excessive|elevated|significant) ${METRIC_STEM}\\b`),
    (m) => `high ${STEM_METRIC(m[2] ?? '')}`,
  ],
  [
    new RegExp(`\\b${METRIC_STEM} (?:is |was |were |that (?:is|was) )?(high|bad|poor)\\b`),
    (m) => `high ${STEM_METRIC(m[1] ?? '')}`,
  ],
  [
    new RegExp(`\\b(low|good|acceptable|normal) ${METRIC_STEM}\\b`),
    (m) => `low ${STEM_METRIC(m[2] ?? '')}`,
  ],
  [
    /\b(very poor|very bad|very low|terrible|awful|critical)[- ](mos|call quality|quality|voice quality|audio quality|audio|calls?|mos calls?|quality calls?)\b/,
    () => 'very poor mos',
  ],
  [/\b(mos|quality) (?:is |was |were )?(very poor|very bad|very low)\b/, () => 'very poor mos'],
  [
    /\b(poor|bad|low|degraded)[- ](mos|call quality|quality|voice quality|audio quality|audio|calls?|mos calls?|quality calls?)\b/,
    () => 'poor mos',
  ],
  [/\b(mos|quality) (?:is |was |were )?(poor|bad|low)\b/, () => 'poor mos'],
  [
    /\b(good|great|high|excellent)[- ](mos|call quality|quality|voice quality|audio quality|audio|calls?|mos calls?|quality calls?)\b/,
    () => 'good mos',
  ],
  [
    /\b(?:had|have|has|with|having|experienced|saw|showing) (?:any |some )?packet[- ]?loss\b/,
    () => 'any packetLoss',
  ],
  [/\b(long|lengthy) calls?\b/, () => 'high duration'],
  [/\b(short) calls?\b/, () => 'low duration'],
];

/** Insight tags by the words that name them; the metric ones only with "insight", "tag", "flag". */
export const TAG_PHRASES: { tag: string; re: RegExp; needsTagWord: boolean }[] = [
  {
    tag: CALL_TAGS.oneWayAudio,
    re: /\bone[- ]way audio\b|\bno inbound audio\b/,
    needsTagWord: false,
  },
  { tag: CALL_TAGS.endedOnHold, re: /\bended on hold\b/, needsTagWord: false },
  { tag: CALL_TAGS.endedOnMute, re: /\bended on mute\b/, needsTagWord: false },
  { tag: CALL_TAGS.softphoneError, re: /\bsoftphone errors?\b/, needsTagWord: false },
  { tag: CALL_TAGS.unsupportedBrowser, re: /\bunsupported browsers?\b/, needsTagWord: false },
  { tag: CALL_TAGS.veryHighCpu, re: /\bvery high cpu(?: usage)?\b/, needsTagWord: false },
  { tag: CALL_TAGS.highCpu, re: /\bhigh cpu(?: usage)?\b/, needsTagWord: false },
  { tag: CALL_TAGS.veryHighMemory, re: /\bvery high memory(?: usage)?\b/, needsTagWord: false },
  { tag: CALL_TAGS.highMemory, re: /\bhigh memory(?: usage)?\b/, needsTagWord: false },
  {
    tag: CALL_TAGS.veryHighAudioLatency,
    re: /\bvery high audio latency\b/,
    needsTagWord: false,
  },
  { tag: CALL_TAGS.highAudioLatency, re: /\bhigh audio latency\b/, needsTagWord: false },
  { tag: CALL_TAGS.veryPoorCallQuality, re: /\bvery poor call quality\b/, needsTagWord: true },
  { tag: CALL_TAGS.poorCallQuality, re: /\bpoor call quality\b/, needsTagWord: true },
  { tag: CALL_TAGS.veryPoorMos, re: /\bvery poor mos\b/, needsTagWord: true },
  { tag: CALL_TAGS.poorMos, re: /\bpoor mos\b/, needsTagWord: true },
  { tag: CALL_TAGS.veryHighJitter, re: /\bvery high jitter\b/, needsTagWord: true },
  { tag: CALL_TAGS.highJitter, re: /\bhigh jitter\b/, needsTagWord: true },
  { tag: CALL_TAGS.veryHighPacketLoss, re: /\bvery high packet loss\b/, needsTagWord: true },
  { tag: CALL_TAGS.highPacketLoss, re: /\bhigh packet loss\b/, needsTagWord: true },
  { tag: CALL_TAGS.veryHighRtt, re: /\bvery high rtt\b/, needsTagWord: true },
  { tag: CALL_TAGS.highRtt, re: /\bhigh rtt\b/, needsTagWord: true },
];

/** "insight", "tagged", "flagged": the question is about insight tags, not averages. */
export const TAG_WORD = /\b(insights?|tags?|tagged|flagged|flags?|warnings?)\b/;

/** Network types as people say them; each maps to the stored values it may match. */
export const NETWORK_TYPE_WORDS: { re: RegExp; values: string[]; name: string }[] = [
  { re: /\b(wi-?fi|wireless|wlan)\b/, values: ['wifi', 'wi-fi', 'wireless', 'wlan'], name: 'wifi' },
  {
    re: /\b(wired|ethernet|lan|cabled)\b/,
    values: ['ethernet', 'wired', 'lan'],
    name: 'wired',
  },
  {
    re: /\b(cellular|mobile data|4g|5g|lte|3g)\b/,
    values: ['cellular', 'mobile', '4g', '5g', 'lte', '3g'],
    name: 'cellular',
  },
];

export const DIMENSION_WORDS: [CopilotDimension, string][] = [
  ['networkType', 'network types?|connection types?|connections?|connection'],
  ['insight', 'insights?|tags?|issues?|problems?|warnings?'],
  ['networkLabel', 'network labels?|networks?|labels?|sites?|offices?'],
  ['agent', 'agents?|users?|people|reps?|representatives?|staff'],
  ['isp', 'isps?|internet (?:service )?providers?|providers?|carriers?'],
  ['region', 'regions?|locations?|countries|country|cities|city'],
  ['day', 'days?|dates?'],
  ['hour', 'hours?|time of day'],
];

/** The breakdown lead words: "by agent", "which ISP", "top 3 agents", "the 3 agents". */
export const DIMENSION_LEAD =
  '(?:by|per|for each|for every|each|across|grouped by|broken down by|split by|between|among|which|what|top|bottom|worst|best|poorest|highest|lowest|most|least|busiest|quietest)';

export const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
};
export const NUMBER = `(\\d+|${Object.keys(NUMBER_WORDS).join('|')})`;

export function numberOf(word: string | undefined): number {
  if (word === undefined) return 1;
  return NUMBER_WORDS[word] ?? Number(word);
}

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "jan", "january", "sept": the month number 1..12, or 0. */
export function monthOf(word: string): number {
  const i = MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3)));
  return i + 1;
}
