import { gte, sql, type SQL } from 'drizzle-orm';
import type { TeamConditionType } from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import { callSummaries } from '../../db/schema/telemetry.ts';
import { AGENT_GROUP_COLUMNS } from './datasets.ts';

/** A team condition's offered values (issue 33 §1): from the calls of the last `days`, `limit`. */
export const TEAM_FIELD_VALUES = { days: 90, limit: 200 } as const;

const DAY_MS = 24 * 3_600_000;

const c = callSummaries;

/**
 * The values a team condition may name, from the group's calls of the last 90 days (the whole
 * group, never narrowed by a team: an admin builds teams with it): Agent Group n's distinct levels,
 * the CTR attribute names (no `field`), or one attribute's distinct values. Non-empty, in byte
 * order (collation "C", as ClickHouse sorts), at most TEAM_FIELD_VALUES.limit.
 */
export async function teamFieldValues(
  scope: GroupScope,
  type: TeamConditionType,
  field: string | undefined,
  now: Date,
): Promise<string[]> {
  const since = new Date(now.getTime() - TEAM_FIELD_VALUES.days * DAY_MS);
  const isObject = sql`jsonb_typeof(${c.ctrAttributes}) = 'object'`;
  let value: SQL;
  const extra: SQL[] = [];
  if (type !== 'attributes') {
    value = sql`${AGENT_GROUP_COLUMNS[type]}`;
  } else if (!field) {
    // A set-returning function: one row per attribute name of each call.
    value = sql`jsonb_object_keys(${c.ctrAttributes})`;
    extra.push(isObject);
  } else {
    value = sql`(${c.ctrAttributes} ->> ${field}::text)`;
    extra.push(isObject);
  }
  const seen = scope.db
    .select({ value: sql<string | null>`(${value}) collate "C"`.as('value') })
    .from(c)
    .where(scope.owns(c, gte(c.startTime, since), ...extra))
    .as('seen');
  const rows = await scope.db
    .select({ value: seen.value })
    .from(seen)
    .where(sql`${seen.value} <> ''`)
    .groupBy(seen.value)
    .orderBy(seen.value)
    .limit(TEAM_FIELD_VALUES.limit);
  return rows.flatMap((r) => (r.value === null ? [] : [r.value]));
}
