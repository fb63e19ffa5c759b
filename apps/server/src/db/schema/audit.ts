import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Who did what, when, in which group, with what result: written by every mutating route. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: uuid('group_id'),
    userId: uuid('user_id'),
    actor: text('actor'),
    service: text('service').notNull(),
    action: text('action').notNull(),
    targetId: text('target_id'),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    message: text('message'),
    exception: text('exception'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_group_time_idx').on(t.groupId, t.createdAt)],
);
