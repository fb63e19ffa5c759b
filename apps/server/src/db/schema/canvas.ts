import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TeamCondition } from '@callsight/shared';
import { groups } from './tenancy.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Teams (data roles, issue 20): row-level conditions and the dashboards members may open. */
export const dataRoles = pgTable(
  'data_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    conditions: jsonb('conditions').$type<TeamCondition[]>().notNull().default([]),
    /** Dashboard ids; empty: every dashboard. */
    dashboards: text('dashboards').array().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('data_roles_group_name_idx').on(t.groupId, t.name)],
);

export const dataRoleMembers = pgTable(
  'data_role_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => dataRoles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'data_role_members_pk', columns: [t.roleId, t.userId] }),
    index('data_role_members_user_idx').on(t.groupId, t.userId),
  ],
);
