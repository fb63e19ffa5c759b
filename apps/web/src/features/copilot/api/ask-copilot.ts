import { useMutation } from '@tanstack/react-query';
import {
  CopilotReplySchema,
  isFeatureEnabled,
  type CopilotReply,
  type EnabledFeature,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Which ask the group uses (spec 002 §6, §7.6): garvis2, its preview variant, or garvis. */
export type CopilotVariant = 'garvis2' | 'garvis2Preview' | 'garvis';

/** The group's copilot variant from its flags, or null when the copilot is off. */
export function copilotVariant(
  features: readonly EnabledFeature[],
  groupId: string,
): CopilotVariant | null {
  if (isFeatureEnabled(features, groupId, 'garvis2')) {
    return isFeatureEnabled(features, groupId, 'garvisPreview') ? 'garvis2Preview' : 'garvis2';
  }
  return isFeatureEnabled(features, groupId, 'garvis') ? 'garvis' : null;
}

export interface CopilotQuestion {
  question: string;
  threadId?: string | undefined;
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/garvis2/ask (or ask_preview) with the question and thread, or GET
 * /api/garvis/ask?prompt=; answers { response, artifacts, threadId }.
 */
export function askCopilot(variant: CopilotVariant, ask: CopilotQuestion): Promise<CopilotReply> {
  const timezone = browserTimeZone();
  if (variant === 'garvis') {
    return apiRequest('/garvis/ask', {
      schema: CopilotReplySchema,
      query: { prompt: ask.question, threadId: ask.threadId, timezone },
    });
  }
  return apiRequest(variant === 'garvis2Preview' ? '/garvis2/ask_preview' : '/garvis2/ask', {
    schema: CopilotReplySchema,
    method: 'POST',
    body: { question: ask.question, threadId: ask.threadId, timezone },
  });
}

export function useAskCopilot(variant: CopilotVariant) {
  return useMutation({ mutationFn: (ask: CopilotQuestion) => askCopilot(variant, ask) });
}
