import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../audit/audit-log.ts';
import { configEntries, groupFeatures, groups } from '../../db/schema/index.ts';

/** The stored texts of a group's config entries by key (all of them, or the keys given). */
export async function loadEntries(
  db: DbOrTx,
  groupId: string,
  keys?: readonly string[],
): Promise<Map<string, string>> {
  if (keys && keys.length === 0) return new Map();
  const where = keys
    ? and(eq(configEntries.groupId, groupId), inArray(configEntries.key, [...keys]))
    : eq(configEntries.groupId, groupId);
  const rows = await db
    .select({ key: configEntries.key, value: configEntries.value })
    .from(configEntries)
    .where(where);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Stores one entry of a group, replacing the previous value. */
export async function upsertEntry(
  db: DbOrTx,
  groupId: string,
  key: string,
  value: string,
): Promise<void> {
  await db
    .insert(configEntries)
    .values({ groupId, key, value })
    .onConflictDoUpdate({
      target: [configEntries.groupId, configEntries.key],
      set: { value, updatedAt: sql`now()` },
    });
}

/** Removes one entry so that the catalogue default applies again. */
export async function deleteEntry(db: DbOrTx, groupId: string, key: string): Promise<void> {
  await db
    .delete(configEntries)
    .where(and(eq(configEntries.groupId, groupId), eq(configEntries.key, key)));
}

/**
 * A group's stored config texts and enabled feature names in one round trip: two aggregates
 * over the group's row, which PGlite answers several times faster than 200 separate rows.
 */
export async function loadCatalogueState(
  db: DbOrTx,
  groupId: string,
): Promise<{ entries: Map<string, string>; features: string[] }> {
  const [row] = await db
    .select({
      entries: sql<
        string | null
      >`(select json_object_agg(${configEntries.key}, ${configEntries.value})::text from ${configEntries} where ${configEntries.groupId} = ${groups.id})`,
      features: sql<
        string | null
      >`(select json_agg(${groupFeatures.feature})::text from ${groupFeatures} where ${groupFeatures.groupId} = ${groups.id} and ${groupFeatures.enabled})`,
    })
    .from(groups)
    .where(eq(groups.id, groupId));
  const entries = new Map<string, string>();
  const parsedEntries: unknown = row?.entries ? JSON.parse(row.entries) : {};
  if (typeof parsedEntries === 'object' && parsedEntries !== null) {
    for (const [key, value] of Object.entries(parsedEntries))
      if (typeof value === 'string') entries.set(key, value);
  }
  const parsedFeatures: unknown = row?.features ? JSON.parse(row.features) : [];
  const features = Array.isArray(parsedFeatures)
    ? parsedFeatures.filter((f): f is string => typeof f === 'string')
    : [];
  return { entries, features };
}
