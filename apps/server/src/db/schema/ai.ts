import {
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups } from './tenancy.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A copilot or AI-summary conversation of a group. `last_query` is the built-in engine's last
 * parsed question, so a follow-up ("and by ISP?") changes only what it names.
 */
export const aiThreads = pgTable(
  'ai_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'copilot' or 'summary'. */
    kind: text('kind').notNull(),
    lastQuery: jsonb('last_query'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ai_threads_group_idx').on(t.groupId, t.updatedAt)],
);

/** The messages of a thread in order: user questions and assistant replies with artifacts. */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: replies keep their order even when the clock does not move. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => aiThreads.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull(),
    /** 'user' or 'assistant'. */
    role: text('role').notNull(),
    content: text('content').notNull(),
    artifacts: jsonb('artifacts').$type<unknown[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ai_messages_thread_idx').on(t.threadId, t.seq)],
);

/** The latest AI summary of a journey (trace), kept so it is generated once. */
export const aiSummaries = pgTable(
  'ai_summaries',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    traceId: text('trace_id').notNull(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => aiThreads.id, { onDelete: 'cascade' }),
    response: text('response').notNull(),
    /** 'builtin' or 'llm'. */
    engine: text('engine').notNull(),
    generatedAt: ts('generated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.traceId] })],
);
