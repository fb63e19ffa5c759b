import {
  CopilotQuerySchema,
  type CopilotDimension,
  type CopilotMatchField,
  type CopilotMetric,
  type CopilotQuery,
  type CopilotRange,
  type CopilotThreshold,
} from './query.ts';
import { readNames, type KnownValues } from './known-names.ts';
import { ANY_TAG } from './query.ts';
import {
  DIMENSION_LEAD,
  DIMENSION_WORDS,
  METRIC_WORDS,
  monthOf,
  MONTHS,
  NUMBER,
  numberOf,
  QUALITY_PHRASES,
  QUALITY_RULES,
  SHARE_WORDS,
  TAG_PHRASES,
  TAG_WORD,
  WEEKDAYS,
} from './question-words.ts';

export type { KnownValues } from './known-names.ts';

/**
 * The built-in copilot's intent parser: a keyword grammar over one question (docs/copilot.md).
 * Each part found is cut out of the text before the next is looked for: explicit thresholds,
 * insight tags, qualitative words (mapped to the insight thresholds), time ranges, the group's
 * names, the breakdown and its ranking, then the metrics and the mode.
 */

export type ParsedQuestion =
  | { kind: 'query'; query: CopilotQuery; followUp: boolean }
  | { kind: 'help' }
  | { kind: 'unknown'; suggestions: string[] }
  | { kind: 'unknownName'; name: string; candidates: string[] };

/** Agents whose first name is `name` (when several share it, the question must say which). */
function agentsCalled(name: string, known: KnownValues | undefined): string[] {
  return (known?.agent ?? []).filter(
    (a) => (a.toLowerCase().split('@')[0] ?? '').split(/[._-]/)[0] === name,
  );
}

/**
 * Our own test calls named ("including test calls", "synthetic calls", "monitor calls"): they are
 * counted only when a question asks for them (issue 33). Cut out, leaving "calls".
 */
const TEST_CALLS =
  /\b(?:(?:including|incl|with|plus|and|also) )?(?:the |our )?(?:synthetic|test|monitor) calls?\b|\bsynthetic\b/;

/** A metric word used inside a threshold ("MOS below 3.5"). */
const THRESHOLD_METRIC =
  '(mos|jitter|packet[- ]?loss|loss|rtt|round[- ]trip(?: time)?|latency|duration|score|calls? (?=longer|shorter))';
const OPS =
  '(below|under|less than|lower than|shorter than|longer than|<=|>=|≤|≥|<|>|at most|at least|above|over|greater than|more than|higher than|exceeding|exceeds?|of more than|of less than|of over|of under)';
const THRESHOLD = new RegExp(
  `\\b${THRESHOLD_METRIC}\\s*(?:is |was |of |were |that (?:is|was) )?${OPS}\\s*(-?\\d+(?:\\.\\d+)?)\\s*(milliseconds|ms|percent|%|seconds|secs|sec|s|minutes|minute|mins|min)?`,
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
  if (op === '<=' || op === '≤' || op === 'at most') return 'lte';
  if (op === '>=' || op === '≥' || op === 'at least') return 'gte';
  if (/below|under|less|lower|shorter|</.test(op)) return 'lt';
  return 'gt';
}

type RangeRule = [RegExp, (m: RegExpExecArray) => CopilotRange | null];

const WEEKDAY = `(${WEEKDAYS.join('|')}|tues|thurs)`;
const MONTH = `(${MONTHS.join('|')}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)`;

function weekdayOf(word: string): number {
  return WEEKDAYS.findIndex((d) => d.startsWith(word.slice(0, 3)));
}

const RANGE_RULES: RangeRule[] = [
  [/\b(?:on |for )?(\d{4}-\d{2}-\d{2})\b/, (m) => ({ kind: 'date', date: m[1] ?? '' })],
  [
    new RegExp(`\\b(?:on |for )?(?:the )?(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH}\\b`),
    (m) => monthDay(m[2] ?? '', m[1]),
  ],
  [
    new RegExp(`\\b(?:on |for )?${MONTH} (\\d{1,2})(?:st|nd|rd|th)?\\b`),
    (m) => monthDay(m[1] ?? '', m[2]),
  ],
  [/\btoday\b|\bso far today\b/, () => ({ kind: 'today' })],
  [/\byesterday\b/, () => ({ kind: 'yesterday' })],
  [/\b(?:this|current) week\b|\bweek to date\b/, () => ({ kind: 'thisWeek' })],
  [/\b(?:last|previous|past|prior) week\b/, () => ({ kind: 'lastWeek' })],
  [/\b(?:this|current) month\b|\bmonth to date\b/, () => ({ kind: 'thisMonth' })],
  [/\b(?:last|previous|past|prior) month\b/, () => ({ kind: 'lastMonth' })],
  [
    new RegExp(
      `\\b(?:last|past|previous|over the last|in the last|within the last)\\s*${NUMBER}?\\s*hours?\\b`,
    ),
    (m) => ({ kind: 'lastHours', count: numberOf(m[1]) }),
  ],
  [
    new RegExp(
      `\\b(?:last|past|previous)\\s*${NUMBER}?\\s*days?\\b|\\b(?:rolling|trailing) (?:${NUMBER} )?days?\\b`,
    ),
    (m) => ({ kind: 'lastDays', count: numberOf(m[1] ?? m[2]) }),
  ],
  [/\b(?:rolling|trailing) week\b|\blast seven days\b/, () => ({ kind: 'lastDays', count: 7 })],
  [
    new RegExp(`\\b(?:last|past|previous)\\s*${NUMBER}\\s*weeks?\\b`),
    (m) => ({ kind: 'lastDays', count: 7 * numberOf(m[1]) }),
  ],
  [
    new RegExp(`\\b(?:last|past|previous)\\s*${NUMBER}\\s*months?\\b`),
    (m) => ({ kind: 'lastDays', count: 30 * numberOf(m[1]) }),
  ],
  [
    new RegExp(`\\b(?:on |for |last |this (?:past )?)?${WEEKDAY}\\b`),
    (m) => ({ kind: 'weekday', day: weekdayOf(m[1] ?? '') }),
  ],
];

function monthDay(monthWord: string, dayText: string | undefined): CopilotRange | null {
  const month = monthOf(monthWord);
  const day = Number(dayText);
  if (!month || !(day >= 1 && day <= 31)) return null;
  return { kind: 'monthDay', month, day };
}

/** Reads a time range said in words; the matched text is returned so it can be cut out. */
function readRange(text: string): { range: CopilotRange; match: string } | null {
  let best: { range: CopilotRange; match: string; index: number } | null = null;
  for (const [re, build] of RANGE_RULES) {
    const m = re.exec(text);
    if (!m) continue;
    const range = build(m);
    if (!range) continue;
    if ((range.kind === 'lastDays' || range.kind === 'lastHours') && !(range.count >= 1)) continue;
    if (range.kind === 'lastDays' && range.count > 366) continue;
    if (range.kind === 'lastHours' && range.count > 24 * 90) continue;
    // The first range in the question wins; on a tie the earlier (more specific) rule.
    if (!best || m.index < best.index) best = { range, match: m[0], index: m.index };
  }
  return best ? { range: best.range, match: best.match } : null;
}

/** "The week before", "the day before", "the previous month": the period before `first`. */
function readBefore(
  text: string,
  first: CopilotRange,
): { range: CopilotRange; match: string } | null {
  const m =
    /\b(?:the )?(?:(day|week|month) before|(?:previous|prior|preceding) (day|week|month))\b/.exec(
      text,
    );
  const unit = (m?.[1] ?? m?.[2]) as 'day' | 'week' | 'month' | undefined;
  if (!m || !unit) return null;
  const steps: Record<string, [typeof unit, number]> = {
    today: ['day', 1],
    yesterday: ['day', 2],
    thisWeek: ['week', 1],
    lastWeek: ['week', 2],
    thisMonth: ['month', 1],
    lastMonth: ['month', 2],
  };
  const step = first.kind === 'ago' ? ([first.unit, first.count + 1] as const) : steps[first.kind];
  if (!step || step[0] !== unit) return null;
  const range: CopilotRange =
    step[1] === 1
      ? { kind: unit === 'day' ? 'yesterday' : unit === 'week' ? 'lastWeek' : 'lastMonth' }
      : { kind: 'ago', unit, count: step[1] };
  return { range, match: m[0] };
}

const COMPARE_WORDS = /\b(vs\.?|versus|compared? (?:to|with)|compare|against|relative to|or)\b/;

/** A count of ranked groups: digits or number words, never "a" or "one" ("which one"). */
const RANK_NUMBER = '(\\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty)';

const PLURAL_DIMENSION = /s$|people|staff|countries|cities/;

function readDimension(
  text: string,
): { dimension: CopilotDimension; match: string; plural: boolean } | null {
  const between = `(?:\\s+(?:${NUMBER}|most|least|common|frequent|affected|busy|busiest|poor|bad|worst|best|highest|lowest|top|bottom|of the|of|the|my|our))*`;
  const leds = DIMENSION_WORDS.map(
    ([dimension, words]) =>
      [dimension, new RegExp(`\\b${DIMENSION_LEAD}${between}\\s+(${words})\\b`)] as const,
  );
  const bares = DIMENSION_WORDS.map(
    ([dimension, words]) =>
      [
        dimension,
        new RegExp(
          `(?:^\\s*|\\s)(${words})\\s+(?:with|that|who|had|have|having|ranked|sorted|ordered|by)\\b`,
        ),
      ] as const,
  );
  for (const [dimension, re] of [...leds, ...bares]) {
    const m = re.exec(text);
    if (m) {
      const word = m[m.length - 1] ?? '';
      return { dimension, match: m[0], plural: PLURAL_DIMENSION.test(word) };
    }
  }
  if (/\bhourly\b|\bhour by hour\b|\beach hour\b|\bper hour\b/.test(text))
    return { dimension: 'hour', match: '', plural: true };
  if (
    /\bdaily\b|\bday by day\b|\bover time\b|\btrend(?:s|ing)?\b|\beach day\b|\bper day\b/.test(text)
  )
    return { dimension: 'day', match: '', plural: true };
  // "Who had the most calls": a person, ranked.
  if (/\bwho\b/.test(text) && /\b(most|least|fewest|best|worst|highest|lowest|top)\b/.test(text))
    return { dimension: 'agent', match: '', plural: false };
  return null;
}

function readRank(text: string, plural: boolean): CopilotQuery['rank'] {
  const limitMatch =
    new RegExp(
      `\\b(?:top|bottom|worst|best|highest|lowest|which|what|the|first|poorest)\\s+${RANK_NUMBER}\\b(?!\\s*(?:ms|%|percent|seconds|days|hours|weeks|months))`,
    ).exec(text) ??
    new RegExp(`\\b${RANK_NUMBER}\\s+(?:worst|best|highest|lowest|poorest|busiest|top)\\b`).exec(
      text,
    );
  const counted = limitMatch ? numberOf(limitMatch[1]) : null;
  const order: NonNullable<CopilotQuery['rank']>['order'] | null =
    /\b(worst|poorest|most affected|weakest|struggl\w*)\b/.test(text)
      ? 'worst'
      : /\b(best|strongest|healthiest)\b/.test(text)
        ? 'best'
        : /\b(highest|top|most|busiest|longest|maximum|max|greatest|biggest|largest|most common|most frequent)\b/.test(
              text,
            )
          ? 'highest'
          : /\b(lowest|bottom|fewest|least|shortest|minimum|min|smallest)\b/.test(text)
            ? 'lowest'
            : null;
  if (!order) return null;
  if (counted !== null && counted >= 1) return { order, limit: Math.min(counted, 100) };
  // "which agent" keeps one; "which agents", "the worst agents" rank them all.
  return { order, limit: plural ? 100 : 1 };
}

function readMetrics(text: string): CopilotMetric[] {
  const out: CopilotMetric[] = [];
  for (const [metric, re] of METRIC_WORDS) if (re.test(text)) out.push(metric);
  return out;
}

const FOLLOW_UP_START =
  /^(and|what about|how about|now|same|also|only|just|then|ok|okay|but|instead|for|show me those|show those|those|them|these|break (?:it|that|them) down)\b/;
const LIST_WORDS =
  /\b(list|show me the calls|show the calls|which calls|what calls|show calls|calls where|give me the calls|show me those|show those|those calls|these calls|them|the calls themselves|open (?:them|those) in the explorer)\b/;

/** Words that ask for a named agent the group does not have ("did zed take"). */
const NAMED_AGENT =
  /\b(?:did|does|has|have)\s+([a-z][\w.@'-]{1,60})\s+(?:take|handle|answer|make|get|receive|have|had)\b|\b(?:for|by) agent\s+([a-z][\w.@'-]{1,60})/;
const NOT_A_NAME = new Set(
  'the a an any all each every our my we i you they it agents calls call have has had take handle get make'.split(
    ' ',
  ),
);

/** The questions offered when a question cannot be read: the closest by shared words. */
export const COPILOT_SUGGESTIONS = [
  'How many calls had high jitter yesterday?',
  'Which 3 agents had the lowest average MOS this week?',
  'Compare MOS on wifi versus wired this month',
  'What share of calls had poor MOS last week?',
  'Show average packet loss by ISP',
  'What are the most common insights this week?',
  'Which agents had the most poor calls in the last 7 days?',
  'Average MOS this week vs last week',
  'MOS trend over the last 14 days',
  'Show me the calls with jitter above 40 ms today',
];

function suggestionsFor(question: string): string[] {
  const words = new Set(question.toLowerCase().match(/[a-z]{3,}/g) ?? []);
  const scored = COPILOT_SUGGESTIONS.map((s, i) => ({
    s,
    i,
    score: (s.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => words.has(w)).length,
  }));
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  return scored.slice(0, 3).map((x) => x.s);
}

function normalize(question: string): string {
  return ` ${question
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .replace(/[?!,;:"“”()]+/g, ' ')
    .replace(/\.(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/**
 * Parses one question into a query. With the previous query of the thread, a question that
 * starts like a follow-up ("and", "what about", "only") or names no metric, list or calls
 * changes only what it names.
 */
export function parseQuestion(
  question: string,
  options: { previous?: CopilotQuery | null; known?: KnownValues } = {},
): ParsedQuestion {
  let text = normalize(question);
  if (/^\s*(help|what can (you|i) (do|ask)|hi|hello|hey)\b/.test(text)) return { kind: 'help' };
  // Calls not yet made have no numbers.
  if (/\b(tomorrow|next (?:week|month|year)|forecast|predict\w*)\b/.test(text))
    return { kind: 'unknown', suggestions: suggestionsFor(question) };
  const testCalls = TEST_CALLS.test(text);
  if (testCalls) text = text.replace(TEST_CALLS, ' calls ');

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

  const tags: string[] = [];
  const aboutTags = TAG_WORD.test(text);
  for (const phrase of TAG_PHRASES) {
    if (phrase.needsTagWord && !aboutTags) continue;
    if (phrase.re.test(text)) {
      tags.push(phrase.tag);
      text = text.replace(phrase.re, ' ');
    }
  }
  for (const [re, key] of QUALITY_PHRASES) {
    const m = re.exec(text);
    if (!m) continue;
    const quality = key(m);
    const rule = QUALITY_RULES[quality];
    if (!rule) continue;
    if (!thresholds.some((t) => t.metric === rule.threshold.metric))
      thresholds.push({ ...rule.threshold, quality });
    // "poor calls" also says the question is about calls.
    text = text.replace(m[0], /calls?\b/.test(m[0]) ? ' calls ' : ' ');
  }

  const compare = COMPARE_WORDS.test(text);
  const range = readRange(text);
  if (range) text = text.replace(range.match, ' ');
  let compareRange: CopilotRange | null = null;
  if (range && compare) {
    const second = readRange(text) ?? readBefore(text, range.range);
    if (second) {
      compareRange = second.range;
      text = text.replace(second.match, ' ');
    }
  }

  const names = readNames(text, options.known ?? {});
  text = names.rest;
  let matches = names.matches;

  const dimensionRead = readDimension(text);
  let dimension = dimensionRead?.dimension ?? null;
  const rank = dimensionRead ? readRank(text, dimensionRead.plural) : null;
  if (dimensionRead?.match) text = text.replace(dimensionRead.match, ' ');

  // Two names of one field ("wifi versus wired", "Telstra or Optus") are compared side by side.
  const fields = matches.map((m) => m.field);
  const repeated = fields.find((f, i) => fields.indexOf(f) !== i) as CopilotMatchField | undefined;
  if (repeated && !dimension) dimension = repeated;

  // "Insights by agent": calls with any insight, counted per agent.
  if (
    dimension !== 'insight' &&
    tags.length === 0 &&
    /\b(insights?|issues|problems|warnings)\b/.test(text)
  )
    tags.push(ANY_TAG);
  // "The 5 worst calls by MOS": the calls themselves, ordered by the measure.
  const worstCalls = new RegExp(
    `\\b(?:the )?(?:${RANK_NUMBER} )?(worst|best|poorest|lowest|highest|longest|shortest) (?:\\w+ )?calls\\b`,
  ).exec(text);
  let callRank: CopilotQuery['rank'] = null;
  if (worstCalls && !dimension) {
    const order =
      worstCalls[2] === 'poorest'
        ? 'worst'
        : worstCalls[2] === 'longest'
          ? 'highest'
          : worstCalls[2] === 'shortest'
            ? 'lowest'
            : worstCalls[2];
    callRank = {
      order: order as NonNullable<CopilotQuery['rank']>['order'],
      limit: worstCalls[1] ? numberOf(worstCalls[1]) : 10,
    };
    text = text.replace(worstCalls[0], ' calls ');
  }
  let metrics = readMetrics(text);
  if (callRank && /longest|shortest/.test(worstCalls?.[2] ?? '')) metrics = ['duration'];
  const share = SHARE_WORDS.test(text);
  let shareMatches: typeof matches = [];
  if (share) {
    metrics = ['share', ...metrics.filter((m) => m !== 'callCount')];
    // "What share of calls were on wifi": with no threshold or tag, the names are what is counted.
    if (thresholds.length === 0 && tags.length === 0 && matches.length) {
      shareMatches = matches;
      matches = [];
    }
  }
  const chart = /\b(chart|plot|graph|visuali[sz]e|trend(?:s|ing)?|over time)\b/.test(text);
  const list = (LIST_WORDS.test(text) || callRank !== null) && !dimension;
  const mentionsCalls = /\bcalls?\b/.test(text);

  const previous = options.previous ?? null;
  const startsFollowUp =
    FOLLOW_UP_START.test(text.trim()) || (list && /\b(them|those|these)\b/.test(text));
  const followUp =
    previous !== null &&
    (startsFollowUp || (metrics.length === 0 && !list && !mentionsCalls && tags.length === 0));

  if (followUp) {
    const named = new Set(matches.map((m) => m.field));
    const next: CopilotQuery = {
      ...previous,
      metrics: metrics.length ? metrics : previous.metrics,
      range: range?.range ?? previous.range,
      compareRange: range ? compareRange : previous.compareRange,
      thresholds: thresholds.length ? thresholds : previous.thresholds,
      tags: tags.length ? tags : previous.tags,
      matches: [...previous.matches.filter((m) => !named.has(m.field)), ...matches],
      shareMatches: share ? shareMatches : previous.shareMatches,
      groupBy: dimension ?? previous.groupBy,
      rank: dimension ? (rank ?? previous.rank) : previous.rank,
      chart: chart || (dimension ? false : previous.chart),
      list: list || (dimension ? false : previous.list),
      ...(testCalls ? { testCalls: true } : {}),
    };
    if (list) {
      next.groupBy = null;
      next.rank = null;
      next.compareRange = null;
    }
    if (/\b(overall|in total|altogether|no breakdown|all calls)\b/.test(text)) {
      next.groupBy = null;
      next.rank = null;
    }
    if (/\b(everyone|all agents|any agent|remove the filter|without (?:the )?filter)\b/.test(text))
      next.matches = [];
    const parsed = CopilotQuerySchema.safeParse(next);
    if (parsed.success) return { kind: 'query', query: parsed.data, followUp: true };
  }

  const named = NAMED_AGENT.exec(text);
  const unknownName = named?.[1] ?? named?.[2];
  if (unknownName && !NOT_A_NAME.has(unknownName) && matches.every((m) => m.field !== 'agent'))
    return {
      kind: 'unknownName',
      name: unknownName,
      candidates: agentsCalled(unknownName, options.known),
    };
  const email = /\b[\w.+-]+@[\w.-]+\.[a-z]{2,}\b/.exec(text);
  if (email) return { kind: 'unknownName', name: email[0], candidates: [] };

  let chosen = metrics;
  if (chosen.length === 0) {
    // A name alone ("the weather in Sydney") is not a question about calls.
    const asksSomething =
      mentionsCalls || thresholds.length > 0 || tags.length > 0 || dimension !== null || list;
    if (!asksSomething) return { kind: 'unknown', suggestions: suggestionsFor(question) };
    // "The worst ISP" with no measure named is about call quality.
    chosen =
      (rank && (rank.order === 'worst' || rank.order === 'best')) ||
      (callRank && (callRank.order === 'worst' || callRank.order === 'best')) ||
      /\b(worse|better|quality)\b/.test(text)
        ? ['mos']
        : ['callCount'];
  }
  const parsed = CopilotQuerySchema.safeParse({
    metrics: [...new Set(chosen)],
    groupBy: dimension,
    range: range?.range,
    compareRange,
    thresholds: thresholds.slice(0, 4),
    tags,
    matches: matches.slice(0, 8),
    shareMatches,
    rank: callRank ?? rank,
    list,
    chart,
    ...(testCalls ? { testCalls: true } : {}),
  });
  if (!parsed.success) return { kind: 'unknown', suggestions: suggestionsFor(question) };
  return { kind: 'query', query: parsed.data, followUp: false };
}
