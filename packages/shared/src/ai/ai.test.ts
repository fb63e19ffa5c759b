import { describe, expect, it } from 'vitest';
import { parseQuestion } from './intent.ts';
import { resolveCopilotRange } from './time-words.ts';
import { formatCopilotAnswer, rankGroups, type CopilotGroupRow } from './answer.ts';
import { CopilotQuerySchema, type CopilotQuery } from './query.ts';
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

  it('counts our own test calls only when the question asks for them', () => {
    expect(query('Which agents had the worst MOS this week?').testCalls).toBeUndefined();
    const asked = query('Which agents had the worst MOS this week including test calls?');
    expect(asked).toMatchObject({
      metrics: ['mos'],
      groupBy: 'agent',
      range: { kind: 'thisWeek' },
      testCalls: true,
    });
    expect(query('How many synthetic calls yesterday?')).toMatchObject({
      metrics: ['callCount'],
      range: { kind: 'yesterday' },
      testCalls: true,
    });
    // A follow-up keeps the thread's choice.
    expect(query('and by ISP?', asked)).toMatchObject({ groupBy: 'isp', testCalls: true });
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
    share: null,
  });
  const rows: CopilotGroupRow[] = [
    { key: 'alice', values: values(4.123, 3), total: 3 },
    { key: 'bob', values: values(2.5, 2), total: 2 },
    { key: 'carol', values: values(3.456, 1), total: 1 },
  ];
  const window = (label: string) => ({
    label,
    from: new Date('2026-03-10T00:00:00Z'),
    to: new Date('2026-03-11T00:00:00Z'),
    span: '2026-03-10 00:00 to 2026-03-11 00:00 UTC',
  });

  it('ranks worst MOS lowest first and words the answer', () => {
    const q = CopilotQuerySchema.parse({
      metrics: ['mos'],
      groupBy: 'agent',
      range: { kind: 'yesterday' },
      rank: { order: 'worst', limit: 2 },
    });
    expect(rankGroups(q, rows).map((r) => r.key)).toEqual(['bob', 'carol']);
    const answer = formatCopilotAnswer(q, window('yesterday'), { kind: 'groups', rows });
    expect(answer.response).toBe(
      'The 2 agents with the worst average MOS yesterday: bob (2.5), carol (3.46).\n\n' +
        'I read this as: average MOS; yesterday (2026-03-10 00:00 to 2026-03-11 00:00 UTC); by agent, worst first, top 2.',
    );
    expect(answer.artifacts[0]).toMatchObject({
      type: 'table',
      rows: [
        { key: 'bob', mos: 2.5 },
        { key: 'carol', mos: 3.46 },
      ],
    });
    // The ranked table, and a bar chart of the ranking's context (up to ten groups, in order).
    expect(answer.artifacts[1]).toMatchObject({
      type: 'chart',
      data: { xAxis: { data: ['bob', 'carol', 'alice'] } },
    });
    expect(CopilotReplySchema.parse({ ...answer, threadId: 't' }).artifacts).toHaveLength(2);
    // Asked with our own test calls, the reading says they are counted.
    const withTests = formatCopilotAnswer({ ...q, testCalls: true }, window('yesterday'), {
      kind: 'groups',
      rows,
    });
    expect(withTests.response).toContain(
      'I read this as: average MOS; test calls (GSM monitors, heartbeat tests) included; yesterday',
    );
  });

  it('draws a breakdown by day as a line chart and says when nothing matched', () => {
    const q = CopilotQuerySchema.parse({ metrics: ['mos'], groupBy: 'day' });
    const answer = formatCopilotAnswer(q, window('this week'), {
      kind: 'groups',
      rows: [{ key: '2026-03-09', values: values(3.1, 4), total: 4 }],
    });
    expect(answer.artifacts[0]).toMatchObject({
      type: 'chart',
      data: { xAxis: { data: ['2026-03-09'] }, series: [{ type: 'line', data: [3.1] }] },
    });
    const none = formatCopilotAnswer(
      CopilotQuerySchema.parse({ metrics: ['mos'] }),
      window('today'),
      {
        kind: 'groups',
        rows: [{ key: null, values: values(0, 0), total: 0 }],
      },
    );
    expect(none.response).toMatch(
      /^I found no calls today\.\n\nI read this as: average MOS; today/,
    );
    expect(none.artifacts).toEqual([]);
  });
});
