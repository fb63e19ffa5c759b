import { describe, expect, it } from 'vitest';
import { AgentLogQuerySchema, CallStatsQuerySchema } from './schemas.ts';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.'));

describe('CallStatsQuerySchema', () => {
  it('fills the defaults of spec 002: page of 10 from 0, newest first, UTC', () => {
    expect(CallStatsQuerySchema.parse({})).toMatchObject({
      size: 10,
      from: 0,
      sortColumn: 'timestamp',
      sortDirection: 'desc',
      timezone: 'UTC',
    });
  });
  it('parses strings from the query string, text filters as lists', () => {
    const q = CallStatsQuerySchema.parse({
      size: '1000',
      from: '20',
      agent: 'alice',
      agentISP: ['A', 'B'],
      mosFrom: '3.5',
      mosTo: '999999',
    });
    expect(q).toMatchObject({ size: 1000, from: 20, agent: ['alice'], agentISP: ['A', 'B'] });
    expect(q.mosFrom).toBe(3.5);
    expect(q.mosTo).toBe(999999);
  });
  it('names an unknown sort column, filter field or bad number', () => {
    const sort = CallStatsQuerySchema.safeParse({ sortColumn: 'score' });
    expect(issuesOf(sort)).toEqual(['sortColumn']);
    const unknown = CallStatsQuerySchema.safeParse({ queue: 'x' });
    expect(unknown.success).toBe(false);
    expect(JSON.stringify(unknown.error?.issues)).toContain('queue');
    expect(issuesOf(CallStatsQuerySchema.safeParse({ rttFrom: 'abc' }))).toEqual(['rttFrom']);
    expect(issuesOf(CallStatsQuerySchema.safeParse({ size: '1001' }))).toEqual(['size']);
  });
  it('checks the time ends in their zone', () => {
    expect(
      CallStatsQuerySchema.safeParse({
        fromTime: '2025-01-15T10:00:00',
        toTime: '2025-01-15T09:00:00',
        timezone: 'Europe/Paris',
      }).success,
    ).toBe(false);
    expect(issuesOf(CallStatsQuerySchema.safeParse({ timezone: 'Nowhere/City' }))).toEqual([
      'timezone',
    ]);
    expect(issuesOf(CallStatsQuerySchema.safeParse({ fromTime: 'soon' }))).toEqual(['fromTime']);
  });
});

describe('AgentLogQuerySchema', () => {
  it('takes agent and level filters and the log sort columns', () => {
    expect(
      AgentLogQuerySchema.parse({ level: 'error', agent: 'bob', sortColumn: 'level' }),
    ).toMatchObject({ level: ['ERROR'], agent: ['bob'], sortColumn: 'level' });
    expect(issuesOf(AgentLogQuerySchema.safeParse({ level: 'DEBUG' }))).toEqual(['level']);
    expect(issuesOf(AgentLogQuerySchema.safeParse({ sortColumn: 'timestamp' }))).toEqual([
      'sortColumn',
    ]);
    expect(AgentLogQuerySchema.safeParse({ mosFrom: '1' }).success).toBe(false);
  });
});
