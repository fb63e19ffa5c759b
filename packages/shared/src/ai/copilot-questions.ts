import type { KnownValues } from './known-names.ts';
import type { CopilotQueryInput } from './query.ts';

/**
 * The copilot's own question set (issue 16): questions supervisors ask, each with the reading
 * the built-in engine must make of it. `followUp` questions are asked after the one before,
 * in the same thread. The names are those of QUESTION_SET_NAMES.
 */
export interface CopilotQuestionCase {
  q: string;
  followUp?: boolean;
  /** The expected reading: every field given must match; 'unknown' and 'unknownName' refuse. */
  reading: Partial<CopilotQueryInput> | 'help' | 'unknown' | 'unknownName';
}

export const QUESTION_SET_NAMES: KnownValues = {
  agent: [
    'jack.santos@acme.example',
    'tomas.martin@acme.example',
    'alice.ng@acme.example',
    'alice.brown@acme.example',
    'priya@acme.example',
  ],
  isp: ['Telstra', 'Optus', 'Fibre Co', 'Vodafone NZ'],
  networkLabel: ['Office', 'Home'],
  region: ['Sydney', 'Melbourne', 'Auckland'],
  networkType: ['wifi', 'ethernet'],
};

const jitterHigh = { metric: 'jitter', op: 'gt', value: 30 } as const;
const mosPoor = { metric: 'mos', op: 'lt', value: 3.5 } as const;
const last7 = { kind: 'lastDays', count: 7 } as const;

export const COPILOT_QUESTION_SET: CopilotQuestionCase[] = [
  // Qualitative words.
  {
    q: 'How many calls had high jitter yesterday?',
    reading: { metrics: ['callCount'], thresholds: [jitterHigh], range: { kind: 'yesterday' } },
  },
  {
    q: 'How many calls had very high jitter this week?',
    reading: {
      metrics: ['callCount'],
      thresholds: [{ metric: 'jitter', op: 'gt', value: 60 }],
      range: { kind: 'thisWeek' },
    },
  },
  {
    q: 'Number of calls with high packet loss today',
    reading: {
      metrics: ['callCount'],
      thresholds: [{ metric: 'packetLoss', op: 'gt', value: 1 }],
      range: { kind: 'today' },
    },
  },
  {
    q: 'how many calls had very high packet loss in the last 30 days',
    reading: {
      thresholds: [{ metric: 'packetLoss', op: 'gt', value: 2.5 }],
      range: { kind: 'lastDays', count: 30 },
    },
  },
  {
    q: 'Calls with high latency last week',
    reading: {
      metrics: ['callCount'],
      thresholds: [{ metric: 'rtt', op: 'gt', value: 300 }],
      range: { kind: 'lastWeek' },
    },
  },
  {
    q: 'How many poor calls were there today?',
    reading: { metrics: ['callCount'], thresholds: [mosPoor], range: { kind: 'today' } },
  },
  {
    q: 'How many very poor quality calls yesterday?',
    reading: {
      metrics: ['callCount'],
      thresholds: [{ metric: 'mos', op: 'lt', value: 3 }],
      range: { kind: 'yesterday' },
    },
  },
  {
    q: 'How many bad calls this month?',
    reading: { metrics: ['callCount'], thresholds: [mosPoor], range: { kind: 'thisMonth' } },
  },
  {
    q: 'How many good calls did we have this week?',
    reading: {
      metrics: ['callCount'],
      thresholds: [{ metric: 'mos', op: 'gt', value: 4 }],
      range: { kind: 'thisWeek' },
    },
  },
  {
    q: 'Average MOS of calls with high RTT in the last 7 days',
    reading: {
      metrics: ['mos'],
      thresholds: [{ metric: 'rtt', op: 'gt', value: 300 }],
      range: last7,
    },
  },
  // Ranking.
  {
    q: 'Which 3 agents had the lowest average MOS this week?',
    reading: {
      metrics: ['mos'],
      groupBy: 'agent',
      rank: { order: 'lowest', limit: 3 },
      range: { kind: 'thisWeek' },
    },
  },
  {
    q: 'Which agents had the worst MOS this week?',
    reading: { metrics: ['mos'], groupBy: 'agent', rank: { order: 'worst', limit: 100 } },
  },
  {
    q: 'Which agent had the worst MOS yesterday?',
    reading: { metrics: ['mos'], groupBy: 'agent', rank: { order: 'worst', limit: 1 } },
  },
  {
    q: 'Top 5 ISPs by call volume this month',
    reading: { metrics: ['callCount'], groupBy: 'isp', rank: { order: 'highest', limit: 5 } },
  },
  {
    q: 'Bottom 2 regions by score last week',
    reading: { metrics: ['score'], groupBy: 'region', rank: { order: 'lowest', limit: 2 } },
  },
  {
    q: 'Which ISP had the highest packet loss today?',
    reading: { metrics: ['packetLoss'], groupBy: 'isp', rank: { order: 'highest', limit: 1 } },
  },
  {
    q: 'Who are the best agents by MOS this month?',
    reading: { metrics: ['mos'], groupBy: 'agent', rank: { order: 'best', limit: 100 } },
  },
  {
    q: 'Which agent took the fewest calls last week?',
    reading: { metrics: ['callCount'], groupBy: 'agent', rank: { order: 'lowest', limit: 1 } },
  },
  {
    q: 'the 4 worst network labels by jitter',
    reading: { metrics: ['jitter'], groupBy: 'networkLabel', rank: { order: 'worst', limit: 4 } },
  },
  {
    q: 'Which region has the most calls today?',
    reading: { metrics: ['callCount'], groupBy: 'region', rank: { order: 'highest', limit: 1 } },
  },
  {
    q: 'Show average packet loss by ISP',
    reading: { metrics: ['packetLoss'], groupBy: 'isp', rank: null, range: last7 },
  },
  // Shares and percentages.
  {
    q: 'What share of calls had poor MOS last week?',
    reading: { metrics: ['share'], thresholds: [mosPoor], range: { kind: 'lastWeek' } },
  },
  {
    q: 'What percentage of calls had high jitter yesterday?',
    reading: { metrics: ['share'], thresholds: [jitterHigh], range: { kind: 'yesterday' } },
  },
  {
    q: 'What percent of calls were on wifi this month?',
    reading: {
      metrics: ['share'],
      shareMatches: [{ field: 'networkType', value: 'wifi' }],
      matches: [],
    },
  },
  {
    q: 'Percentage of calls with packet loss above 2% by ISP this week',
    reading: {
      metrics: ['share'],
      groupBy: 'isp',
      thresholds: [{ metric: 'packetLoss', op: 'gt', value: 2 }],
    },
  },
  {
    q: 'What proportion of calls had the one-way audio insight today?',
    reading: { metrics: ['share'], tags: ['One-Way Audio'], range: { kind: 'today' } },
  },
  // Comparisons.
  {
    q: 'Compare MOS on wifi versus wired this month',
    reading: {
      metrics: ['mos'],
      groupBy: 'networkType',
      matches: [
        { field: 'networkType', value: 'wifi' },
        { field: 'networkType', value: 'ethernet' },
      ],
      range: { kind: 'thisMonth' },
    },
  },
  {
    q: 'Average MOS this week vs last week',
    reading: { metrics: ['mos'], range: { kind: 'thisWeek' }, compareRange: { kind: 'lastWeek' } },
  },
  {
    q: 'How many calls today compared to yesterday?',
    reading: {
      metrics: ['callCount'],
      range: { kind: 'today' },
      compareRange: { kind: 'yesterday' },
    },
  },
  {
    q: 'Jitter on Telstra vs Optus in the last 14 days',
    reading: {
      metrics: ['jitter'],
      groupBy: 'isp',
      matches: [
        { field: 'isp', value: 'Telstra' },
        { field: 'isp', value: 'Optus' },
      ],
      range: { kind: 'lastDays', count: 14 },
    },
  },
  {
    q: 'Compare packet loss in Sydney and Melbourne',
    reading: {
      metrics: ['packetLoss'],
      groupBy: 'region',
      matches: [
        { field: 'region', value: 'Sydney' },
        { field: 'region', value: 'Melbourne' },
      ],
    },
  },
  {
    q: 'MOS by agent this month compared with last month',
    reading: {
      metrics: ['mos'],
      groupBy: 'agent',
      range: { kind: 'thisMonth' },
      compareRange: { kind: 'lastMonth' },
    },
  },
  // Filters by name.
  {
    q: 'How many calls did jack.santos take this week?',
    reading: {
      metrics: ['callCount'],
      matches: [{ field: 'agent', value: 'jack.santos@acme.example' }],
    },
  },
  {
    q: 'Average MOS for jack.santos@acme.example yesterday',
    reading: { metrics: ['mos'], matches: [{ field: 'agent', value: 'jack.santos@acme.example' }] },
  },
  {
    q: 'What was Tomas jitter today?',
    reading: {
      metrics: ['jitter'],
      matches: [{ field: 'agent', value: 'tomas.martin@acme.example' }],
    },
  },
  {
    q: 'How many calls did priya handle today?',
    reading: { metrics: ['callCount'], matches: [{ field: 'agent', value: 'priya@acme.example' }] },
  },
  {
    q: 'Average RTT on Vodafone this week',
    reading: { metrics: ['rtt'], matches: [{ field: 'isp', value: 'Vodafone NZ' }] },
  },
  {
    q: 'How many calls from the Office network label last 3 days?',
    reading: {
      metrics: ['callCount'],
      matches: [{ field: 'networkLabel', value: 'Office' }],
      range: { kind: 'lastDays', count: 3 },
    },
  },
  {
    q: 'Average MOS in Auckland yesterday',
    reading: { metrics: ['mos'], matches: [{ field: 'region', value: 'Auckland' }] },
  },
  {
    q: 'Average jitter on ethernet calls this week',
    reading: { metrics: ['jitter'], matches: [{ field: 'networkType', value: 'ethernet' }] },
  },
  { q: 'How many calls did zed.unknown take this week?', reading: 'unknownName' },
  // Insights and tags.
  {
    q: 'What are the most common insights this week?',
    reading: {
      metrics: ['callCount'],
      groupBy: 'insight',
      rank: { order: 'highest', limit: 100 },
      range: { kind: 'thisWeek' },
    },
  },
  {
    q: 'List the calls with one-way audio yesterday',
    reading: { list: true, tags: ['One-Way Audio'], range: { kind: 'yesterday' } },
  },
  {
    q: 'How many calls were tagged High Jitter in the last 7 days?',
    reading: { metrics: ['callCount'], tags: ['High Jitter'], thresholds: [] },
  },
  {
    q: 'Which agents had the most poor calls in the last 7 days?',
    reading: {
      metrics: ['callCount'],
      groupBy: 'agent',
      thresholds: [mosPoor],
      rank: { order: 'highest', limit: 100 },
    },
  },
  {
    q: 'Most common insights for Telstra this month',
    reading: {
      groupBy: 'insight',
      matches: [{ field: 'isp', value: 'Telstra' }],
      range: { kind: 'thisMonth' },
    },
  },
  {
    q: 'How many calls ended on hold this month?',
    reading: { metrics: ['callCount'], tags: ['Ended On Hold'] },
  },
  // Time.
  {
    q: 'Average MOS today',
    reading: { metrics: ['mos'], range: { kind: 'today' } },
  },
  {
    q: 'average jitter in the last 6 hours',
    reading: { metrics: ['jitter'], range: { kind: 'lastHours', count: 6 } },
  },
  {
    q: 'how many calls last month',
    reading: { metrics: ['callCount'], range: { kind: 'lastMonth' } },
  },
  {
    q: 'Average packet loss on Monday',
    reading: { metrics: ['packetLoss'], range: { kind: 'weekday', day: 0 } },
  },
  {
    q: 'How many calls on 3 March?',
    reading: { metrics: ['callCount'], range: { kind: 'monthDay', month: 3, day: 3 } },
  },
  {
    q: 'MOS on November 20th',
    reading: { metrics: ['mos'], range: { kind: 'monthDay', month: 11, day: 20 } },
  },
  {
    q: 'Average MOS over the last two weeks',
    reading: { metrics: ['mos'], range: { kind: 'lastDays', count: 14 } },
  },
  {
    q: 'Average score in the past 7 days',
    reading: { metrics: ['score'], range: last7 },
  },
  // Charts.
  {
    q: 'MOS trend over the last 14 days',
    reading: { metrics: ['mos'], groupBy: 'day', range: { kind: 'lastDays', count: 14 } },
  },
  {
    q: 'Plot hourly call volume today',
    reading: { metrics: ['callCount'], groupBy: 'hour', chart: true },
  },
  {
    q: 'Chart of jitter by region this week',
    reading: { metrics: ['jitter'], groupBy: 'region', chart: true },
  },
  // Follow-ups in a thread.
  {
    q: 'How many calls had high jitter this week?',
    reading: { metrics: ['callCount'], thresholds: [jitterHigh], range: { kind: 'thisWeek' } },
  },
  {
    q: 'and yesterday?',
    followUp: true,
    reading: { metrics: ['callCount'], thresholds: [jitterHigh], range: { kind: 'yesterday' } },
  },
  {
    q: 'only for Telstra',
    followUp: true,
    reading: {
      thresholds: [jitterHigh],
      range: { kind: 'yesterday' },
      matches: [{ field: 'isp', value: 'Telstra' }],
    },
  },
  {
    q: 'show me those calls',
    followUp: true,
    reading: {
      list: true,
      thresholds: [jitterHigh],
      range: { kind: 'yesterday' },
      matches: [{ field: 'isp', value: 'Telstra' }],
    },
  },
  {
    q: 'Average MOS by agent this week',
    reading: { metrics: ['mos'], groupBy: 'agent', range: { kind: 'thisWeek' } },
  },
  {
    q: 'what about by region?',
    followUp: true,
    reading: { metrics: ['mos'], groupBy: 'region', range: { kind: 'thisWeek' } },
  },
  {
    q: 'and jitter?',
    followUp: true,
    reading: { metrics: ['jitter'], groupBy: 'region', range: { kind: 'thisWeek' } },
  },
  {
    q: 'what about last 7 days instead',
    followUp: true,
    reading: { metrics: ['jitter'], groupBy: 'region', range: last7 },
  },
  // More ways of saying the same kinds.
  {
    q: 'Who had the most calls yesterday?',
    reading: { metrics: ['callCount'], groupBy: 'agent', rank: { order: 'highest', limit: 1 } },
  },
  {
    q: 'Show the hourly trend of packet loss today',
    reading: { metrics: ['packetLoss'], groupBy: 'hour', range: { kind: 'today' } },
  },
  {
    q: 'What is the worst ISP?',
    reading: { metrics: ['mos'], groupBy: 'isp', rank: { order: 'worst', limit: 1 } },
  },
  {
    q: 'How did Telstra compare to Optus last week?',
    reading: {
      groupBy: 'isp',
      matches: [
        { field: 'isp', value: 'Telstra' },
        { field: 'isp', value: 'Optus' },
      ],
      range: { kind: 'lastWeek' },
    },
  },
  {
    q: 'How many calls did Tomas Martin handle last week?',
    reading: {
      metrics: ['callCount'],
      matches: [{ field: 'agent', value: 'tomas.martin@acme.example' }],
      range: { kind: 'lastWeek' },
    },
  },
  { q: 'How many calls did alice take today?', reading: 'unknownName' },
  {
    q: 'Which 5 ISPs had the most calls with high jitter?',
    reading: {
      metrics: ['callCount'],
      groupBy: 'isp',
      thresholds: [jitterHigh],
      rank: { order: 'highest', limit: 5 },
    },
  },
  {
    q: 'What is the average RTT for calls longer than 5 minutes?',
    reading: { metrics: ['rtt'], thresholds: [{ metric: 'duration', op: 'gt', value: 300 }] },
  },
  {
    q: 'How was call quality last Tuesday?',
    reading: { metrics: ['mos'], range: { kind: 'weekday', day: 1 } },
  },
  {
    q: 'Compare jitter this month with last month by ISP',
    reading: {
      metrics: ['jitter'],
      groupBy: 'isp',
      range: { kind: 'thisMonth' },
      compareRange: { kind: 'lastMonth' },
    },
  },
  {
    q: 'Percentage of wifi calls with poor MOS',
    reading: {
      metrics: ['share'],
      thresholds: [mosPoor],
      matches: [{ field: 'networkType', value: 'wifi' }],
    },
  },
  {
    q: 'How many calls did jack have with poor MOS last week?',
    reading: {
      metrics: ['callCount'],
      thresholds: [mosPoor],
      matches: [{ field: 'agent', value: 'jack.santos@acme.example' }],
    },
  },
  {
    q: 'list them',
    followUp: true,
    reading: {
      list: true,
      thresholds: [mosPoor],
      matches: [{ field: 'agent', value: 'jack.santos@acme.example' }],
      range: { kind: 'lastWeek' },
    },
  },
  {
    q: 'Show me the 5 worst calls by MOS today',
    reading: { list: true, metrics: ['mos'], rank: { order: 'worst', limit: 5 } },
  },
  {
    q: 'Top 5 longest calls this week',
    reading: { list: true, metrics: ['duration'], rank: { order: 'highest', limit: 5 } },
  },
  {
    q: 'Are wifi calls worse than wired calls?',
    reading: { metrics: ['mos'], groupBy: 'networkType' },
  },
  {
    q: 'What was the MOS last week compared to the week before?',
    reading: {
      metrics: ['mos'],
      range: { kind: 'lastWeek' },
      compareRange: { kind: 'ago', unit: 'week', count: 2 },
    },
  },
  {
    q: 'What was the busiest hour yesterday?',
    reading: { metrics: ['callCount'], groupBy: 'hour', rank: { order: 'highest', limit: 1 } },
  },
  {
    q: 'How many calls in the last 24 hours had packet loss?',
    reading: { metrics: ['callCount'], thresholds: [{ metric: 'packetLoss', op: 'gt', value: 0 }] },
  },
  {
    q: 'Give me a breakdown of insights by agent',
    reading: { metrics: ['callCount'], groupBy: 'agent', tags: ['*'] },
  },
  // Honesty.
  { q: "What's the weather like in Sydney tomorrow?", reading: 'unknown' },
  { q: 'Tell me a joke', reading: 'unknown' },
  { q: 'help', reading: 'help' },
];
