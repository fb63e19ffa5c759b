/** One tool call the model asks for (chat-completions protocol). */
export interface LlmToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type LlmMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: LlmToolCall[] }
  | { role: 'tool'; content: string; tool_call_id: string };

/** A function the model may call; `parameters` is a JSON Schema. */
export interface LlmTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** A failed model call, with the HTTP status when the endpoint answered. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

/** An OpenAI-compatible chat model; without one configured the built-in engine answers. */
export interface LlmAdapter {
  readonly model: string;
  /** One chat-completions round: the assistant's message (text, tool calls, or both). */
  complete(
    messages: LlmMessage[],
    options?: { tools?: LlmTool[]; signal?: AbortSignal },
  ): Promise<Extract<LlmMessage, { role: 'assistant' }>>;
}
