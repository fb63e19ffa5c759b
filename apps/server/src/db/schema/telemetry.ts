import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per call with its aggregates, tags and score, so call lists never read seconds. Created
 * by the first of its summary, seconds or error logs to arrive; `quality_state` is the accumulator
 * (packages/shared call-quality) that later batches merge into.
 */
export const callSummaries = pgTable(
  'call_summaries',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    contactId: text('contact_id').notNull(),
    agent: text('agent'),
    direction: text('direction'),
    /** The summary's start, or the first second's time until a summary arrives. */
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time'),
    endedBy: text('ended_by'),
    disconnectReason: text('disconnect_reason'),
    agentIsp: text('agent_isp'),
    agentLocalIp: text('agent_local_ip'),
    agentExternalIp: text('agent_external_ip'),
    browserName: text('browser_name'),
    browserVersion: text('browser_version'),
    agentCountry: text('agent_country'),
    agentRegion: text('agent_region'),
    networkType: text('network_type'),
    /** The group's Network Labelling label of the agent's address (first matching range). */
    networkLabel: text('network_label'),
    /** [{ start, end }] in epoch milliseconds; end null while on hold. */
    holdIntervals: jsonb('hold_intervals').$type<{ start: number; end: number | null }[]>(),
    sipResponseCode: smallint('sip_response_code'),
    /** The agent's hierarchy groups, levels 1-5 (teams' Agent Group conditions). */
    agentGroup1: text('agent_group_1'),
    agentGroup2: text('agent_group_2'),
    agentGroup3: text('agent_group_3'),
    agentGroup4: text('agent_group_4'),
    agentGroup5: text('agent_group_5'),
    /** The contact's CTR attributes (teams' CTR Attributes conditions). */
    ctrAttributes: jsonb('ctr_attributes').$type<Record<string, string>>(),
    /**
     * Our own test call (a GSM monitor's or heartbeat test's agent leg), set by the server on the
     * synthetic results path, never from a collector's payload: left out of the explorer's list,
     * the copilot, charts over calls and usage unless asked for (issue 33, migration 0020).
     */
    synthetic: boolean('synthetic').notNull().default(false),
    summaryReceivedAt: ts('summary_received_at'),
    sampleCount: integer('sample_count').notNull().default(0),
    firstSampleAt: ts('first_sample_at'),
    lastSampleAt: ts('last_sample_at'),
    durationSeconds: integer('duration_seconds'),
    mosAvg: real('mos_avg'),
    mosMin: real('mos_min'),
    mosInboundAvg: real('mos_inbound_avg'),
    mosOutboundAvg: real('mos_outbound_avg'),
    jitterAvgMs: real('jitter_avg_ms'),
    jitterMaxMs: real('jitter_max_ms'),
    rttAvgMs: real('rtt_avg_ms'),
    rttMaxMs: real('rtt_max_ms'),
    packetsCount: bigint('packets_count', { mode: 'number' }).notNull().default(0),
    packetsLost: bigint('packets_lost', { mode: 'number' }).notNull().default(0),
    packetsLostFraction: real('packets_lost_fraction'),
    cpuAvailableMinPercent: real('cpu_available_min_percent'),
    memoryUsedMaxPercent: real('memory_used_max_percent'),
    errorLogCount: integer('error_log_count').notNull().default(0),
    score: real('score').notNull().default(10),
    tags: text('tags').array().notNull().default([]),
    insights: jsonb('insights').$type<unknown[]>().notNull().default([]),
    /** JSON text, not jsonb: it is written on every batch and only Node reads it (decisions.md P9). */
    qualityState: text('quality_state'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.contactId] }),
    index('call_summaries_group_start_idx').on(t.groupId, t.startTime),
    // Explorer pages (migration 0007): a metric's index carries the start (window checked in
    // the index); the agent and ISP indexes carry the metrics (range filters checked in it).
    ...(
      [
        ['mos', t.mosAvg],
        ['jitter', t.jitterAvgMs],
        ['rtt', t.rttAvgMs],
        ['loss', t.packetsLostFraction],
        ['duration', t.durationSeconds],
      ] as const
    ).map(([name, metric]) =>
      index(`call_summaries_group_${name}_start_idx`).on(t.groupId, metric, t.startTime),
    ),
    // Lowest-scoring calls read in score order (migration 0021).
    index('call_summaries_group_score_idx')
      .on(t.groupId, sql`(${t.score})::double precision`, t.contactId, t.agent)
      .where(sql`not ${t.synthetic}`),
    ...(
      [
        ['agent', t.agent],
        ['isp', t.agentIsp],
      ] as const
    ).map(([name, column]) =>
      index(`call_summaries_group_${name}_start_metrics_idx`).on(
        t.groupId,
        column,
        t.startTime,
        t.mosAvg,
        t.jitterAvgMs,
        t.rttAvgMs,
        t.packetsLostFraction,
        t.durationSeconds,
      ),
    ),
  ],
);

/**
 * The seconds of a call in chunks: one row per call and ingested batch, each measure an array with
 * one element per second, in time order (`offsetsMs`: milliseconds after `startTs`). The key
 * serves "all seconds of one call"; a resent second is recognised by the call summary's
 * accumulator (see services/telemetry/ingest-samples.ts). No foreign key: it would cost a lookup per write.
 */
export const callSampleChunks = pgTable(
  'call_sample_chunks',
  {
    groupId: uuid('group_id').notNull(),
    contactId: text('contact_id').notNull(),
    startTs: ts('start_ts').notNull(),
    endTs: ts('end_ts').notNull(),
    seconds: integer('seconds').notNull(),
    offsetsMs: integer('offsets_ms').array().notNull(),
    inMos: real('in_mos').array().notNull(),
    inPackets: integer('in_packets').array().notNull(),
    inLost: integer('in_lost').array().notNull(),
    inAudioLevel: real('in_audio_level').array().notNull(),
    outMos: real('out_mos').array().notNull(),
    outPackets: integer('out_packets').array().notNull(),
    outLost: integer('out_lost').array().notNull(),
    outAudioLevel: real('out_audio_level').array().notNull(),
    rttMs: real('rtt_ms').array().notNull(),
    jitterMs: real('jitter_ms').array().notNull(),
    cpuAvailablePercent: real('cpu_available_percent').array().notNull(),
    memoryUsedPercent: real('memory_used_percent').array().notNull(),
    /** Chart value of spec 002 §9: Talk 3, On Mute 2, On Hold 1; null when not sent. */
    agentStatus: smallint('agent_status').array().notNull(),
    /** Bit 1: inbound MOS was computed by the E-model; bit 2: outbound. */
    mosComputed: smallint('mos_computed').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.contactId, t.startTs] })],
);

/** Softphone log lines; `id` is the sender's id or a hash of the line, so a resend is stored once. */
export const softphoneLogs = pgTable(
  'softphone_logs',
  {
    groupId: uuid('group_id').notNull(),
    id: text('id').notNull(),
    ts: ts('ts').notNull(),
    level: text('level').notNull(),
    agent: text('agent').notNull(),
    contactId: text('contact_id'),
    text: text('text').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.id] }),
    index('softphone_logs_group_contact_ts_idx').on(t.groupId, t.contactId, t.ts),
    index('softphone_logs_group_ts_idx').on(t.groupId, t.ts),
  ],
);

/** Telemetry events of softphones (device changes, connection states ...), kept as sent. */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    groupId: uuid('group_id').notNull(),
    id: text('id').notNull(),
    ts: ts('ts').notNull(),
    type: text('type').notNull(),
    agent: text('agent'),
    contactId: text('contact_id'),
    data: jsonb('data'),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.id] }),
    index('telemetry_events_group_contact_ts_idx').on(t.groupId, t.contactId, t.ts),
    index('telemetry_events_group_ts_idx').on(t.groupId, t.ts),
  ],
);
