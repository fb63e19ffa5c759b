import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers, groups } from './tenancy.ts';
import { users } from './users.ts';

/** API keys of a group: only a hash is kept; the prefix lets the table show a masked key. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    tokenPrefix: text('token_prefix').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_tokens_group_idx').on(t.groupId)],
);

/** EventBridge partner event sources of a group (status pending, active or deleted). */
export const eventSources = pgTable(
  'event_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    awsRegion: text('aws_region').notNull(),
    eventSourceName: text('event_source_name').notNull(),
    accountId: text('account_id').notNull(),
    status: text('status', { enum: ['pending', 'active', 'deleted'] })
      .notNull()
      .default('pending'),
    eventBusName: text('event_bus_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_sources_group_idx').on(t.groupId),
    uniqueIndex('event_sources_live_name_idx')
      .on(t.awsRegion, t.accountId, t.eventSourceName)
      .where(sql`${t.status} <> 'deleted'`),
  ],
);

/** Network Labelling: ordered CIDR ranges with labels; the first match wins. */
export const networkLabels = pgTable(
  'network_labels',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    cidr: text('cidr').notNull(),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.position] })],
);

/** Marketplace customers and their subscriptions (one active subscription per customer). */
export const marketplaceSubscriptions = pgTable(
  'marketplace_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerCode: text('customer_code').notNull(),
    productCode: text('product_code').notNull(),
    subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
    status: text('status', { enum: ['active', 'cancelled', 'expired'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The customer the subscription bills (decision B8); null until platform staff link it. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    includedMinutes: integer('included_minutes').notNull().default(0),
    billingMinutesType: text('billing_minutes_type', {
      enum: ['DurationRoundedMin', 'AgentDurationRoundedMin', 'CloudDurationRoundedMin'],
    })
      .notNull()
      .default('DurationRoundedMin'),
  },
  (t) => [
    uniqueIndex('marketplace_one_active_idx')
      .on(t.customerCode)
      .where(sql`${t.status} = 'active'`),
  ],
);
