import type { AppConfig } from '../../config.ts';
import { createOpenAiCompatibleAdapter } from './openai-compatible.ts';
import type { LlmAdapter } from './llm-adapter.ts';

export * from './llm-adapter.ts';
export { createOpenAiCompatibleAdapter } from './openai-compatible.ts';

/**
 * The configured language model, or null: then the copilot and the AI summary use their built-in
 * engines (the local implementation), so the product works with no outside service.
 */
export function createLlmAdapter(config: AppConfig): LlmAdapter | null {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return null;
  return createOpenAiCompatibleAdapter({
    baseUrl: config.LLM_BASE_URL,
    model: config.LLM_MODEL,
    apiKey: config.LLM_API_KEY,
    timeoutMs: config.LLM_TIMEOUT_MS,
  });
}
