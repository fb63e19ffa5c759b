import type { JourneyPhaseSpanName } from '@callsight/shared';

/** One colour per journey phase (spec 002 §9), so a phase reads the same on strip and bar. */
export const PHASE_COLORS: Record<JourneyPhaseSpanName, string> = {
  'cx.ivr': '#7c3aed',
  'cx.queue': '#d97706',
  'cx.chat': '#0891b2',
  'cx.agent.interaction': '#16a34a',
  'cx.ai.conversation': '#db2777',
  'cx.platform.handoff': '#475569',
};

/** Readable names of the phases for the legend and the strip. */
export const PHASE_LABELS: Record<JourneyPhaseSpanName, string> = {
  'cx.ivr': 'IVR',
  'cx.queue': 'Queue',
  'cx.chat': 'Chat',
  'cx.agent.interaction': 'Agent',
  'cx.ai.conversation': 'AI conversation',
  'cx.platform.handoff': 'Handoff',
};

export const SPAN_COLOR = '#2563eb';
export const ERROR_COLOR = '#dc2626';

/** The colour of a span bar: red on error, the phase colour for a phase, blue otherwise. */
export function spanColor(name: string, statusCode: string): string {
  if (statusCode === 'ERROR') return ERROR_COLOR;
  return (PHASE_COLORS as Record<string, string>)[name] ?? SPAN_COLOR;
}
