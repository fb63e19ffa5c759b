import {
  boolean,
  customType,
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
import type {
  DashboardSpec,
  DatasetMappings,
  ImportPreview,
  TeamCondition,
} from '@callsight/shared';
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

/** A ZIP in Superset's export format, kept as uploaded (platform staff's; not a group's row). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * What an import keeps in its `preview` column: the preview, computed once when the ZIP is
 * checked, and the mapping of its datasets to ours (issue 34; no column of its own, decision).
 */
export type StoredImportPreview = ImportPreview & { datasetMappings?: DatasetMappings };

/**
 * Dashboard imports (issue 21): standard ones (for every group) and custom ones (for one group,
 * `target_group_id`), versioned per type (custom: per group); a draft keeps its version when
 * edited. The preview is computed once, when the ZIP is checked.
 */
export const dashboardImports = pgTable(
  'dashboard_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['standard', 'custom'] }).notNull(),
    version: integer('version').notNull(),
    targetGroupId: uuid('target_group_id').references(() => groups.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    isDraft: boolean('is_draft').notNull().default(false),
    source: text('source').notNull(),
    file: bytea('file').notNull(),
    preview: jsonb('preview').$type<StoredImportPreview>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('dashboard_imports_type_group_idx').on(t.type, t.targetGroupId, t.version)],
);

/** A publish of an import to a group: installing its dashboards into the group's canvas. */
export const dashboardImportExecutions = pgTable(
  'dashboard_import_executions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    importId: uuid('import_id').references(() => dashboardImports.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['standard', 'custom'] }).notNull(),
    version: integer('version').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('dashboard_import_executions_group_idx').on(t.groupId, t.createdAt)],
);

/** Dashboards an execution installed in a group's canvas, drawn by the engine like its own. */
export const canvasDashboards = pgTable(
  'canvas_dashboards',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    type: text('type', { enum: ['standard', 'custom'] }).notNull(),
    importId: uuid('import_id'),
    title: text('title').notNull(),
    spec: jsonb('spec').$type<DashboardSpec>().notNull(),
    installedAt: ts('installed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'canvas_dashboards_pk', columns: [t.groupId, t.id] })],
);

/** A group's logical dashboards (its canvas keys) and the deployed title each is mapped to. */
export const logicalDashboards = pgTable(
  'logical_dashboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    dashboardName: text('dashboard_name'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('logical_dashboards_group_key_idx').on(t.groupId, t.key)],
);
