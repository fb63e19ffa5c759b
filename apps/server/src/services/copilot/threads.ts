import { asc, eq } from 'drizzle-orm';
import type { CopilotArtifact } from '@callsight/shared';
import { aiMessages, aiThreads } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { notFound } from '../../lib/errors.ts';

export type ThreadKind = 'copilot' | 'summary';
export type ThreadRow = typeof aiThreads.$inferSelect;

/** A thread of the group and kind, or 404 (also for another group's thread). */
export async function findThread(
  scope: GroupScope,
  threadId: string,
  kind: ThreadKind,
): Promise<ThreadRow> {
  const [row] = await scope.db
    .select()
    .from(aiThreads)
    .where(scope.owns(aiThreads, eq(aiThreads.id, threadId), eq(aiThreads.kind, kind)));
  if (!row) throw notFound('Thread not found');
  return row;
}

/** The messages of a thread, oldest first (the LLM path replays them for follow-ups). */
export async function threadMessages(scope: GroupScope, threadId: string) {
  return scope.db
    .select({ role: aiMessages.role, content: aiMessages.content })
    .from(aiMessages)
    .where(scope.owns(aiMessages, eq(aiMessages.threadId, threadId)))
    .orderBy(asc(aiMessages.seq));
}

/**
 * Appends a question and its reply to a thread, creating the thread when `threadId` is null;
 * answers the thread id. Runs inside the caller's transaction (the scope's handle).
 */
export async function appendExchange(
  scope: GroupScope,
  opts: {
    userId: string | null;
    kind: ThreadKind;
    threadId: string | null;
    question: string;
    response: string;
    artifacts: CopilotArtifact[];
    lastQuery: unknown;
    now: Date;
  },
): Promise<string> {
  const tx = scope.db;
  let threadId = opts.threadId;
  if (threadId === null) {
    const [created] = await tx
      .insert(aiThreads)
      .values(
        scope.row(aiThreads, {
          userId: opts.userId,
          kind: opts.kind,
          lastQuery: opts.lastQuery ?? null,
          createdAt: opts.now,
          updatedAt: opts.now,
        }),
      )
      .returning({ id: aiThreads.id });
    if (!created) throw new Error('thread not created');
    threadId = created.id;
  } else {
    await tx
      .update(aiThreads)
      .set({ lastQuery: opts.lastQuery ?? null, updatedAt: opts.now })
      .where(scope.owns(aiThreads, eq(aiThreads.id, threadId)));
  }
  // The reply is stamped a millisecond later so the order survives equal clocks.
  await tx.insert(aiMessages).values(
    scope.rows(aiMessages, [
      { threadId, role: 'user', content: opts.question, createdAt: opts.now },
      {
        threadId,
        role: 'assistant',
        content: opts.response,
        artifacts: opts.artifacts,
        createdAt: new Date(opts.now.getTime() + 1),
      },
    ]),
  );
  return threadId;
}
