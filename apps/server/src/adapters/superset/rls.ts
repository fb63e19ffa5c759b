import type { TeamCondition } from '@callsight/shared';

/**
 * Superset's row-level security clauses (its guest token's `rls`) for our rules, written for the
 * PostgreSQL dataset over `call_summaries` (standard_conforming_strings on: a backslash in a
 * quoted literal is itself). Superset ANDs the clauses; each is one condition.
 */

const AGENT_GROUP_COLUMNS = {
  group1: 'agent_group_1',
  group2: 'agent_group_2',
  group3: 'agent_group_3',
  group4: 'agent_group_4',
  group5: 'agent_group_5',
} as const;

/** The LIKE escape character, named in every LIKE clause so no dialect default matters. */
const LIKE_ESCAPE = '\\';

/** A clause could not be written safely (a control character, a missing field name). */
export class RlsClauseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RlsClauseError';
  }
}

// NUL ends a C string in some drivers and PostgreSQL refuses it; other control characters have
// no place in a group name or attribute and could hide text in logs.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A SQL string literal: single quotes doubled; control characters refused. */
export function sqlString(value: string): string {
  if (CONTROL_CHARACTERS.test(value))
    throw new RlsClauseError('A team condition holds a control character');
  return `'${value.replaceAll("'", "''")}'`;
}

/** The value as a LIKE pattern matching itself only: %, _ and the escape character escaped. */
export function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => LIKE_ESCAPE + ch);
}

function columnOf(condition: TeamCondition): string {
  if (condition.type === 'attributes') {
    if (!condition.field) throw new RlsClauseError('A CTR Attributes condition needs a field name');
    return `ctr_attributes->>${sqlString(condition.field)}`;
  }
  return AGENT_GROUP_COLUMNS[condition.type];
}

/** One clause per team condition (equals: `=`; startsWith: an escaped `LIKE 'v%'`). */
export function rlsClauses(conditions: readonly TeamCondition[]): string[] {
  return conditions.map((condition) => {
    const column = columnOf(condition);
    if (condition.operator === 'equals') return `${column} = ${sqlString(condition.value)}`;
    const pattern = sqlString(`${likeLiteral(condition.value)}%`);
    return `${column} LIKE ${pattern} ESCAPE ${sqlString(LIKE_ESCAPE)}`;
  });
}

/** The group's own rows: every guest token carries it, so one Superset serves every group. */
export function groupClause(groupId: string): string {
  return `group_id = ${sqlString(groupId)}`;
}
