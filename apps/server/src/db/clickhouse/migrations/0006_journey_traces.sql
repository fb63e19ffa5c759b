-- One row per journey version (issue 23, decisions CH3, CH24): every export that touches a trace
-- inserts its whole row, aggregates recomputed from all its spans, with a higher version; FINAL
-- reads the last. The key (group, start, trace) serves the journey list (a group's traces of a
-- time range, in start order, with keyset cursors). An earlier span that moves the trace's start
-- also inserts, at the old key, a row with is_deleted = 1 and the same version. The bloom filter
-- finds a trace by its id alone (the writer's read, the AI summary's check).
CREATE TABLE IF NOT EXISTS journey_traces{local} {on_cluster}
(
    group_id UUID,
    start_time DateTime64(6, 'UTC'),
    trace_id String,
    version UInt64,
    is_deleted UInt8,
    end_time DateTime64(6, 'UTC'),
    duration_ms Float64,
    span_count UInt32,
    service_name String,
    root_span_name String,
    error_count UInt32,
    insight_count UInt32,
    -- The spec 002 §9 filter fields: the first value an export carried (as PostgreSQL keeps).
    platform Nullable(String),
    journey_id Nullable(String),
    agent_username Nullable(String),
    agent_ip Nullable(String),
    softphone_contact_id Nullable(String),
    telephony_agent_name Nullable(String),
    call_from_number Nullable(String),
    network_type Nullable(String),
    jitter_avg Nullable(Float64),
    mos_avg Nullable(Float64),
    packet_loss Nullable(Float64),
    rtt_avg Nullable(Float64),
    talk_time Nullable(Float64),
    created_at DateTime64(3, 'UTC'),
    updated_at DateTime64(3, 'UTC'),
    INDEX trace_idx trace_id TYPE bloom_filter(0.01) GRANULARITY 1
)
ENGINE = {replicated}ReplacingMergeTree(version, is_deleted)
PARTITION BY toYYYYMM(start_time)
ORDER BY (group_id, start_time, trace_id)
TTL toDateTime(start_time) + toIntervalDay({retention_days})
SETTINGS ttl_only_drop_parts = 1;

-- cluster only
-- Every version of a trace on its spans' shard, so that each shard's FINAL sees them all.
CREATE TABLE IF NOT EXISTS journey_traces {on_cluster} AS journey_traces_local
ENGINE = Distributed({cluster}, {database}, journey_traces_local, cityHash64(group_id, trace_id));
