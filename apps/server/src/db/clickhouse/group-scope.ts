import type { ClickHouseClient, ClickHouseParams } from './client.ts';

/** The condition every query on a ClickHouse telemetry table holds: its group, bound by the server. */
export const GROUP_PREDICATE = 'group_id = {group_id:UUID}';

/**
 * One group's view of the ClickHouse telemetry tables, as forGroup is of PostgreSQL's: a query is
 * refused unless its SQL holds GROUP_PREDICATE (the group is always the parameter group_id, never
 * text in the SQL), and every inserted row is stamped with the group.
 */
export interface ClickHouseGroupScope {
  readonly groupId: string;
  query<T>(sql: string, params?: ClickHouseParams): Promise<T[]>;
  insert(table: string, rows: readonly object[]): Promise<void>;
}

/** The scope of `groupId` on `client`. */
export function chForGroup(client: ClickHouseClient, groupId: string): ClickHouseGroupScope {
  return {
    groupId,
    async query<T>(sql: string, params: ClickHouseParams = {}) {
      if (!sql.includes(GROUP_PREDICATE))
        throw new Error(`a telemetry query must hold ${GROUP_PREDICATE}: ${sql.slice(0, 200)}`);
      return client.query<T>(sql, { ...params, group_id: groupId });
    },
    insert(table: string, rows: readonly object[]) {
      return client.insert(
        table,
        rows.map((row) => ({ ...row, group_id: groupId })),
      );
    },
  };
}
