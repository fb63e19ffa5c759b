import { isValidTimeZone, type CopilotReply } from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { forGroup } from '../../db/group-scope.ts';
import type { CallScope } from '../telemetry-store/call-scope.ts';
import type { LlmAdapter } from '../../adapters/llm/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordAudit, auditActor } from '../audit/audit-log.ts';
import {
  answerBuiltin,
  previousQuery,
  type CopilotCalls,
  type EngineAnswer,
} from './builtin-engine.ts';
import { answerWithLlm } from './llm-engine.ts';
import { appendExchange, findThread, threadMessages } from './threads.ts';

export interface CopilotDeps {
  db: Db;
  /** Where the calls are asked about: the telemetry store (threads and audit stay in `db`). */
  calls: CopilotCalls;
  llm: LlmAdapter | null;
  now: () => Date;
  log: { warn(obj: unknown, msg: string): void };
}

export interface CopilotCaller {
  groupId: string;
  userId: string;
  email: string;
  /** The team rules the caller reads calls under (decision T1). */
  rules: CallScope['rules'];
}

/**
 * Answers a copilot question about the group's own calls (spec 002 §4, §7.6): continues the
 * thread when one is given, answers with the LLM when configured (falling back to the built-in
 * engine when it fails) and stores the exchange with an audit row.
 */
export async function askCopilot(
  deps: CopilotDeps,
  caller: CopilotCaller,
  ask: { question: string; threadId?: string | undefined; timezone?: string | undefined },
  route: string,
): Promise<CopilotReply> {
  const timeZone = ask.timezone ?? 'UTC';
  if (!isValidTimeZone(timeZone)) {
    throw badRequest('Invalid time zone', { timezone: 'Must be an IANA time zone name' });
  }
  const now = deps.now();
  const scope = forGroup(deps.db, caller.groupId);
  const thread = ask.threadId ? await findThread(scope, ask.threadId, 'copilot') : null;
  const input = {
    scope,
    callScope: { groupId: caller.groupId, rules: caller.rules },
    calls: deps.calls,
    question: ask.question,
    previous: previousQuery(thread?.lastQuery),
    timeZone,
    now,
  };
  let answer: EngineAnswer;
  let engine: 'builtin' | 'llm' = 'builtin';
  if (deps.llm) {
    try {
      const history = thread ? await threadMessages(scope, thread.id) : [];
      answer = await answerWithLlm(deps.llm, input, history);
      engine = 'llm';
    } catch (err) {
      deps.log.warn({ err }, 'copilot: language model failed, answering with the built-in engine');
      answer = await answerBuiltin(input);
    }
  } else {
    answer = await answerBuiltin(input);
  }
  const threadId = await deps.db.transaction(async (tx) => {
    const id = await appendExchange(scope.on(tx), {
      userId: caller.userId,
      kind: 'copilot',
      threadId: thread?.id ?? null,
      question: ask.question,
      response: answer.response,
      artifacts: answer.artifacts,
      lastQuery: answer.query,
      now,
    });
    await recordAudit(tx, {
      ...auditActor(caller),
      service: route.split('/')[2] ?? 'garvis',
      action: 'ask',
      targetId: id,
      result: 'success',
      details: { engine },
    });
    return id;
  });
  return { response: answer.response, artifacts: answer.artifacts, threadId };
}
