import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** A table whose rows belong to one group (registered in tenant-tables.json). */
export type TenantTable = PgTable & { groupId: AnyPgColumn };
/** Insert values; a column may be SQL (e.g. a lease on the database's clock). */
type Row<T extends TenantTable> = PgInsertValue<T>;
type OwnRow<T extends TenantTable> = Omit<Row<T>, 'groupId'>;

/**
 * One group's view of the database: the only way services reach tenant tables (the lint rule
 * callsight/group-scoped refuses a query on one without it). Every condition built by `owns`
 * holds the group; every row built by `row`/`rows` is stamped with it.
 */
export interface GroupScope {
  readonly db: DbOrTx;
  readonly groupId: string;
  /** `table.group_id = groupId AND conds`: the where clause (or join condition) of a query. */
  owns(table: TenantTable, ...conds: (SQL | undefined)[]): SQL;
  /** `values` stamped with the group, for an insert. */
  row<T extends TenantTable>(table: T, values: OwnRow<T>): Row<T>;
  rows<T extends TenantTable>(table: T, values: readonly OwnRow<T>[]): Row<T>[];
  /** The same group on another handle (a transaction opened by the service). */
  on(db: DbOrTx): GroupScope;
}

/** The scope of `groupId` on `db`. */
export function forGroup(db: DbOrTx, groupId: string): GroupScope {
  const owns = (table: TenantTable, ...conds: (SQL | undefined)[]): SQL => {
    const own = eq(table.groupId, groupId);
    return conds.length === 0 ? own : (and(own, ...conds) ?? own);
  };
  const row = <T extends TenantTable>(_table: T, values: OwnRow<T>) =>
    ({ ...values, groupId }) as Row<T>;
  return {
    db,
    groupId,
    owns,
    row,
    rows: (table, values) => values.map((v) => row(table, v)),
    on: (other) => forGroup(other, groupId),
  };
}

/**
 * Queries that span groups on purpose (a job sweeping every group, sign-in resolving a user's
 * groups, platform staff's lists). Named so that each one is visible in review and to the lint rule.
 */
export const acrossGroups = {
  where: (...conds: (SQL | undefined)[]): SQL | undefined => and(...conds),
  rows: <T extends TenantTable>(_table: T, values: readonly Row<T>[]): Row<T>[] => [...values],
};
