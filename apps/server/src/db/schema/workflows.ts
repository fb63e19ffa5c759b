import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  bigint,
} from 'drizzle-orm/pg-core';
import { groups } from './tenancy.ts';
import { users } from './users.ts';

/** Workflows (watchers, issue 6): group watchers and watchdog watchers of a group. */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    family: text('family', { enum: ['group', 'watchdog'] }).notNull(),
    application: text('application').notNull(),
    trigger: text('trigger').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    className: text('class_name'),
    actions: jsonb('actions').$type<Record<string, unknown>[]>().notNull(),
    triggerThreshold: jsonb('trigger_threshold')
      .$type<Record<string, number | boolean | string>>()
      .notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
    executionState: text('execution_state').notNull().default('awaits_execution'),
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflows_group_idx').on(t.groupId, t.family)],
);

/** When a watcher last fired for a call: one firing per call and cool-down (no storm). */
export const watcherFirings = pgTable(
  'watcher_firings',
  {
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    contactId: text('contact_id').notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workflowId, t.contactId] })],
);

/**
 * Outbox of action runs: written with the firing claim, processed in-process (claimed with
 * FOR UPDATE SKIP LOCKED, so several server processes share it). The payload is a snapshot.
 */
export const workflowJobs = pgTable(
  'workflow_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id'),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('workflow_jobs_due_idx').on(t.status, t.runAfter)],
);

/** Workflow action history (spec 001 §3): one row per firing, failures included. */
export const workflowActionHistory = pgTable(
  'workflow_action_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    workflowId: uuid('workflow_id'),
    jobId: bigint('job_id', { mode: 'number' }),
    workflowName: text('workflow_name').notNull(),
    application: text('application').notNull(),
    trigger: text('trigger').notNull(),
    action: text('action').notNull(),
    contactId: text('contact_id'),
    agentName: text('agent_name'),
    response: text('response').notNull(),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    attempts: integer('attempts').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_action_history_group_time_idx').on(t.groupId, t.createdAt)],
);

/** Mails of the local mail implementation (no SMTP configured): kept here instead of sent. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Events put by the local EventBridge implementation (no AWS configured). */
export const eventBridgeEvents = pgTable(
  'eventbridge_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    region: text('region').notNull(),
    eventSourceName: text('event_source_name').notNull(),
    detailType: text('detail_type').notNull(),
    detail: jsonb('detail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('eventbridge_events_source_idx').on(t.eventSourceName, t.createdAt)],
);
