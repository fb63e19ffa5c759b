/**
 * The few things Callsight asks of ClickHouse (issue 23), behind one small interface: a statement,
 * a query with named parameters and an insert of rows. Two implementations: node-client.ts over
 * the official @clickhouse/client (production) and chdb-client.ts over chDB in process (tests).
 */

/** Values of a query's `{name:Type}` placeholders, bound by the server (never spliced into SQL). */
export type ClickHouseParams = Record<string, unknown>;

export interface ClickHouseClient {
  /** The database unqualified table names are in (created when the client opened). */
  readonly database: string;
  /** Runs a statement that answers no rows (DDL, ALTER). */
  command(sql: string, params?: ClickHouseParams): Promise<void>;
  /**
   * Runs a query and answers its rows as JSONEachRow objects: 64-bit integers come as strings,
   * DateTime64 as 'YYYY-MM-DD hh:mm:ss.sss' text (select toUnixTimestamp64Milli for numbers).
   */
  query<T>(sql: string, params?: ClickHouseParams): Promise<T[]>;
  /** Inserts rows (JSONEachRow); resolves only once they are stored, never while buffered. */
  insert(table: string, rows: readonly object[]): Promise<void>;
  close(): Promise<void>;
}

/** ClickHouse's text of a time, for inserts and DateTime64(3, 'UTC') parameters. */
export function chTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 23);
}

/** Epoch milliseconds of a toUnixTimestamp64Milli value (an Int64: a string in JSON). */
export function chMs(value: string | number): number;
export function chMs(value: string | number | null): number | null;
export function chMs(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

/** Rows of a JSONEachRow answer. */
export function parseJsonEachRow<T>(text: string): T[] {
  const rows: T[] = [];
  for (const line of text.split('\n')) if (line.trim() !== '') rows.push(JSON.parse(line) as T);
  return rows;
}
