-- Chart rollups (issue 34; PostgreSQL's call_rollups, migration 0021, and
-- services/canvas/rollups/rollup-model.ts): per group, grain (minutes: 1440, 60 or 1), cube and
-- bucket, the calls' counts, sums, extremes and fixed histograms. Not a materialized view over
-- inserts into call_summaries: a view sees every version of a call (a live call is written every
-- 30 s), and while counts and sums could be cancelled by inserting the old version negated, the
-- minimum, maximum and a histogram's range cannot. The refresh recomputes a marked (group, hour)
-- from call_summaries FINAL instead (delete, then insert), the marks kept in PostgreSQL's
-- call_rollup_dirty as the usage marks are; a chart reads a marked hour raw, so every answer is
-- the raw rows' (decision R3). Sums in Float64, as the raw charts sum (toFloat64); extremes as
-- Float64 of the stored values. Kept as long as the calls (the same TTL).
CREATE TABLE IF NOT EXISTS call_rollups{local} {on_cluster}
(
    group_id UUID,
    grain UInt16,
    cube UInt8,
    bucket DateTime64(3, 'UTC'),
    agent Nullable(String),
    agent_group_1 Nullable(String),
    agent_group_2 Nullable(String),
    agent_group_3 Nullable(String),
    agent_group_4 Nullable(String),
    agent_group_5 Nullable(String),
    agent_isp Nullable(String),
    network_type Nullable(String),
    agent_country Nullable(String),
    direction Nullable(String),
    calls UInt64,
    duration_seconds_n UInt64,
    duration_seconds_sum Nullable(Float64),
    duration_seconds_min Nullable(Float64),
    duration_seconds_max Nullable(Float64),
    mos_avg_n UInt64,
    mos_avg_sum Nullable(Float64),
    mos_avg_min Nullable(Float64),
    mos_avg_max Nullable(Float64),
    mos_min_n UInt64,
    mos_min_sum Nullable(Float64),
    mos_min_min Nullable(Float64),
    mos_min_max Nullable(Float64),
    mos_inbound_avg_n UInt64,
    mos_inbound_avg_sum Nullable(Float64),
    mos_inbound_avg_min Nullable(Float64),
    mos_inbound_avg_max Nullable(Float64),
    mos_outbound_avg_n UInt64,
    mos_outbound_avg_sum Nullable(Float64),
    mos_outbound_avg_min Nullable(Float64),
    mos_outbound_avg_max Nullable(Float64),
    jitter_avg_ms_n UInt64,
    jitter_avg_ms_sum Nullable(Float64),
    jitter_avg_ms_min Nullable(Float64),
    jitter_avg_ms_max Nullable(Float64),
    rtt_avg_ms_n UInt64,
    rtt_avg_ms_sum Nullable(Float64),
    rtt_avg_ms_min Nullable(Float64),
    rtt_avg_ms_max Nullable(Float64),
    packets_lost_percent_n UInt64,
    packets_lost_percent_sum Nullable(Float64),
    packets_lost_percent_min Nullable(Float64),
    packets_lost_percent_max Nullable(Float64),
    error_log_count_n UInt64,
    error_log_count_sum Nullable(Float64),
    error_log_count_min Nullable(Float64),
    error_log_count_max Nullable(Float64),
    score_n UInt64,
    score_sum Nullable(Float64),
    score_min Nullable(Float64),
    score_max Nullable(Float64),
    h_mos_avg Array(UInt64),
    h_jitter_avg_ms Array(UInt64),
    h_rtt_avg_ms Array(UInt64),
    h_packets_lost_percent Array(UInt64),
    h_duration_seconds Array(UInt64),
    h_score Array(UInt64)
)
ENGINE = {replicated}MergeTree
PARTITION BY toYYYYMM(bucket)
ORDER BY (group_id, grain, cube, bucket)
TTL toDateTime(bucket) + toIntervalDay({retention_days})
SETTINGS ttl_only_drop_parts = 1;

-- cluster only
CREATE TABLE IF NOT EXISTS call_rollups {on_cluster} AS call_rollups_local
ENGINE = Distributed({cluster}, {database}, call_rollups_local, cityHash64(group_id));
