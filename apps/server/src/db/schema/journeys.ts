import {
  bigint,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { OtlpKeyValue } from '@callsight/shared';
import { groups } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per journey (OpenTelemetry trace) with its aggregates, recomputed from its spans on
 * every export that touches it, and the spec 002 §9 filter attributes as indexed columns (the
 * value of the first span that carried each). The list reads only this table.
 */
export const journeyTraces = pgTable(
  'journey_traces',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    traceId: text('trace_id').notNull(),
    startTime: ts('start_time').notNull(),
    endTime: ts('end_time').notNull(),
    durationMs: doublePrecision('duration_ms').notNull(),
    spanCount: integer('span_count').notNull(),
    serviceName: text('service_name').notNull(),
    rootSpanName: text('root_span_name').notNull(),
    errorCount: integer('error_count').notNull().default(0),
    insightCount: integer('insight_count').notNull().default(0),
    platform: text('platform'),
    journeyId: text('journey_id'),
    agentUsername: text('agent_username'),
    agentIp: text('agent_ip'),
    softphoneContactId: text('softphone_contact_id'),
    telephonyAgentName: text('telephony_agent_name'),
    callFromNumber: text('call_from_number'),
    networkType: text('network_type'),
    jitterAvg: doublePrecision('jitter_avg'),
    mosAvg: doublePrecision('mos_avg'),
    packetLoss: doublePrecision('packet_loss'),
    rttAvg: doublePrecision('rtt_avg'),
    talkTime: doublePrecision('talk_time'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.traceId] }),
    index('journey_traces_group_start_idx').on(t.groupId, t.startTime, t.traceId),
    index('journey_traces_platform_idx').on(t.groupId, t.platform, t.startTime),
    index('journey_traces_journey_idx').on(t.groupId, t.journeyId, t.startTime),
    index('journey_traces_agent_idx').on(t.groupId, t.agentUsername, t.startTime),
    index('journey_traces_agent_ip_idx').on(t.groupId, t.agentIp, t.startTime),
    index('journey_traces_contact_idx').on(t.groupId, t.softphoneContactId, t.startTime),
    index('journey_traces_tel_agent_idx').on(t.groupId, t.telephonyAgentName, t.startTime),
    index('journey_traces_from_idx').on(t.groupId, t.callFromNumber, t.startTime),
    index('journey_traces_network_idx').on(t.groupId, t.networkType, t.startTime),
    index('journey_traces_jitter_idx').on(t.groupId, t.jitterAvg, t.startTime),
    index('journey_traces_mos_idx').on(t.groupId, t.mosAvg, t.startTime),
    index('journey_traces_loss_idx').on(t.groupId, t.packetLoss, t.startTime),
    index('journey_traces_rtt_idx').on(t.groupId, t.rttAvg, t.startTime),
    index('journey_traces_talk_idx').on(t.groupId, t.talkTime, t.startTime),
  ],
);

/**
 * Spans as OTLP sent them (attributes, events, status kept in OTLP JSON form), with the resource
 * and scope they came with. Times are unix nanoseconds. A resent span replaces the stored one.
 * Attributes are `json` (kept as text): they are only ever read whole, and a trace of 5,000
 * spans is answered from that text without converting jsonb.
 */
export const journeySpans = pgTable(
  'journey_spans',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    traceId: text('trace_id').notNull(),
    spanId: text('span_id').notNull(),
    parentSpanId: text('parent_span_id'),
    name: text('name').notNull(),
    kind: smallint('kind').notNull().default(0),
    startNs: bigint('start_ns', { mode: 'bigint' }).notNull(),
    endNs: bigint('end_ns', { mode: 'bigint' }).notNull(),
    durationMs: doublePrecision('duration_ms').notNull(),
    serviceName: text('service_name').notNull(),
    statusCode: smallint('status_code').notNull().default(0),
    statusMessage: text('status_message'),
    attributes: json('attributes').$type<OtlpKeyValue[]>().notNull(),
    events: json('events')
      .$type<{ name: string; timeUnixNano: string; attributes: OtlpKeyValue[] }[]>()
      .notNull(),
    resourceAttributes: json('resource_attributes').$type<OtlpKeyValue[]>().notNull(),
    scopeName: text('scope_name').notNull().default(''),
    scopeVersion: text('scope_version'),
    /** The contact id of cx.telephony.call.id or call.id: the call in call_summaries. */
    callId: text('call_id'),
    insightCount: integer('insight_count').notNull().default(0),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.traceId, t.spanId] }),
    index('journey_spans_call_idx')
      .on(t.groupId, t.callId)
      .where(sql`${t.callId} is not null`),
  ],
);

/** Insights the rule engine recorded on a span; one per rule and span (re-evaluated on resend). */
export const journeyInsights = pgTable(
  'journey_insights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    traceId: text('trace_id').notNull(),
    spanId: text('span_id').notNull(),
    ruleId: text('rule_id').notNull(),
    insightType: text('insight_type').notNull(),
    valueString: text('value_string').notNull(),
    attributes: jsonb('attributes')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journey_insights_span_rule_idx').on(t.groupId, t.traceId, t.spanId, t.ruleId),
    index('journey_insights_group_created_idx').on(t.groupId, t.createdAt),
  ],
);
