import { isCanvasKey, type CanvasKey } from '@callsight/shared';

/**
 * Help articles of the pages with a help button (spec 000 §2.4): one per dashboard and one
 * for the explorer. The ids are the chat widget's article ids.
 */
export const HELP_ARTICLES = {
  home: 'callsight-home-dashboard',
  explorer: 'callsight-calls-and-logs-explorer',
  canvas: {
    default: 'callsight-canvas-overview',
    technology: 'callsight-canvas-networks-applications-equipment',
    issues: 'callsight-canvas-reported-issues',
    calloverview: 'callsight-canvas-call-overview',
    agentoverview: 'callsight-canvas-agent-overview',
    comparison: 'callsight-canvas-cohort-comparison',
    logserrors: 'callsight-canvas-logs-and-errors',
    coverage: 'callsight-canvas-collection-coverage',
    agentinteractions: 'callsight-canvas-agent-interactions',
    customerexperience: 'callsight-canvas-customer-experience',
    conversationanalytics: 'callsight-canvas-conversational-analytics',
    jabra: 'callsight-canvas-jabra',
    list: 'callsight-canvas-all-dashboards',
  } satisfies Record<CanvasKey, string>,
} as const;

/** The article of a canvas dashboard key; embedded dashboards share the overview's article. */
export function canvasHelpArticle(key: string | undefined): string {
  return key && isCanvasKey(key) ? HELP_ARTICLES.canvas[key] : HELP_ARTICLES.canvas.default;
}
