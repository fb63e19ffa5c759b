import {
  CopilotQuerySchema,
  type CopilotDimension,
  type CopilotMatchField,
  type CopilotMetric,
  type CopilotQuery,
  type CopilotRange,
  type CopilotThreshold,
} from './query.ts';

/**
 * The built-in copilot's intent parser: a keyword grammar over one question (docs/copilot.md).
 * Thresholds are read first and cut out, then ranges, breakdowns, ranking, known names
 * (agents, ISPs, network labels, regions of the group) and finally the metrics asked for.
 */

/** Names the group's calls carry, so "for alice" or "on Fibre Co" restrict the calls. */
export type KnownValues = Partial<Record<CopilotMatchField, readonly string[]>>;

export type ParsedQuestion =
  | { kind: 'query'; query: CopilotQuery; followUp: boolean }
  | { kind: 'help' }
  | { kind: 'unknown' };

const METRIC_WORDS: [CopilotMetric, RegExp][] = [
  ['mos', /\b(mos|mean opinion scores?|call quality|voice quality|audio quality)\b/],
  ['jitter', /\bjitter\b/],
  ['packetLoss', /\b(packet[- ]?loss|packets? lost|loss)\b/],
  ['rtt', /\b(rtt|round[- ]trip(?: times?)?|latency)\b/],
  ['duration', /\b(durations?|how long|call length|talk time|longest|shortest)\b/],
  ['score', /\b(scores?|cx score)\b/],
  [
    'callCount',
    /\b(how many|number of calls|call count|calls count|count|call volume|volume|most calls|fewest calls|least calls|busiest)\b/,
  ],
];

/** A metric word used inside a threshold ("MOS below 3.5"). */
const THRESHOLD_METRIC =
  '(mos|jitter|packet[- ]?loss|loss|rtt|round[- ]trip(?: time)?|latency|duration|score|calls? (?=longer|shorter))';
const OPS =
  '(below|under|less than|lower than|shorter than|longer than|<=|>=|<|>|at most|at least|above|over|greater than|more than|higher than)';
const THRESHOLD = new RegExp(
  `\\b${THRESHOLD_METRIC}\\s*(?:is |was |of |were )?${OPS}\\s*(-?\\d+(?:\\.\\d+)?)\\s*(milliseconds|ms|percent|%|seconds|secs|sec|s|minutes|minute|mins|min)?`,
  'g',
);

function thresholdMetric(word: string): CopilotThreshold['metric'] {
  if (word === 'mos') return 'mos';
  if (word === 'jitter') return 'jitter';
  if (/loss/.test(word)) return 'packetLoss';
  if (/rtt|round|latency/.test(word)) return 'rtt';
  if (word === 'score') return 'score';
  return 'duration';
}

function thresholdOp(op: string): CopilotThreshold['op'] {
  if (op === '<=' || op === 'at most') return 'lte';
  if (op === '>=' || op === 'at least') return 'gte';
  if (/below|under|less|lower|shorter|</.test(op)) return 'lt';
  return 'gt';
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  ten: 10,
  fourteen: 14,
  thirty: 30,
};

function count(word: string | undefined): number {
  if (word === undefined) return 1;
  return NUMBER_WORDS[word] ?? Number(word);
}

/** Reads a time range said in words; the matched text is returned so it can be cut out. */
function readRange(text: string): { range: CopilotRange; match: string } | null {
  const n = '(\\d+|a|an|one|two|three|four|five|six|seven|ten|fourteen|thirty)';
  const rules: [RegExp, (m: RegExpExecArray) => CopilotRange][] = [
    [/\b(?:on|for) (\d{4}-\d{2}-\d{2})\b/, (m) => ({ kind: 'date', date: m[1] ?? '' })],
    [/\b(\d{4}-\d{2}-\d{2})\b/, (m) => ({ kind: 'date', date: m[1] ?? '' })],
    [/\btoday\b/, () => ({ kind: 'today' })],
    [/\byesterday\b/, () => ({ kind: 'yesterday' })],
    [/\bthis week\b/, () => ({ kind: 'thisWeek' })],
    [/\b(?:last|previous|past) week\b/, () => ({ kind: 'lastWeek' })],
    [/\bthis month\b/, () => ({ kind: 'thisMonth' })],
    [/\b(?:last|previous) month\b/, () => ({ kind: 'lastMonth' })],
    [
      new RegExp(`\\b(?:last|past|previous|over the last|in the last)\\s*${n}?\\s*hours?\\b`),
      (m) => ({ kind: 'lastHours', count: count(m[1]) }),
    ],
    [
      new RegExp(`\\b(?:last|past|previous)\\s*${n}?\\s*days?\\b`),
      (m) => ({ kind: 'lastDays', count: count(m[1]) }),
    ],
    [
      new RegExp(`\\b(?:last|past|previous)\\s*${n}\\s*weeks?\\b`),
      (m) => ({ kind: 'lastDays', count: 7 * count(m[1]) }),
    ],
    [
      new RegExp(`\\b(?:last|past|previous)\\s*${n}\\s*months?\\b`),
      (m) => ({ kind: 'lastDays', count: 30 * count(m[1]) }),
    ],
  ];
  for (const [re, build] of rules) {
    const m = re.exec(text);
    if (m) {
      const range = build(m);
      if ((range.kind === 'lastDays' || range.kind === 'lastHours') && !(range.count >= 1))
        continue;
      return { range, match: m[0] };
    }
  }
  return null;
}

const DIMENSION_WORDS: [CopilotDimension, string][] = [
  ['networkLabel', 'network labels?|networks?|labels?'],
  ['agent', 'agents?|users?|people'],
  ['isp', 'isps?|internet providers?|providers?|carriers?'],
  ['region', 'regions?|locations?|countries|country'],
  ['day', 'days?|dates?'],
  ['hour', 'hours?'],
];

function readDimension(text: string): { dimension: CopilotDimension; match: string } | null {
  for (const [dimension, words] of DIMENSION_WORDS) {
    const re = new RegExp(
      `\\b(?:by|per|for each|for every|each|across|grouped by|broken down by|split by|which|what|top \\d+|bottom \\d+|worst \\d+|best \\d+|top|worst|best)\\s+(?:${words})\\b`,
    );
    const m = re.exec(text);
    if (m) return { dimension, match: m[0] };
  }
  if (/\bdaily\b|\bday by day\b|\bover time\b|\btrend\b/.test(text))
    return { dimension: 'day', match: '' };
  if (/\bhourly\b|\bhour by hour\b/.test(text)) return { dimension: 'hour', match: '' };
  return null;
}

function readRank(text: string): CopilotQuery['rank'] {
  const limitMatch = /\b(?:top|bottom|worst|best|highest|lowest)\s+(\d+)\b/.exec(text);
  const limit = limitMatch ? Number(limitMatch[1]) : 1;
  const plural = limitMatch !== null;
  const order: NonNullable<CopilotQuery['rank']>['order'] | null = /\b(worst|poorest)\b/.test(text)
    ? 'worst'
    : /\bbest\b/.test(text)
      ? 'best'
      : /\b(highest|top|most|busiest|longest|maximum|max)\b/.test(text)
        ? 'highest'
        : /\b(lowest|bottom|fewest|least|shortest|minimum|min)\b/.test(text)
          ? 'lowest'
          : null;
  if (!order) return null;
  const whichOne = /\b(which|what|who)\b/.test(text);
  // "worst agents by MOS" ranks them all; "which agent ..." or "top 3" keeps a few.
  return { order, limit: plural || whichOne ? limit : 100 };
}

/** Names of the group found in the text, longest first so "Fibre Co Business" beats "Fibre Co". */
function readMatches(text: string, known: KnownValues) {
  const found: { field: CopilotMatchField; value: string }[] = [];
  const candidates: { field: CopilotMatchField; value: string }[] = [];
  for (const [field, values] of Object.entries(known) as [CopilotMatchField, readonly string[]][]) {
    for (const value of values) if (value.trim().length >= 2) candidates.push({ field, value });
  }
  candidates.sort((a, b) => b.value.length - a.value.length);
  let rest = text;
  for (const c of candidates) {
    const escaped = c.value.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const re = new RegExp(`(^|[^\\w@.-])${escaped}(?=$|[^\\w@-])`);
    if (re.test(rest)) {
      found.push(c);
      rest = rest.replace(re, '$1 ');
    }
  }
  return { matches: found, rest };
}

function readMetrics(text: string): CopilotMetric[] {
  const out: CopilotMetric[] = [];
  for (const [metric, re] of METRIC_WORDS) if (re.test(text)) out.push(metric);
  return out;
}

const FOLLOW_UP_START = /^(and|what about|how about|now|same|also|only|just|then|ok|okay)\b/;

/**
 * Parses one question into a query. With the previous query of the thread, a question that
 * names no metric (or starts with "and", "what about" ...) changes only what it names.
 */
export function parseQuestion(
  question: string,
  options: { previous?: CopilotQuery | null; known?: KnownValues } = {},
): ParsedQuestion {
  let text = ` ${question
    .toLowerCase()
    .replace(/[?!,;]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
  if (/^\s*(help|what can (you|i) (do|ask)|hi|hello)\b/.test(text)) return { kind: 'help' };

  const thresholds: CopilotThreshold[] = [];
  text = text.replace(
    THRESHOLD,
    (_all, metricWord: string, op: string, value: string, unit?: string) => {
      const metric = thresholdMetric(metricWord);
      let v = Number(value);
      if (metric === 'duration' && unit && /^min/.test(unit)) v *= 60;
      thresholds.push({ metric, op: thresholdOp(op), value: v });
      return ' ';
    },
  );

  const range = readRange(text);
  if (range) text = text.replace(range.match, ' ');
  const { matches, rest } = readMatches(text, options.known ?? {});
  text = rest;
  const dimension = readDimension(text);
  const rank = dimension ? readRank(text) : null;
  if (dimension?.match) text = text.replace(dimension.match, ' ');
  const metrics = readMetrics(text);
  const chart = /\b(chart|plot|graph|visuali[sz]e|trend|over time)\b/.test(text);
  const list =
    /\b(list|show me the calls|show the calls|which calls|what calls|show calls|calls where|give me the calls)\b/.test(
      text,
    ) && !dimension;
  const mentionsCalls = /\bcalls?\b/.test(text);

  const previous = options.previous ?? null;
  const followUp =
    previous !== null &&
    (FOLLOW_UP_START.test(text.trim()) || (metrics.length === 0 && !list && !mentionsCalls));

  if (followUp) {
    const next: CopilotQuery = {
      ...previous,
      metrics: metrics.length ? metrics : previous.metrics,
      range: range?.range ?? previous.range,
      thresholds: thresholds.length ? thresholds : previous.thresholds,
      matches: matches.length ? matches : previous.matches,
      groupBy: dimension ? dimension.dimension : previous.groupBy,
      rank: dimension ? (rank ?? previous.rank) : previous.rank,
      chart: chart || (dimension ? false : previous.chart),
      list: dimension ? false : previous.list,
    };
    if (/\b(overall|in total|altogether|no breakdown)\b/.test(text)) {
      next.groupBy = null;
      next.rank = null;
    }
    return { kind: 'query', query: CopilotQuerySchema.parse(next), followUp: true };
  }

  let chosen = metrics;
  if (chosen.length === 0) {
    if (!mentionsCalls && thresholds.length === 0 && !dimension) return { kind: 'unknown' };
    chosen = ['callCount'];
  }
  // Ranking by a count ("which agent had the most calls") keeps the count first.
  const query = CopilotQuerySchema.parse({
    metrics: chosen,
    groupBy: dimension?.dimension ?? null,
    range: range?.range,
    thresholds,
    matches,
    rank,
    list,
    chart,
  });
  return { kind: 'query', query, followUp: false };
}
