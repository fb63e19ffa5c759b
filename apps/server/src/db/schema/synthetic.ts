import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import { groups } from './tenancy.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** GSM monitors (issue 18, spec 002 §3): scheduled test calls across connect and agent regions. */
export const gsmMonitors = pgTable(
  'gsm_monitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    connectRegions: jsonb('connect_regions').$type<string[]>().notNull(),
    agentRegions: jsonb('agent_regions').$type<string[]>().notNull(),
    /** Minutes between runs; 0 = Run Once. */
    scheduleMinutes: integer('schedule_minutes').notNull(),
    active: boolean('active').notNull().default(true),
    createdOn: ts('created_on').notNull().defaultNow(),
    lastRun: ts('last_run'),
    /** The next slot; null when not scheduled (a Run Once that has run). */
    nextRun: ts('next_run'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('gsm_monitors_due_idx')
      .on(t.nextRun)
      .where(sql`${t.active}`),
  ],
);

/** Heartbeat tests (issue 18, spec 002 §3): scheduled calls to a human or virtual agent. */
export const heartbeatTests = pgTable(
  'heartbeat_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    agentType: text('agent_type').notNull(),
    agentIds: jsonb('agent_ids').$type<string[]>().notNull(),
    sourcePhoneNumber: text('source_phone_number').notNull(),
    targetPhoneNumber: text('target_phone_number').notNull(),
    scheduleMinutes: integer('schedule_minutes').notNull(),
    active: boolean('active').notNull().default(true),
    createdOn: ts('created_on').notNull().defaultNow(),
    lastRun: ts('last_run'),
    nextRun: ts('next_run'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('heartbeat_tests_due_idx')
      .on(t.nextRun)
      .where(sql`${t.active}`),
  ],
);

/**
 * One test call of a monitor or heartbeat test (spec 002 §3 "Job / log"). A slot of a schedule
 * makes its jobs once: (source, slot, agent, regions) is unique, so two processes sharing the
 * database cannot both make them.
 */
export const syntheticJobs = pgTable(
  'synthetic_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    monitorId: uuid('monitor_id').references(() => gsmMonitors.id, { onDelete: 'cascade' }),
    heartbeatId: uuid('heartbeat_id').references(() => heartbeatTests.id, { onDelete: 'cascade' }),
    /** The schedule slot the job belongs to. */
    slotAt: ts('slot_at').notNull(),
    agentId: text('agent_id'),
    agentType: text('agent_type'),
    connectRegion: text('connect_region').notNull(),
    agentRegion: text('agent_region').notNull(),
    fromNumber: text('from_number'),
    toNumber: text('to_number'),
    description: text('description').notNull().default(''),
    /** Queued, Running, then one of the job statuses of spec 002 §4. */
    status: text('status').notNull().default('Queued'),
    /** The probe that claimed it, and until when the claim holds. */
    claimedBy: text('claimed_by'),
    leaseUntil: ts('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    createdOn: ts('created_on').notNull().defaultNow(),
    updatedOn: ts('updated_on').notNull().defaultNow(),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    cxScore: doublePrecision('cx_score'),
    axScore: doublePrecision('ax_score'),
    networkScore: doublePrecision('network_score'),
    mos: doublePrecision('mos'),
    diallerCallId: text('dialler_call_id'),
    receiverCallId: text('receiver_call_id'),
    callContactId: text('call_contact_id'),
    carrier: text('carrier'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** polqaScores, audioLatency, transcription, softphone events and summary, telephony, stats. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    message: text('message'),
  },
  (t) => [
    uniqueIndex('synthetic_jobs_slot_idx').on(
      t.groupId,
      sql`coalesce(${t.monitorId}, ${t.heartbeatId})`,
      t.slotAt,
      sql`coalesce(${t.agentId}, '')`,
      t.connectRegion,
      t.agentRegion,
    ),
    // Lists, counts, period stats and region figures read this index only (migration 0014).
    index('synthetic_jobs_list_figures_idx').on(
      t.groupId,
      t.kind,
      t.createdOn,
      t.status,
      t.connectRegion,
      t.agentRegion,
      t.agentType,
      t.toNumber,
      t.cxScore,
      t.axScore,
      t.networkScore,
    ),
    index('synthetic_jobs_queue_idx')
      .on(t.connectRegion, t.createdOn)
      .where(sql`${t.status} in ('Queued', 'Running')`),
  ],
);
