-- Journey spans (issue 23, decision CH23): one row per span version. The key (group, trace,
-- span) makes one trace's spans one range, the trace detail's question; a resent span is a new
-- version and FINAL reads the last. Insights found on the span travel in its row (JSON text),
-- replaced with it. The bloom filter finds the spans linked to a call (call detail's holds).
CREATE TABLE IF NOT EXISTS journey_spans{local} {on_cluster}
(
    group_id UUID,
    trace_id String,
    span_id String,
    version UInt64,
    start_time DateTime64(3, 'UTC'),
    parent_span_id Nullable(String),
    name String,
    kind Int16,
    start_ns Int64,
    end_ns Int64,
    duration_ms Float64,
    service_name String,
    status_code Int16,
    status_message Nullable(String),
    -- OTLP JSON texts, as stored on PostgreSQL: answered whole by the trace detail.
    attributes String CODEC(ZSTD(3)),
    events String CODEC(ZSTD(3)),
    resource_attributes String CODEC(ZSTD(3)),
    scope_name String,
    scope_version Nullable(String),
    call_id Nullable(String),
    insight_count UInt32,
    -- [{ id, ruleId, insight_type, value_string, attributes }], recorded at received_at.
    insights String,
    received_at DateTime64(3, 'UTC'),
    INDEX call_idx call_id TYPE bloom_filter(0.01) GRANULARITY 1
)
ENGINE = {replicated}ReplacingMergeTree(version)
PARTITION BY toYYYYMM(start_time)
ORDER BY (group_id, trace_id, span_id)
TTL toDateTime(start_time) + toIntervalDay({retention_days})
SETTINGS ttl_only_drop_parts = 1;

-- cluster only
-- A trace's spans and its trace row live on one shard (same sharding key as journey_traces).
CREATE TABLE IF NOT EXISTS journey_spans {on_cluster} AS journey_spans_local
ENGINE = Distributed({cluster}, {database}, journey_spans_local, cityHash64(group_id, trace_id));
