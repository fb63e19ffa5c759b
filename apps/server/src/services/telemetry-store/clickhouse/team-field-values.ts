import type { TeamConditionType } from '@callsight/shared';
import { chTime, type ClickHouseParams } from '../../../db/clickhouse/client.ts';
import { GROUP_PREDICATE, type ClickHouseGroupScope } from '../../../db/clickhouse/group-scope.ts';
import { TEAM_FIELD_VALUES } from '../../canvas/team-field-values.ts';
import { AGENT_GROUP_COLUMNS } from './canvas-datasets.ts';

const DAY_MS = 24 * 3_600_000;

/** The call's CTR attributes as JSON text ('{}' when it has none). */
const ATTRIBUTES = "ifNull(ctr_attributes, '{}')";

/**
 * PostgreSQL's teamFieldValues (services/canvas/team-field-values.ts) on ClickHouse: Agent Group
 * n's distinct levels, the CTR attribute names (no `field`), or one attribute's distinct values,
 * of the group's calls of the last 90 days; non-empty, in byte order, at most the limit.
 */
export async function teamFieldValues(
  scope: ClickHouseGroupScope,
  type: TeamConditionType,
  field: string | undefined,
  now: Date,
): Promise<string[]> {
  const params: ClickHouseParams = {
    since: chTime(now.getTime() - TEAM_FIELD_VALUES.days * DAY_MS),
  };
  let value: string;
  if (type !== 'attributes') {
    value = AGENT_GROUP_COLUMNS[type];
  } else if (!field) {
    value = `arrayJoin(JSONExtractKeys(${ATTRIBUTES}))`;
  } else {
    params.field = field;
    const has = `JSONHas(${ATTRIBUTES}, {field:String})`;
    value = `if(${has}, JSONExtractString(${ATTRIBUTES}, {field:String}), NULL)`;
  }
  const rows = await scope.query<{ value: string }>(
    `SELECT DISTINCT assumeNotNull(seen) AS value
     FROM (
       SELECT ${value} AS seen FROM call_summaries FINAL
       WHERE ${GROUP_PREDICATE} AND start_time >= {since:DateTime64(3, 'UTC')}
     )
     WHERE seen IS NOT NULL AND seen != ''
     ORDER BY value
     LIMIT ${TEAM_FIELD_VALUES.limit}`,
    params,
  );
  return rows.map((r) => r.value);
}
