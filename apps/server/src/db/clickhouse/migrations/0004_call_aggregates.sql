-- Per-call aggregates of the seconds, kept by a materialized view as each insert arrives (issue
-- 23): counts, extremes and packet sums merge exactly; averages as states. Read with GROUP BY
-- (group_id, contact_id): parts not merged yet hold partial rows.
CREATE TABLE IF NOT EXISTS call_aggregates{local} {on_cluster}
(
    group_id UUID,
    contact_id String,
    first_t SimpleAggregateFunction(min, DateTime64(3, 'UTC')),
    last_t SimpleAggregateFunction(max, DateTime64(3, 'UTC')),
    seconds SimpleAggregateFunction(sum, UInt64),
    packets_count SimpleAggregateFunction(sum, UInt64),
    packets_lost SimpleAggregateFunction(sum, UInt64),
    rtt_max_ms SimpleAggregateFunction(max, Nullable(Float32)),
    jitter_max_ms SimpleAggregateFunction(max, Nullable(Float32)),
    cpu_available_min_percent SimpleAggregateFunction(min, Nullable(Float32)),
    memory_used_max_percent SimpleAggregateFunction(max, Nullable(Float32)),
    rtt_avg_ms AggregateFunction(avg, Nullable(Float32)),
    jitter_avg_ms AggregateFunction(avg, Nullable(Float32))
)
ENGINE = {replicated}AggregatingMergeTree
ORDER BY (group_id, contact_id)
TTL toDateTime(last_t) + toIntervalDay({retention_days});

CREATE MATERIALIZED VIEW IF NOT EXISTS call_aggregates_mv{local} {on_cluster}
TO call_aggregates{local}
AS SELECT
    group_id,
    contact_id,
    min(t) AS first_t,
    max(t) AS last_t,
    toUInt64(count()) AS seconds,
    toUInt64(sum(ifNull(in_packets, 0) + ifNull(out_packets, 0))) AS packets_count,
    toUInt64(sum(ifNull(in_lost, 0) + ifNull(out_lost, 0))) AS packets_lost,
    max(rtt_ms) AS rtt_max_ms,
    max(jitter_ms) AS jitter_max_ms,
    min(cpu_available_percent) AS cpu_available_min_percent,
    max(memory_used_percent) AS memory_used_max_percent,
    avgState(rtt_ms) AS rtt_avg_ms,
    avgState(jitter_ms) AS jitter_avg_ms
FROM call_seconds{local}
GROUP BY group_id, contact_id;

-- cluster only
CREATE TABLE IF NOT EXISTS call_aggregates {on_cluster} AS call_aggregates_local
ENGINE = Distributed({cluster}, {database}, call_aggregates_local, cityHash64(group_id, contact_id));
