/** Canvas dashboard keys (spec 000 §2.1) and the suffix each maps to. */
export const CANVAS_SUFFIXES = {
  technology: '_Technology-NetworksApplicationsEquipment',
  issues: '_Technology-ReportedIssues',
  calloverview: '_Technology-CallOverview',
  agentoverview: '_Technology-AgentOverview',
  comparison: '_Technology-CohortComparison',
  logserrors: '_Technology-LogsAndErrors',
  coverage: '_Technology-CollectionCoverage',
  agentinteractions: '_Operations-AgentInteractions',
  customerexperience: '_Operations-CustomerExperience',
  conversationanalytics: '_Operations-ConversationalAnalytics',
  jabra: '_Jabra',
} as const;

export const CANVAS_KEYS = ['default', ...Object.keys(CANVAS_SUFFIXES), 'list'] as const;
export type CanvasKey = 'default' | 'list' | keyof typeof CANVAS_SUFFIXES;

export function isCanvasKey(key: string): key is CanvasKey {
  return (CANVAS_KEYS as readonly string[]).includes(key);
}

/**
 * The group-specific dashboard id for a canvas key: group id plus suffix, "default_" plus the
 * group id for the default, "list" for the list view, and null for an unknown key (which falls
 * through to an embedded dashboard frame).
 */
export function canvasDashboardId(key: string, groupId: string): string | null {
  if (key === 'default') return `default_${groupId}`;
  if (key === 'list') return 'list';
  if (Object.hasOwn(CANVAS_SUFFIXES, key))
    return groupId + CANVAS_SUFFIXES[key as keyof typeof CANVAS_SUFFIXES];
  return null;
}

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
