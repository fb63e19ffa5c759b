-- Softphone log lines (issue 23). The key (group, time, id) serves the explorer's agent log (a
-- group's lines of a time range); the writer skips ids already stored, and a line written twice
-- by crossing batches collapses in FINAL. Bloom filters find a call's lines and stored ids.
CREATE TABLE IF NOT EXISTS softphone_logs{local} {on_cluster}
(
    group_id UUID,
    ts DateTime64(3, 'UTC') CODEC(DoubleDelta, ZSTD(1)),
    id String,
    level LowCardinality(String),
    agent String,
    contact_id Nullable(String),
    text String,
    INDEX id_idx id TYPE bloom_filter(0.01) GRANULARITY 1,
    INDEX contact_idx contact_id TYPE bloom_filter(0.01) GRANULARITY 1
)
ENGINE = {replicated}ReplacingMergeTree
PARTITION BY toYYYYMM(ts)
ORDER BY (group_id, ts, id)
TTL toDateTime(ts) + toIntervalDay({retention_days})
SETTINGS ttl_only_drop_parts = 1;

-- cluster only
CREATE TABLE IF NOT EXISTS softphone_logs {on_cluster} AS softphone_logs_local
ENGINE = Distributed({cluster}, {database}, softphone_logs_local, cityHash64(group_id, id));
