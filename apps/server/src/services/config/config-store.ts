import { eq, inArray, sql } from 'drizzle-orm';
import type { GroupScope } from '../../db/group-scope.ts';
import { configEntries, groupFeatures, groups } from '../../db/schema/index.ts';

/** The stored texts of a group's config entries by key (all of them, or the keys given). */
export async function loadEntries(
  scope: GroupScope,
  keys?: readonly string[],
): Promise<Map<string, string>> {
  if (keys && keys.length === 0) return new Map();
  const rows = await scope.db
    .select({ key: configEntries.key, value: configEntries.value })
    .from(configEntries)
    .where(scope.owns(configEntries, keys ? inArray(configEntries.key, [...keys]) : undefined));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Stores one entry of a group, replacing the previous value. */
export async function upsertEntry(scope: GroupScope, key: string, value: string): Promise<void> {
  await scope.db
    .insert(configEntries)
    .values(scope.row(configEntries, { key, value }))
    .onConflictDoUpdate({
      target: [configEntries.groupId, configEntries.key],
      set: { value, updatedAt: sql`now()` },
    });
}

/** Removes one entry so that the catalogue default applies again. */
export async function deleteEntry(scope: GroupScope, key: string): Promise<void> {
  await scope.db.delete(configEntries).where(scope.owns(configEntries, eq(configEntries.key, key)));
}

/**
 * A group's stored config texts and enabled feature names in one round trip: two aggregates
 * over the group's row, which PGlite answers several times faster than 200 separate rows.
 */
export async function loadCatalogueState(
  scope: GroupScope,
): Promise<{ entries: Map<string, string>; features: string[] }> {
  const entriesJson = scope.db
    .select({ json: sql`json_object_agg(${configEntries.key}, ${configEntries.value})::text` })
    .from(configEntries)
    .where(scope.owns(configEntries));
  const featuresJson = scope.db
    .select({ json: sql`json_agg(${groupFeatures.feature})::text` })
    .from(groupFeatures)
    .where(scope.owns(groupFeatures, eq(groupFeatures.enabled, true)));
  // Scalar subqueries: drizzle puts each in parentheses.
  const [row] = await scope.db
    .select({
      entries: sql<string | null>`${entriesJson}`,
      features: sql<string | null>`${featuresJson}`,
    })
    .from(groups)
    .where(eq(groups.id, scope.groupId));
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
