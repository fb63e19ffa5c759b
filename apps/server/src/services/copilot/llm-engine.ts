import { z } from 'zod';
import { COPILOT_LIMITS, CopilotQuerySchema, type CopilotArtifact } from '@callsight/shared';
import type { LlmAdapter, LlmMessage, LlmTool } from '../../adapters/llm/index.ts';
import { answerQuery, type EngineAnswer, type EngineInput } from './builtin-engine.ts';

export const QUERY_TOOL_NAME = 'query_calls';

/** The query function offered to the model: the same query the built-in parser produces. */
export const QUERY_TOOL: LlmTool = {
  type: 'function',
  function: {
    name: QUERY_TOOL_NAME,
    description:
      "Query the group's own calls: metrics (mos, jitter ms, packetLoss %, rtt ms, callCount, duration s, score out of 10, " +
      'share = % of the chosen calls that meet the thresholds, tags and shareMatches) over a time range, optionally ' +
      'compared with a second range, broken down by agent, isp, networkLabel, region, networkType, insight, day or hour, ' +
      'ranked, restricted by names (several of one field compare them), or listed call by call. Insight thresholds: ' +
      'high jitter > 30 ms (very high > 60), high packet loss > 1 % (very high > 2.5), high RTT > 300 ms (very high > 500), ' +
      'poor MOS < 3.5 (very poor < 3.0). Answers a summary sentence, how the question was read, and the rows.',
    parameters: z.toJSONSchema(CopilotQuerySchema, { io: 'input' }) as Record<string, unknown>,
  },
};

function systemPrompt(now: Date, timeZone: string) {
  return [
    'You are the CX copilot of Callsight, a call-quality monitoring product for contact centres.',
    `Now is ${now.toISOString()}; the user reads times in ${timeZone}.`,
    `For any question about calls, call quality, agents, ISPs, networks or regions, call the ${QUERY_TOOL_NAME} tool`,
    'and answer from its result only; never invent numbers. Keep answers short and plain.',
  ].join(' ');
}

/** What the model sees of a tool result: the sentence and at most 50 rows. */
function toolContent(answer: EngineAnswer): string {
  const artifact =
    answer.artifacts.find((a) => a.type === 'table') ??
    answer.artifacts.find((a) => a.type === 'chart');
  const rows =
    artifact?.type === 'table'
      ? artifact.rows.slice(0, COPILOT_LIMITS.listRows)
      : artifact?.type === 'chart'
        ? artifact.data.series
        : [];
  return JSON.stringify({ summary: answer.response, rows });
}

/**
 * The LLM path: the thread's messages, the question and the query tool; the model's tool calls
 * run the same query functions as the built-in engine, and their artifacts go with its reply.
 */
export async function answerWithLlm(
  llm: LlmAdapter,
  input: EngineInput,
  history: { role: string; content: string }[],
): Promise<EngineAnswer> {
  const messages: LlmMessage[] = [
    { role: 'system', content: systemPrompt(input.now, input.timeZone) },
    ...history
      .slice(-20)
      .map((m): LlmMessage =>
        m.role === 'assistant'
          ? { role: 'assistant', content: m.content }
          : { role: 'user', content: m.content },
      ),
    { role: 'user', content: input.question },
  ];
  let artifacts: CopilotArtifact[] = [];
  let query = input.previous;
  for (let round = 0; round <= COPILOT_LIMITS.toolRounds; round++) {
    const reply = await llm.complete(messages, {
      tools: round < COPILOT_LIMITS.toolRounds ? [QUERY_TOOL] : [],
    });
    messages.push(reply);
    if (!reply.tool_calls?.length) {
      return { response: reply.content?.trim() || 'I have no answer to that.', artifacts, query };
    }
    for (const call of reply.tool_calls) {
      let content: string;
      if (call.function.name !== QUERY_TOOL_NAME) {
        content = JSON.stringify({ error: `Unknown tool ${call.function.name}` });
      } else {
        let args: unknown;
        try {
          args = JSON.parse(call.function.arguments);
        } catch {
          args = null;
        }
        const parsed = CopilotQuerySchema.safeParse(args);
        if (!parsed.success) {
          content = JSON.stringify({
            error: `Invalid arguments: ${z.prettifyError(parsed.error)}`,
          });
        } else {
          const answer = await answerQuery(input, parsed.data);
          artifacts = answer.artifacts;
          query = parsed.data;
          content = toolContent(answer);
        }
      }
      messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
  }
  return { response: 'I could not finish answering that question.', artifacts, query };
}
