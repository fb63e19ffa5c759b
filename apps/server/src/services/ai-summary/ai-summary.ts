import { eq } from 'drizzle-orm';
import {
  AI_SUMMARY_ACCESS,
  AI_SUMMARY_ACCESS_TEXTS,
  SLOW_SPAN_RULE,
  buildJourneyPrompt,
  hasPermission,
  summarizeJourney,
  type AiSummary,
  type Permission,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import type { LlmAdapter, LlmMessage } from '../../adapters/llm/index.ts';
import { aiSummaries } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import { recordAudit, auditActor } from '../audit/audit-log.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import { restricted, type CallScope } from '../telemetry-store/call-scope.ts';
import { appendExchange, findThread, threadMessages } from '../copilot/threads.ts';
import {
  loadJourneySpans,
  requireSpanInTrace,
  requireTrace,
  type JourneyReads,
} from './journey-spans.ts';

export interface AiSummaryDeps {
  db: Db;
  /** Where the journeys' spans are read (the telemetry store); summaries stay in PostgreSQL. */
  journeys: JourneyReads;
  llm: LlmAdapter | null;
  now: () => Date;
  log: { warn(obj: unknown, msg: string): void };
}

type SummaryRow = typeof aiSummaries.$inferSelect;

const toApi = (row: SummaryRow): AiSummary => ({
  traceId: row.traceId,
  response: row.response,
  threadId: row.threadId,
  engine: row.engine === 'llm' ? 'llm' : 'builtin',
  generatedAt: row.generatedAt.toISOString(),
});

async function storedSummary(scope: GroupScope, traceId: string) {
  const [row] = await scope.db
    .select()
    .from(aiSummaries)
    .where(scope.owns(aiSummaries, eq(aiSummaries.traceId, traceId)));
  return row ?? null;
}

/**
 * The stored AI summary of a journey, or null before one is generated: "none yet" is the normal
 * state the tab opens in (it then shows 'No summary available' or generates one), not an error.
 * A trace the group does not have is 404 'Trace not found'.
 */
export async function getAiSummary(
  scope: GroupScope,
  journeys: JourneyReads,
  callScope: CallScope,
  traceId: string,
): Promise<AiSummary | null> {
  // A journey outside the caller's team is 404 as another group's, its summary included (T1).
  if (restricted(callScope)) await requireTrace(journeys, callScope, traceId);
  const row = await storedSummary(scope, traceId);
  if (row) return toApi(row);
  await requireTrace(journeys, callScope, traceId);
  return null;
}

const SYSTEM =
  'You summarize customer journeys (OpenTelemetry traces of contact-centre calls and chats) for supervisors. ' +
  `Write plain, short paragraphs; name slow spans (${SLOW_SPAN_RULE}) and failures; never invent data.`;

/**
 * The AI summary of a journey (spec 002 §4, §9): the stored one unless `regenerate`; otherwise
 * written by the LLM when configured (built-in summarizer when not, or when it fails), in the
 * given or the previous thread, stored with an audit row. Regenerating needs
 * AI_SUMMARY_ACCESS.regenerate (403); a `spanId` outside the trace answers 404 naming it.
 */
export async function generateAiSummary(
  deps: AiSummaryDeps,
  caller: {
    groupId: string;
    userId: string;
    email: string;
    permissions: readonly Permission[];
    /** The caller's team rules (decision T1): a journey outside the team is 404. */
    rules: CallScope['rules'];
  },
  traceId: string,
  request: { spanId?: string | undefined; threadId?: string | undefined; regenerate: boolean },
): Promise<AiSummary> {
  if (request.regenerate && !hasPermission(caller.permissions, AI_SUMMARY_ACCESS.regenerate)) {
    throw forbidden(AI_SUMMARY_ACCESS_TEXTS.regenerateForbidden);
  }
  const scope = forGroup(deps.db, caller.groupId);
  const callScope: CallScope = { groupId: caller.groupId, rules: caller.rules };
  if (restricted(callScope)) await requireTrace(deps.journeys, callScope, traceId);
  if (request.spanId !== undefined)
    await requireSpanInTrace(deps.journeys, callScope, traceId, request.spanId);
  const existing = await storedSummary(scope, traceId);
  if (existing && !request.regenerate) return toApi(existing);
  const spans = await loadJourneySpans(deps.journeys, callScope, traceId);
  const threadId = request.threadId ?? existing?.threadId ?? null;
  const thread = threadId ? await findThread(scope, threadId, 'summary') : null;
  const prompt = buildJourneyPrompt(traceId, spans);

  let response = summarizeJourney(traceId, spans);
  let engine: 'builtin' | 'llm' = 'builtin';
  if (deps.llm) {
    try {
      const history = thread ? await threadMessages(scope, thread.id) : [];
      const messages: LlmMessage[] = [
        { role: 'system', content: SYSTEM },
        ...history
          .slice(-6)
          .map((m): LlmMessage =>
            m.role === 'assistant'
              ? { role: 'assistant', content: m.content }
              : { role: 'user', content: m.content },
          ),
        { role: 'user', content: prompt },
      ];
      const reply = await deps.llm.complete(messages);
      if (reply.content?.trim()) {
        response = reply.content.trim();
        engine = 'llm';
      }
    } catch (err) {
      deps.log.warn({ err }, 'ai summary: language model failed, using the built-in summarizer');
    }
  }

  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const id = await appendExchange(scope.on(tx), {
      userId: caller.userId,
      kind: 'summary',
      threadId: thread?.id ?? null,
      question: prompt,
      response,
      artifacts: [],
      lastQuery: { traceId },
      now,
    });
    const values = { traceId, threadId: id, response, engine, generatedAt: now };
    const [saved] = await tx
      .insert(aiSummaries)
      .values(scope.row(aiSummaries, values))
      .onConflictDoUpdate({
        target: [aiSummaries.groupId, aiSummaries.traceId],
        set: { threadId: id, response, engine, generatedAt: now },
      })
      .returning();
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'traces',
      action: request.regenerate ? 'regenerate ai summary' : 'generate ai summary',
      targetId: traceId,
      result: 'success',
      details: { engine, threadId: id },
    });
    if (!saved) throw new Error('summary not saved');
    return saved;
  });
  return toApi(row);
}
