import { describe, expect, it } from 'vitest';
import type { TeamCondition } from '@callsight/shared';
import { groupClause, likeLiteral, rlsClauses, RlsClauseError, sqlString } from './rls.ts';

describe('rls clauses from team conditions', () => {
  it('write one clause per condition over the call columns', () => {
    const conditions: TeamCondition[] = [
      { type: 'group1', operator: 'equals', value: 'Sales' },
      { type: 'group5', operator: 'startsWith', value: 'EMEA' },
      { type: 'attributes', field: 'queue', operator: 'equals', value: 'VIP' },
      { type: 'attributes', field: 'region', operator: 'startsWith', value: 'North' },
    ];
    expect(rlsClauses(conditions)).toEqual([
      "agent_group_1 = 'Sales'",
      "agent_group_5 LIKE 'EMEA%' ESCAPE '\\'",
      "ctr_attributes->>'queue' = 'VIP'",
      "ctr_attributes->>'region' LIKE 'North%' ESCAPE '\\'",
    ]);
    expect(rlsClauses([])).toEqual([]);
    expect(groupClause('0b7c0e52-8a8c-4a55-9d3e-4f0f0b1c2d3e')).toBe(
      "group_id = '0b7c0e52-8a8c-4a55-9d3e-4f0f0b1c2d3e'",
    );
  });

  it('double single quotes, in values and field names', () => {
    expect(
      rlsClauses([
        { type: 'group2', operator: 'equals', value: "O'Brien' OR '1'='1" },
        {
          type: 'attributes',
          field: "it's",
          operator: 'equals',
          value: "x'; drop table calls; --",
        },
      ]),
    ).toEqual([
      "agent_group_2 = 'O''Brien'' OR ''1''=''1'",
      "ctr_attributes->>'it''s' = 'x''; drop table calls; --'",
    ]);
  });

  it('escape LIKE metacharacters so startsWith matches the value literally', () => {
    expect(likeLiteral('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(rlsClauses([{ type: 'group3', operator: 'startsWith', value: "100%_it's\\" }])).toEqual([
      "agent_group_3 LIKE '100\\%\\_it''s\\\\%' ESCAPE '\\'",
    ]);
    // equals needs no LIKE escaping: % and _ are plain characters there.
    expect(rlsClauses([{ type: 'group1', operator: 'equals', value: '5%_a' }])).toEqual([
      "agent_group_1 = '5%_a'",
    ]);
  });

  it('refuse control characters and a CTR attribute without a field', () => {
    expect(() => sqlString('a\u0000b')).toThrow(RlsClauseError);
    expect(() => rlsClauses([{ type: 'group1', operator: 'equals', value: 'a\u001bb' }])).toThrow(
      'control character',
    );
    expect(() => rlsClauses([{ type: 'attributes', operator: 'equals', value: 'v' }])).toThrow(
      'field name',
    );
    // Tabs and newlines are ordinary text inside a quoted literal.
    expect(sqlString('a\tb')).toBe("'a\tb'");
  });
});
