import { z } from 'zod';
import { COPILOT_LIMITS } from './constants.ts';

/** A cell of a table artifact: text, number or empty. */
export const ArtifactCellSchema = z.union([z.string(), z.number(), z.null()]);

/** A table answer: shown at once, before the typed reply finishes (spec 002 §4). */
export const TableArtifactSchema = z.object({
  type: z.literal('table'),
  title: z.string(),
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(z.record(z.string(), ArtifactCellSchema)),
});
export type TableArtifact = z.infer<typeof TableArtifactSchema>;

/** A chart answer: `data` is an ECharts option (JSON only), shown after the reply is typed. */
export const ChartArtifactSchema = z.object({
  type: z.literal('chart'),
  title: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type ChartArtifact = z.infer<typeof ChartArtifactSchema>;

/**
 * A link answer: `path` is inside the caller's group ("explorer/calls?from=…"), so the web app
 * opens it under the group it shows; "show me those calls" links to the explorer this way.
 */
export const LinkArtifactSchema = z.object({
  type: z.literal('link'),
  title: z.string(),
  label: z.string(),
  path: z.string().regex(/^[a-z][\w/-]*(\?.*)?$/),
});
export type LinkArtifact = z.infer<typeof LinkArtifactSchema>;

export const CopilotArtifactSchema = z.discriminatedUnion('type', [
  TableArtifactSchema,
  ChartArtifactSchema,
  LinkArtifactSchema,
]);
export type CopilotArtifact = z.infer<typeof CopilotArtifactSchema>;

/** Copilot reply (spec 002 §3): response text, artifacts and the thread to continue. */
export const CopilotReplySchema = z.object({
  response: z.string(),
  artifacts: z.array(CopilotArtifactSchema),
  threadId: z.string(),
});
export type CopilotReply = z.infer<typeof CopilotReplySchema>;

const TimeZoneSchema = z.string().min(1).max(64);

/** POST /api/garvis2/ask and /api/garvis2/ask_preview body (spec 002 §7.6). */
export const CopilotAskSchema = z.object({
  question: z.string().trim().min(1).max(COPILOT_LIMITS.questionMaxLength),
  threadId: z.uuid().optional(),
  /** IANA zone words like "today" are read in; UTC when not given (an extension of the spec). */
  timezone: TimeZoneSchema.optional(),
});
export type CopilotAsk = z.infer<typeof CopilotAskSchema>;

/** GET /api/garvis/ask?prompt= (spec 002 §7.6). */
export const GarvisAskQuerySchema = z.object({
  prompt: z.string().trim().min(1).max(COPILOT_LIMITS.questionMaxLength),
  threadId: z.uuid().optional(),
  timezone: TimeZoneSchema.optional(),
});

/** POST /api/traces/{traceId}/ai-summary body: regenerate reuses the thread of the last one. */
export const AiSummaryRequestSchema = z.object({
  spanId: z.string().min(1).max(64).optional(),
  threadId: z.uuid().optional(),
  regenerate: z.boolean().default(false),
});
export type AiSummaryRequest = z.input<typeof AiSummaryRequestSchema>;

/** The AI summary of a journey: response text and its thread (spec 002 §7.6). */
export const AiSummarySchema = z.object({
  traceId: z.string(),
  response: z.string(),
  threadId: z.string(),
  engine: z.enum(['builtin', 'llm']),
  generatedAt: z.iso.datetime(),
});
export type AiSummary = z.infer<typeof AiSummarySchema>;
