-- The usage figures of each call (issue 23, decision CH37): a materialized view fed by every
-- insert into call_summaries keeps, per version of a call's summary, the few columns usage
-- metering and extension coverage read, with each call's minutes already rounded up as decision
-- B1 counts them (duration, duration less hold, measured seconds). The table replaces versions
-- as call_summaries does (same key, version and is_deleted: a moved start's deleted row comes
-- through too), so reads with FINAL count every call once, at its last version, however often
-- it was corrected or resent. A view summing versions on insert would count each of them.
CREATE TABLE IF NOT EXISTS call_usage{local} {on_cluster}
(
    group_id UUID,
    contact_id String,
    start_time DateTime64(3, 'UTC'),
    version UInt64,
    is_deleted UInt8,
    agent Nullable(String),
    ended UInt8,
    duration_seconds Nullable(Int32),
    sample_count UInt32,
    duration_min UInt32,
    interaction_min UInt32,
    stats_min UInt32
)
ENGINE = {replicated}ReplacingMergeTree(version, is_deleted)
PARTITION BY toYYYYMM(start_time)
ORDER BY (group_id, start_time, contact_id)
TTL toDateTime(start_time) + toIntervalDay({retention_days})
SETTINGS ttl_only_drop_parts = 1;

-- Hold: the ended intervals of hold_intervals ([{ start, end }] in epoch ms), as PostgreSQL's
-- rollup sums them (float seconds), taken off the duration before rounding.
CREATE MATERIALIZED VIEW IF NOT EXISTS call_usage_mv{local} {on_cluster}
TO call_usage{local}
AS SELECT
    group_id,
    contact_id,
    start_time,
    version,
    is_deleted,
    agent,
    toUInt8(end_time IS NOT NULL) AS ended,
    duration_seconds,
    sample_count,
    toUInt32(ceil(greatest(toFloat64(ifNull(duration_seconds, 0)), 0) / 60)) AS duration_min,
    toUInt32(ceil(greatest(
        toFloat64(ifNull(duration_seconds, 0)) - arraySum(arrayMap(
            h -> ifNull(h.2, 0) - ifNull(h.1, 0),
            arrayFilter(
                h -> h.1 IS NOT NULL AND h.2 IS NOT NULL,
                JSONExtract(ifNull(hold_intervals, '[]'),
                    'Array(Tuple(start Nullable(Float64), end Nullable(Float64)))')
            )
        )) / 1000,
        0
    ) / 60)) AS interaction_min,
    toUInt32(ceil(sample_count / 60)) AS stats_min
FROM call_summaries{local};

-- cluster only
CREATE TABLE IF NOT EXISTS call_usage {on_cluster} AS call_usage_local
ENGINE = Distributed({cluster}, {database}, call_usage_local, cityHash64(group_id, contact_id));

