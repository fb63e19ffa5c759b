import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups } from './tenancy.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Simulated call campaigns (issue 17, spec 001 §3): one group's load-test definitions. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number'),
    totalCalls: integer('total_calls').notNull(),
    noAnswerTimeout: integer('no_answer_timeout').notNull(),
    callDuration: integer('call_duration').notNull(),
    callsPerSecond: doublePrecision('calls_per_second').notNull(),
    answerTreatment: text('answer_treatment').notNull().default(''),
    /** The uploaded CSV's headers and rows (keys are the headers). */
    dataHeaders: jsonb('data_headers').$type<string[]>().notNull(),
    data: jsonb('data').$type<Record<string, string>[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // Names are unique per group, whatever the case (spec 001 §5).
  (t) => [uniqueIndex('campaigns_group_name_idx').on(t.groupId, sql`lower(${t.name})`)],
);

/** One run of a campaign, with the campaign's parameters as they were at start. */
export const campaignRuns = pgTable(
  'campaign_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    /** Queued, In Progress, Complete or Cancelled: the dialler's processing state. */
    status: text('status').notNull().default('Queued'),
    outcome: text('outcome'),
    isComplete: boolean('is_complete').notNull().default(false),
    canceledAt: ts('canceled_at'),
    createdOn: ts('created_on').notNull().defaultNow(),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    /** Renewed every second by the process dialling the run; a stale one means it died. */
    heartbeatAt: ts('heartbeat_at'),
    /** sip (built-in) or twilio. */
    dialler: text('dialler'),
    /** Calls that were due but waited for the dialler's capacity (issue 31: pacing down). */
    heldBackCalls: integer('held_back_calls').notNull().default(0),
    /** Calls started per second from the first to the last placed; null below two calls. */
    rateReached: doublePrecision('rate_reached'),
    /** Campaign parameters at start (type, name, numbers, counts, treatment, data rows). */
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('campaign_runs_campaign_idx').on(t.groupId, t.campaignId, t.createdOn)],
);

/** One call of a run: its signalling timestamps and measures (spec 001 §3 call log entry). */
export const campaignCalls = pgTable(
  'campaign_calls',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    runId: uuid('run_id')
      .notNull()
      .references(() => campaignRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    callSid: text('call_sid'),
    toNumber: text('to_number').notNull(),
    fromNumber: text('from_number').notNull(),
    answerTreatment: text('answer_treatment').notNull().default(''),
    status: text('status').notNull().default('queued'),
    createdAt: ts('created_at').notNull().defaultNow(),
    queuedAt: ts('queued_at'),
    initiatedAt: ts('initiated_at'),
    ringingAt: ts('ringing_at'),
    inProgressAt: ts('in_progress_at'),
    completedAt: ts('completed_at'),
    noAnswerAt: ts('no_answer_at'),
    busyAt: ts('busy_at'),
    canceledAt: ts('canceled_at'),
    terminatedPrematurelyAt: ts('terminated_prematurely_at'),
    failedAt: ts('failed_at'),
    sipCode: integer('sip_code'),
    reason: text('reason'),
    postDialDelayMs: integer('post_dial_delay_ms'),
    timeToAnswerMs: integer('time_to_answer_ms'),
    durationMs: integer('duration_ms'),
    /** Path of the WAV file under DATA_DIR, served by an authenticated route. */
    recordingPath: text('recording_path'),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.seq] }),
    index('campaign_calls_group_idx').on(t.groupId),
  ],
);
