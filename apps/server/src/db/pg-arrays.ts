import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbOrTx } from './client.ts';

/**
 * Bulk writes as `select ... from unnest($1::type[], $2::type[], ...)`: one parameter per column,
 * whatever the number of rows (ARCHITECTURE.md: Drizzle's row builder spends seconds per 100k
 * rows). Arrays are sent as PostgreSQL array literals built here: it is the same text for
 * node-postgres and PGlite, and much faster than either driver's per-element conversion.
 */

export type PgElementType = 'text' | 'float8' | 'real' | 'int4' | 'int2' | 'jsonb';

const quoted = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;

/** A PostgreSQL array literal of numbers (null → NULL). */
export function numberArrayLiteral(values: readonly (number | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    out += v === null || v === undefined || !Number.isFinite(v) ? 'NULL' : String(v);
  }
  return `${out}}`;
}

/** A PostgreSQL array literal of strings, each quoted (null → NULL). */
export function textArrayLiteral(values: readonly (string | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    out += v === null || v === undefined ? 'NULL' : quoted(v);
  }
  return `${out}}`;
}

/** One column of an unnest: its alias, element type and value per row. */
export interface UnnestColumn<R> {
  name: string;
  type: PgElementType;
  value: (row: R) => string | number | null | undefined;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A real is sent as the 32-bit float JavaScript rounds it to, as the binary path (setFloat32)
 * does: PostgreSQL rounding the shortest decimal text instead differs on exact ties, which an
 * average of two 32-bit floats often is (PGlite and node-postgres then stored different reals).
 */
const asElement = (type: PgElementType, v: number) => (type === 'real' ? Math.fround(v) : v);

/**
 * `unnest($1::t1[], ...) as u(c1, ...)` for the rows; column names are code constants, never
 * input. `binary` (node-postgres only) sends each array in the binary format (see binaryArray).
 */
export function unnestRows<R>(
  columns: readonly UnnestColumn<R>[],
  rows: readonly R[],
  alias = 'u',
  binary = false,
): SQL {
  const args: SQL[] = columns.map((c) => {
    if (!IDENTIFIER.test(c.name)) throw new Error(`unnestRows: bad column name ${c.name}`);
    if (binary) return sql`${binaryArray(c.type, rows, c.value)}::${sql.raw(c.type)}[]`;
    const values = rows.map(c.value);
    const literal =
      c.type === 'text' || c.type === 'jsonb'
        ? textArrayLiteral(values.map((v) => (v === null || v === undefined ? null : String(v))))
        : numberArrayLiteral(
            values.map((v) => (typeof v === 'number' ? asElement(c.type, v) : null)),
          );
    return sql`${literal}::${sql.raw(c.type)}[]`;
  });
  return sql`unnest(${sql.join(args, sql`, `)}) as ${sql.raw(alias)}(${sql.raw(columns.map((c) => c.name).join(', '))})`;
}

/** The rows of a raw query. Both drivers answer `{ rows }`; the row shape is the query's own select list. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return result.rows as T[];
}

/** Milliseconds since the epoch as a timestamptz expression (exact to the millisecond). */
export const msToTimestamp = (expr: string) => sql.raw(`to_timestamp(${expr} / 1000.0)`);

/** A timestamptz column read back as epoch milliseconds (float8, a JS number on both drivers). */
export const timestampToMs = (expr: string) =>
  sql.raw(`(extract(epoch from ${expr}) * 1000)::float8`);

/** Whether the database is PostgreSQL through node-postgres (binary parameters) rather than PGlite. */
export function isNodePostgres(db: Db): boolean {
  const client: unknown = db.$client;
  return client instanceof pg.Pool || client instanceof pg.Client;
}

/** Element types of binary arrays, with their PostgreSQL type OIDs (array_recv checks them). */
const BINARY_ELEMENTS = {
  text: { oid: 25, width: 0 },
  jsonb: { oid: 3802, width: 0 },
  float8: { oid: 701, width: 8 },
  real: { oid: 700, width: 4 },
  int4: { oid: 23, width: 4 },
  int2: { oid: 21, width: 2 },
  timestamptz: { oid: 1184, width: 8 },
} as const;
export type BinaryElementType = keyof typeof BINARY_ELEMENTS;

/** Microseconds between the Unix epoch and PostgreSQL's (2000-01-01), for binary timestamps. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const TWO_32 = 4_294_967_296;
const HEADER_BYTES = 20;

/**
 * A one-dimensional PostgreSQL array in the binary wire format (array_send): node-postgres sends
 * a Buffer parameter as binary, so the server reads the numbers without parsing text, and we
 * build it without turning numbers into strings. Numbers for `timestamptz` are epoch milliseconds.
 */
export function binaryArray<R>(
  type: BinaryElementType,
  rows: readonly R[],
  value: (row: R) => string | number | null | undefined,
): Buffer {
  const { oid, width } = BINARY_ELEMENTS[type];
  const n = rows.length;
  let capacity = HEADER_BYTES + n * (4 + width);
  const texts: (string | null)[] = [];
  const textual = type === 'text' || type === 'jsonb';
  // A binary jsonb value is a version byte (1) and the JSON text.
  const prefix = type === 'jsonb' ? 1 : 0;
  if (textual) {
    for (const row of rows) {
      const v = value(row);
      const text = v === null || v === undefined ? null : String(v);
      texts.push(text);
      if (text !== null) capacity += prefix + Buffer.byteLength(text);
    }
  }
  const buf = Buffer.allocUnsafe(capacity);
  // DataView writes (big-endian by default) compile to plain stores; Buffer's methods do not.
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  view.setInt32(0, 1); // dimensions
  view.setInt32(4, 1); // "may hold NULLs": allowed even when none is present
  view.setUint32(8, oid);
  view.setInt32(12, n);
  view.setInt32(16, 1); // lower bound
  let at = HEADER_BYTES;
  for (let i = 0; i < n; i++) {
    if (textual) {
      const text = texts[i] ?? null;
      if (text === null) {
        view.setInt32(at, -1);
        at += 4;
        continue;
      }
      if (prefix) view.setUint8(at + 4, 1);
      const bytes = prefix + buf.write(text, at + 4 + prefix);
      view.setInt32(at, bytes);
      at += 4 + bytes;
      continue;
    }
    const v = value(rows[i] as R);
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      view.setInt32(at, -1);
      at += 4;
      continue;
    }
    view.setInt32(at, width);
    at += 4;
    switch (type) {
      case 'float8':
        view.setFloat64(at, v);
        break;
      case 'real':
        view.setFloat32(at, v);
        break;
      case 'int4':
        view.setInt32(at, v);
        break;
      case 'int2':
        view.setInt16(at, v);
        break;
      case 'timestamptz': {
        const micros = Math.round((v - PG_EPOCH_MS) * 1000);
        const high = Math.floor(micros / TWO_32);
        view.setInt32(at, high);
        view.setUint32(at + 4, micros - high * TWO_32);
        break;
      }
    }
    at += width;
  }
  return at === capacity ? buf : buf.subarray(0, at);
}
