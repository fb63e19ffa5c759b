import type { CanvasKey } from '@callsight/shared';

/** The title of each canvas dashboard key (spec 000 §2.1 and §2.4). */
export const CANVAS_LABELS: Record<CanvasKey, string> = {
  default: 'Overview',
  technology: 'Networks, Applications and Equipment',
  issues: 'Reported Issues and Insights',
  calloverview: 'Call Overview',
  agentoverview: 'Agent Overview',
  comparison: 'Cohort Comparison',
  logserrors: 'Logs and Errors',
  coverage: 'Collection Coverage',
  agentinteractions: 'Agent Interactions',
  customerexperience: 'Customer Experience',
  conversationanalytics: 'Conversational Analytics',
  jabra: 'Jabra',
  list: 'All Dashboards',
};
