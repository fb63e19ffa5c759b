-- A call's seconds (issue 23): one row per second. The key (group, contact, time) makes one
-- call's seconds one contiguous range, the call detail's question; months are partitions, so
-- the retention TTL drops whole parts.
CREATE TABLE IF NOT EXISTS call_seconds{local} {on_cluster}
(
    group_id UUID,
    contact_id String,
    t DateTime64(3, 'UTC') CODEC(DoubleDelta, ZSTD(1)),
    in_mos Nullable(Float32),
    in_packets Nullable(UInt32),
    in_lost Nullable(UInt32),
    in_audio_level Nullable(Float32),
    out_mos Nullable(Float32),
    out_packets Nullable(UInt32),
    out_lost Nullable(UInt32),
    out_audio_level Nullable(Float32),
    rtt_ms Nullable(Float32),
    jitter_ms Nullable(Float32),
    cpu_available_percent Nullable(Float32),
    memory_used_percent Nullable(Float32),
    -- Chart value of spec 002 §9: Talk 3, On Mute 2, On Hold 1.
    agent_status Nullable(UInt8),
    -- Bit 1: the inbound MOS came from the E-model; bit 2: the outbound one.
    mos_computed UInt8
)
ENGINE = {replicated}MergeTree
PARTITION BY toYYYYMM(t)
ORDER BY (group_id, contact_id, t)
TTL toDateTime(t) + toIntervalDay({retention_days})
SETTINGS ttl_only_drop_parts = 1;

-- cluster only
-- A call's seconds all live on one shard.
CREATE TABLE IF NOT EXISTS call_seconds {on_cluster} AS call_seconds_local
ENGINE = Distributed({cluster}, {database}, call_seconds_local, cityHash64(group_id, contact_id));
