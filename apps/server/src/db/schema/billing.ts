import {
  bigint,
  bigserial,
  date,
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
import { customers, groups } from './tenancy.ts';
import { marketplaceSubscriptions } from './integrations.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A group's usage of one day of its region's time zone (decisions B1-B3), recomputed by the
 * rollup job (services/usage/rollup.ts) from the marks in usage_dirty, so billing reads days.
 */
export const usageDays = pgTable(
  'usage_days',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
    agentInteractionMin: integer('agent_interaction_min').notNull().default(0),
    agentDurationSecFiltered: bigint('agent_duration_sec_filtered', { mode: 'number' })
      .notNull()
      .default(0),
    agentDurationMin: integer('agent_duration_min').notNull().default(0),
    cloudDurationMin: integer('cloud_duration_min').notNull().default(0),
    durationMin: integer('duration_min').notNull().default(0),
    assuranceTestMin: integer('assurance_test_min').notNull().default(0),
    assuranceTestCount: integer('assurance_test_count').notNull().default(0),
    heartbeatTestCount: integer('heartbeat_test_count').notNull().default(0),
    statsDurationMin: integer('stats_duration_min').notNull().default(0),
    /** The day's distinct agents, so a range counts each agent once. */
    agents: text('agents').array().notNull().default([]),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.day], name: 'usage_days_pk' })],
);

/** Hours of a group whose usage changed; written by statement triggers (migration 0018). */
export const usageDirty = pgTable('usage_dirty', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  groupId: uuid('group_id').notNull(),
  hour: ts('hour').notNull(),
});

/** One month of one subscription's minutes sent to the marketplace (idempotent per hour). */
export const billingUsageRecords = pgTable(
  'billing_usage_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => marketplaceSubscriptions.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    customerCode: text('customer_code').notNull(),
    productCode: text('product_code').notNull(),
    dimension: text('dimension').notNull(),
    month: text('month').notNull(),
    usageHour: ts('usage_hour').notNull(),
    quantity: integer('quantity').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    meteringRecordId: text('metering_record_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('billing_usage_records_month_idx').on(t.subscriptionId, t.month),
    uniqueIndex('billing_usage_records_hour_idx').on(t.customerCode, t.dimension, t.usageHour),
  ],
);

/** Every send of usage to a marketplace (spec 001 §3 billing audit log). */
export const billingAuditLogs = pgTable(
  'billing_audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerCode: text('customer_code').notNull(),
    billedGroupId: uuid('billed_group_id').references(() => groups.id, { onDelete: 'set null' }),
    billedGroupName: text('billed_group_name'),
    sentAt: ts('sent_at').notNull().defaultNow(),
    status: text('status', { enum: ['success', 'failed'] }).notNull(),
    billingData: jsonb('billing_data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('billing_audit_logs_sent_idx').on(t.sentAt)],
);
