import {
  COPILOT_HELP,
  CopilotQuerySchema,
  describeWindow,
  formatCopilotAnswer,
  notUnderstood,
  parseQuestion,
  resolveCopilotRange,
  unknownName,
  type AnswerWindow,
  type CopilotAnswer,
  type CopilotQuery,
  type CopilotRange,
  type CopilotGroupRow,
  type KnownValues,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import type { CallScope } from '../telemetry-store/call-scope.ts';
import type { TelemetryStore } from '../telemetry-store/telemetry-store.ts';

/** The store the copilot's questions over calls are answered from (PostgreSQL or ClickHouse). */
export type CopilotCalls = Pick<TelemetryStore, 'kind' | 'copilotQuery' | 'copilotKnownValues'>;

/** What an engine answers: the reply and the query to remember for follow-ups. */
export interface EngineAnswer extends CopilotAnswer {
  query: CopilotQuery | null;
}

export interface EngineInput {
  scope: GroupScope;
  /** The calls asked about: the group's, narrowed by the caller's team (decision T1). */
  callScope: CallScope;
  calls: CopilotCalls;
  question: string;
  previous: CopilotQuery | null;
  timeZone: string;
  now: Date;
}

/** Runs a parsed query against the group's calls and words the answer. */
export async function answerQuery(
  input: Pick<EngineInput, 'callScope' | 'calls' | 'timeZone' | 'now'>,
  query: CopilotQuery,
): Promise<EngineAnswer> {
  const resolve = (range: CopilotRange): AnswerWindow => {
    const window = resolveCopilotRange(range, input.now, input.timeZone);
    return { ...window, span: describeWindow(window, input.timeZone) };
  };
  const window = resolve(query.range);
  const { callScope } = input;
  const result = await input.calls.copilotQuery(callScope, query, window, input.timeZone);
  let compare: { window: AnswerWindow; rows: CopilotGroupRow[] } | undefined;
  if (query.compareRange && !query.list) {
    const other = resolve(query.compareRange);
    const rows = await input.calls.copilotQuery(callScope, query, other, input.timeZone);
    compare = { window: other, rows: rows.kind === 'groups' ? rows.rows : [] };
  }
  return { ...formatCopilotAnswer(query, window, result, compare), query };
}

const KNOWN_TTL_MS = 5 * 60_000;
const knownCache = new Map<string, { atMs: number; values: Promise<KnownValues> }>();

/**
 * The group's names for the parser, kept 5 minutes per process: reading them scans the group's
 * last 90 days of calls, too much to repeat on every question of a large group.
 */
function cachedKnownValues(input: EngineInput): Promise<KnownValues> {
  const nowMs = input.now.getTime();
  // One entry per store, group and team rules: a process may hold both stores (tests).
  const { callScope } = input;
  const key = JSON.stringify([input.calls.kind, callScope.groupId, callScope.rules]);
  const hit = knownCache.get(key);
  if (hit && nowMs - hit.atMs < KNOWN_TTL_MS) return hit.values;
  if (knownCache.size >= 1000) knownCache.clear();
  const values = input.calls.copilotKnownValues(callScope, input.now);
  knownCache.set(key, { atMs: nowMs, values });
  values.catch(() => knownCache.delete(key));
  return values;
}

/** The built-in engine: the intent parser (docs/copilot.md) and the query functions. */
export async function answerBuiltin(input: EngineInput): Promise<EngineAnswer> {
  const known = await cachedKnownValues(input);
  const parsed = parseQuestion(input.question, { previous: input.previous, known });
  if (parsed.kind === 'help')
    return { response: COPILOT_HELP, artifacts: [], query: input.previous };
  if (parsed.kind === 'unknown')
    return { response: notUnderstood(parsed.suggestions), artifacts: [], query: input.previous };
  if (parsed.kind === 'unknownName')
    return {
      response: unknownName(parsed.name, parsed.candidates),
      artifacts: [],
      query: input.previous,
    };
  return answerQuery(input, parsed.query);
}

/** The thread's remembered query, when it still parses. */
export function previousQuery(stored: unknown): CopilotQuery | null {
  const parsed = CopilotQuerySchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
