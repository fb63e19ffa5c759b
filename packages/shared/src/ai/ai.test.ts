import { describe, expect, it } from 'vitest';
import { parseQuestion } from './intent.ts';
import { resolveCopilotRange } from './time-words.ts';
import { formatCopilotAnswer, rankGroups, type CopilotGroupRow } from './answer.ts';
import { CopilotQuerySchema, type CopilotQuery } from './query.ts';
import {
  buildJourneyPrompt,
  digestJourney,
  summarizeJourney,
  type AiSpanInput,
} from './journey-summary.ts';
import { CopilotReplySchema } from './schemas.ts';

const NOW = new Date('2026-03-11T15:30:00Z'); // a Wednesday

function query(question: string, previous?: CopilotQuery, known = {}): CopilotQuery {
  const parsed = parseQuestion(question, { previous: previous ?? null, known });
  if (parsed.kind !== 'query') throw new Error(`not a query: ${question}`);
  return parsed.query;
}

describe('resolveCopilotRange', () => {
  it('reads day, week and month words on the wall clock of the zone', () => {
    const r = (range: Parameters<typeof resolveCopilotRange>[0], tz = 'UTC') => {
      const w = resolveCopilotRange(range, NOW, tz);
      return [w.from.toISOString(), w.to.toISOString(), w.label];
    };
    expect(r({ kind: 'today' })).toEqual(['2026-03-11T00:00:00.000Z', NOW.toISOString(), 'today']);
    expect(r({ kind: 'yesterday' })).toEqual([
      '2026-03-10T00:00:00.000Z',
      '2026-03-11T00:00:00.000Z',
      'yesterday',
    ]);
    expect(r({ kind: 'thisWeek' })[0]).toBe('2026-03-09T00:00:00.000Z');
    expect(r({ kind: 'lastWeek' }).slice(0, 2)).toEqual([
      '2026-03-02T00:00:00.000Z',
      '2026-03-09T00:00:00.000Z',
    ]);
    expect(r({ kind: 'lastMonth' }).slice(0, 2)).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
    expect(r({ kind: 'lastDays', count: 7 })).toEqual([
      '2026-03-04T15:30:00.000Z',
      NOW.toISOString(),
      'in the last 7 days',
    ]);
    // Sydney is UTC+11 in March: its "today" began at 13:00 UTC the day before.
    expect(r({ kind: 'today' }, 'Australia/Sydney')[0]).toBe('2026-03-11T13:00:00.000Z');
  });
});

describe('parseQuestion', () => {
  it('reads metrics, breakdowns, ranges, thresholds and rankings', () => {
    expect(query('What was the average MOS by agent in the last 7 days?')).toMatchObject({
      metrics: ['mos'],
      groupBy: 'agent',
      range: { kind: 'lastDays', count: 7 },
      rank: null,
      list: false,
    });
    expect(query('Which ISP had the worst jitter yesterday?')).toMatchObject({
      metrics: ['jitter'],
      groupBy: 'isp',
      range: { kind: 'yesterday' },
      rank: { order: 'worst', limit: 1 },
    });
    expect(query('list calls with MOS below 3.5 and jitter over 30 ms today')).toMatchObject({
      metrics: ['callCount'],
      list: true,
      thresholds: [
        { metric: 'mos', op: 'lt', value: 3.5 },
        { metric: 'jitter', op: 'gt', value: 30 },
      ],
    });
    expect(query('calls longer than 2 minutes').thresholds).toEqual([
      { metric: 'duration', op: 'gt', value: 120 },
    ]);
    expect(query('top 5 agents by call count this week').rank).toEqual({
      order: 'highest',
      limit: 5,
    });
    expect(query('MOS trend last 14 days')).toMatchObject({ groupBy: 'day', chart: true });
    expect(query('rtt last 48 hours').range).toEqual({ kind: 'lastHours', count: 48 });
    expect(query('average RTT last week')).toMatchObject({
      metrics: ['rtt'],
      range: { kind: 'lastWeek' },
    });
  });

  it('finds the group’s own names and keeps a thread’s query for follow-ups', () => {
    const known = { agent: ['alice'], isp: ['Fibre Co', 'Fibre Co Business'] };
    expect(query('MOS on fibre co business for Alice', undefined, known).matches).toEqual([
      { field: 'isp', value: 'Fibre Co Business' },
      { field: 'agent', value: 'alice' },
    ]);
    const first = query('average jitter by agent yesterday');
    const second = query('and by ISP?', first);
    expect(second).toMatchObject({
      metrics: ['jitter'],
      groupBy: 'isp',
      range: { kind: 'yesterday' },
    });
    expect(query('what about this week?', second)).toMatchObject({
      groupBy: 'isp',
      range: { kind: 'thisWeek' },
    });
    expect(query('and packet loss?', second).metrics).toEqual(['packetLoss']);
    expect(query('overall', second)).toMatchObject({ groupBy: null, rank: null });
  });

  it('answers help and unknown questions as such', () => {
    expect(parseQuestion('help').kind).toBe('help');
    expect(parseQuestion('What is the capital of France?').kind).toBe('unknown');
  });
});

describe('formatCopilotAnswer', () => {
  const values = (mos: number, callCount: number) => ({
    mos,
    callCount,
    jitter: null,
    packetLoss: null,
    rtt: null,
    duration: null,
    score: null,
  });
  const rows: CopilotGroupRow[] = [
    { key: 'alice', values: values(4.123, 3) },
    { key: 'bob', values: values(2.5, 2) },
    { key: 'carol', values: values(3.456, 1) },
  ];

  it('ranks worst MOS lowest first and words the answer', () => {
    const q = CopilotQuerySchema.parse({
      metrics: ['mos'],
      groupBy: 'agent',
      rank: { order: 'worst', limit: 2 },
    });
    expect(rankGroups(q, rows).map((r) => r.key)).toEqual(['bob', 'carol']);
    const answer = formatCopilotAnswer(q, 'yesterday', { kind: 'groups', rows });
    expect(answer.response).toBe(
      'The 2 agents with the worst average MOS yesterday: bob (2.5), carol (3.46).',
    );
    expect(answer.artifacts[0]).toMatchObject({
      type: 'table',
      rows: [
        { key: 'bob', mos: 2.5 },
        { key: 'carol', mos: 3.46 },
      ],
    });
    expect(CopilotReplySchema.parse({ ...answer, threadId: 't' }).artifacts).toHaveLength(1);
  });

  it('draws a breakdown by day as a line chart and says when nothing matched', () => {
    const q = CopilotQuerySchema.parse({ metrics: ['mos'], groupBy: 'day' });
    const answer = formatCopilotAnswer(q, 'this week', {
      kind: 'groups',
      rows: [{ key: '2026-03-09', values: values(3.1, 4) }],
    });
    expect(answer.artifacts[0]).toMatchObject({
      type: 'chart',
      data: { xAxis: { data: ['2026-03-09'] }, series: [{ type: 'line', data: [3.1] }] },
    });
    const none = formatCopilotAnswer(CopilotQuerySchema.parse({ metrics: ['mos'] }), 'today', {
      kind: 'groups',
      rows: [{ key: null, values: values(0, 0) }],
    });
    expect(none).toEqual({ response: 'I found no calls today.', artifacts: [] });
  });
});

describe('summarizeJourney', () => {
  const span = (
    i: number,
    name: string,
    fromMs: number,
    toMs: number,
    extra: Partial<AiSpanInput> = {},
  ): AiSpanInput => ({
    spanId: `s${String(i).padStart(3, '0')}`,
    parentSpanId: i === 0 ? null : 's000',
    name,
    serviceName: 'cx',
    startTimeMs: 1_000_000 + fromMs,
    endTimeMs: 1_000_000 + toMs,
    statusCode: 'OK',
    attributes: {},
    ...extra,
  });
  const spans: AiSpanInput[] = [
    span(0, 'cx.journey', 0, 120_000, { attributes: { 'cx.channel': 'voice' } }),
    ...Array.from({ length: 5 }, (_, i) =>
      span(1 + i, 'cx.telephony.leg', 1000 * (i + 1), 1000 * (i + 2), {
        attributes: { 'cx.telephony.call.id': `c${i}` },
      }),
    ),
    ...Array.from({ length: 5 }, (_, i) =>
      span(10 + i, 'cx.agent.interaction', 10_000 + 1000 * i, 11_000 + 1000 * i, {
        attributes: { 'cx.agent.username': `agent${i}` },
      }),
    ),
    ...Array.from({ length: 20 }, (_, i) =>
      span(20 + i, `step.${i}`, 20_000 + i * 100, 20_050 + i * 100),
    ),
    span(50, 'cx.queue', 30_000, 36_000, { statusCode: 'ERROR', statusMessage: 'Abandoned' }),
    span(51, 'cx.hold', 40_000, 45_000),
  ];

  it('follows spec 9: 20 timeline events, 3 telephony and 3 agent spans, slow over 5 s', () => {
    const d = digestJourney('t1', spans);
    expect(d.timeline).toHaveLength(20);
    expect(d.timeline[0]?.name).toBe('cx.journey');
    expect(d.telephony.map((s) => s.attributes['cx.telephony.call.id'])).toEqual([
      'c0',
      'c1',
      'c2',
    ]);
    expect(d.agent).toHaveLength(3);
    // 5 s exactly is not slow; 6 s is.
    expect(d.slow.map((s) => s.name)).toEqual(['cx.journey', 'cx.queue']);
    const text = summarizeJourney('t1', spans);
    expect(text).toContain('This voice journey (cx.journey) lasted 2 min 0 s across 33 spans');
    expect(text).toContain('1 span failed: cx.queue (Abandoned).');
    expect(text).toContain(`Timeline (first 20 of 33 events):`);
    expect(text).toContain('- +0 s cx.journey [cx] took 2 min 0 s (slow)');
    expect(text).toContain(
      'Telephony: cx.telephony.leg (call c0); cx.telephony.leg (call c1); cx.telephony.leg (call c2).',
    );
    expect(text).toContain('Agent: cx.agent.interaction (agent agent0);');
    expect(text).toContain('Slow spans (over 5 s): cx.journey (2 min 0 s), cx.queue (6 s).');
    expect(text).not.toContain('agent3');
  });

  it('puts the same selection in the LLM prompt and handles an empty trace', () => {
    const prompt = buildJourneyPrompt('t1', spans);
    expect(prompt.split('\n').filter((l) => l.startsWith('{'))).toHaveLength(26);
    expect(prompt).toContain('Slow spans (over 5 s): cx.journey (2 min 0 s), cx.queue (6 s).');
    expect(summarizeJourney('t2', [])).toBe('No summary available');
  });
});
