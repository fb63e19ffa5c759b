import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    name: text('name').notNull(),
    region: text('region', { enum: ['ap-southeast-2', 'us-east-2'] })
      .notNull()
      .default('ap-southeast-2'),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    ccaasProvider: text('ccaas_provider', { enum: ['AWS', 'GENESYS', 'NICE'] })
      .notNull()
      .default('AWS'),
    /** Shared secret for the group's integrations, shown to super users when editing. */
    secret: text('secret'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('groups_customer_idx').on(t.customerId)],
);

/** Per-group feature flags; a missing row means off. */
export const groupFeatures = pgTable(
  'group_features',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.feature] })],
);

/** Per-group configuration entries (key/value, spec 000 §3 "Config entry"). */
export const configEntries = pgTable(
  'config_entries',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.key] })],
);

/** Installation-wide settings (the token signing secret), shared by every server process. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
