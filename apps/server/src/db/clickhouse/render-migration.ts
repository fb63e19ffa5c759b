/**
 * The one place where a migration becomes single-server or cluster DDL (decision CH2). A
 * migration file holds statements ending with ';' at the end of a line, with placeholders:
 *   {local}           '' on one server; '_local' with a cluster (the shards' own tables)
 *   {on_cluster}      '' or ON CLUSTER <cluster>
 *   {replicated}      '' or Replicated (ReplicatedMergeTree ... on every shard's replicas)
 *   {cluster} {database} {retention_days}
 * A statement with a line `-- cluster only` (the Distributed table over the local ones) is
 * dropped on one server. Every statement must be idempotent (IF NOT EXISTS): a start that
 * stopped halfway runs its migration again.
 */

export interface SchemaTarget {
  database: string;
  /** CLICKHOUSE_CLUSTER, when tables are spread over a cluster. */
  cluster?: string | undefined;
  retentionDays: number;
}

const CLUSTER_ONLY = /^\s*--\s*cluster only\s*$/m;
const PLACEHOLDER = /\{([a-z_]+)\}/g;

function values(target: SchemaTarget): Record<string, string> {
  const { cluster } = target;
  return {
    local: cluster ? '_local' : '',
    on_cluster: cluster ? `ON CLUSTER ${cluster}` : '',
    replicated: cluster ? 'Replicated' : '',
    cluster: cluster ?? '',
    database: target.database,
    retention_days: String(target.retentionDays),
  };
}

/** The statements of a migration file for the target, placeholders filled in. */
export function renderMigration(text: string, target: SchemaTarget): string[] {
  const filled = values(target);
  return text
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/^\s*--.*$/gm, '').trim() !== '')
    .filter((statement) => target.cluster || !CLUSTER_ONLY.test(statement))
    .map((statement) =>
      statement.replace(PLACEHOLDER, (whole, name: string) => {
        const value = filled[name];
        if (value === undefined) throw new Error(`unknown placeholder ${whole} in a migration`);
        return value;
      }),
    );
}
