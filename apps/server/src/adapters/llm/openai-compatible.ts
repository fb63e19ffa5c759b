import { z } from 'zod';
import { LlmError, type LlmAdapter, type LlmMessage, type LlmTool } from './llm-adapter.ts';

const ChoiceSchema = z.object({
  message: z.object({
    role: z.literal('assistant').optional(),
    content: z.string().nullable().optional(),
    tool_calls: z
      .array(
        z.object({
          id: z.string(),
          type: z.literal('function').default('function'),
          function: z.object({ name: z.string(), arguments: z.string() }),
        }),
      )
      .optional(),
  }),
});
const CompletionSchema = z.object({ choices: z.array(ChoiceSchema).min(1) });

export interface OpenAiCompatibleOptions {
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Chat completions over HTTP (OpenAI, Azure OpenAI-style gateways, Ollama, vLLM, LM Studio ...). */
export function createOpenAiCompatibleAdapter(options: OpenAiCompatibleOptions): LlmAdapter {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const doFetch = options.fetch ?? fetch;
  return {
    model: options.model,
    async complete(messages: LlmMessage[], opts: { tools?: LlmTool[]; signal?: AbortSignal } = {}) {
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
      const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            messages,
            ...(opts.tools?.length ? { tools: opts.tools, tool_choice: 'auto' } : {}),
            temperature: 0,
          }),
          signal,
        });
      } catch (err) {
        throw new LlmError(`The language model could not be reached: ${(err as Error).message}`);
      }
      if (!response.ok) {
        throw new LlmError(`The language model answered HTTP ${response.status}`, response.status);
      }
      const parsed = CompletionSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new LlmError('The language model sent an unexpected answer');
      const message = parsed.data.choices[0]?.message;
      return {
        role: 'assistant',
        content: message?.content ?? null,
        ...(message?.tool_calls?.length ? { tool_calls: message.tool_calls } : {}),
      };
    },
  };
}
