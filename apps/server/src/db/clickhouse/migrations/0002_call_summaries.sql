-- One row per call version (issue 23, decision CH3): every write of a summary inserts its whole
-- row with a higher version, and FINAL reads the last. The key (group, start, contact) serves
-- the explorer's question, a group's calls of a time range. A write that moves a call's start
-- also inserts, at the old key, a row with is_deleted = 1 and the same version, so the old
-- start's row leaves FINAL's answer. The bloom filter finds a call by contact id alone.
CREATE TABLE IF NOT EXISTS call_summaries{local} {on_cluster}
(
    group_id UUID,
    contact_id String,
    start_time DateTime64(3, 'UTC'),
    version UInt64,
    is_deleted UInt8,
    agent Nullable(String),
    direction Nullable(String),
    end_time Nullable(DateTime64(3, 'UTC')),
    ended_by Nullable(String),
    disconnect_reason Nullable(String),
    agent_isp Nullable(String),
    agent_local_ip Nullable(String),
    agent_external_ip Nullable(String),
    browser_name Nullable(String),
    browser_version Nullable(String),
    agent_country Nullable(String),
    agent_region Nullable(String),
    network_type Nullable(String),
    network_label Nullable(String),
    -- JSON texts, as sent: [{ start, end }] in epoch ms, and the CTR attributes.
    hold_intervals Nullable(String),
    sip_response_code Nullable(Int16),
    agent_group_1 Nullable(String),
    agent_group_2 Nullable(String),
    agent_group_3 Nullable(String),
    agent_group_4 Nullable(String),
    agent_group_5 Nullable(String),
    ctr_attributes Nullable(String),
    summary_received_at Nullable(DateTime64(3, 'UTC')),
    sample_count UInt32,
    first_sample_at Nullable(DateTime64(3, 'UTC')),
    last_sample_at Nullable(DateTime64(3, 'UTC')),
    duration_seconds Nullable(Int32),
    mos_avg Nullable(Float32),
    mos_min Nullable(Float32),
    mos_inbound_avg Nullable(Float32),
    mos_outbound_avg Nullable(Float32),
    jitter_avg_ms Nullable(Float32),
    jitter_max_ms Nullable(Float32),
    rtt_avg_ms Nullable(Float32),
    rtt_max_ms Nullable(Float32),
    packets_count UInt64,
    packets_lost UInt64,
    packets_lost_fraction Nullable(Float32),
    cpu_available_min_percent Nullable(Float32),
    memory_used_max_percent Nullable(Float32),
    error_log_count UInt32,
    score Float32,
    tags Array(LowCardinality(String)),
    insights String,
    -- The accumulator the next batch of seconds continues (JSON text; decisions P8, P9).
    quality_state Nullable(String),
    created_at DateTime64(3, 'UTC'),
    updated_at DateTime64(3, 'UTC'),
    INDEX contact_idx contact_id TYPE bloom_filter(0.01) GRANULARITY 1
)
ENGINE = {replicated}ReplacingMergeTree(version, is_deleted)
PARTITION BY toYYYYMM(start_time)
ORDER BY (group_id, start_time, contact_id)
TTL toDateTime(start_time) + toIntervalDay({retention_days})
SETTINGS ttl_only_drop_parts = 1;

-- cluster only
-- Every version of a call on one shard, so that each shard's FINAL sees them all.
CREATE TABLE IF NOT EXISTS call_summaries {on_cluster} AS call_summaries_local
ENGINE = Distributed({cluster}, {database}, call_summaries_local, cityHash64(group_id, contact_id));
