/**
 * Every URL of the app as code (ARCHITECTURE convention 6). In-group paths are relative to
 * `/:groupId` (the route table nests them there); getHref builds the full link.
 */
const g = (groupId: string, rest: string) => `/${groupId}/${rest}`;
const enc = encodeURIComponent;

export const paths = {
  // Public, outside the group.
  login: { path: '/login', getHref: () => '/login' },
  callback: { path: '/callback', getHref: () => '/callback' },
  fallback: { path: '/fallback', getHref: () => '/fallback' },
  subscription: {
    path: '/subscription/:customerCode/:productCode',
    getHref: (customerCode: string, productCode: string) =>
      `/subscription/${enc(customerCode)}/${enc(productCode)}`,
  },
  subscriptionSuccess: { path: '/subscriptionsuccess', getHref: () => '/subscriptionsuccess' },
  activated: { path: '/activated', getHref: () => '/activated' },
  /** The demo softphone (issue 6): a loopback call with the collector and agent alerts. */
  demoSoftphone: { path: '/demo/softphone', getHref: () => '/demo/softphone' },
  /** A dashboard of the engine in a frame; the guest token travels in the fragment. */
  embedDashboard: {
    path: '/embed/dashboard/:dashboardId',
    getHref: (dashboardId: string, token: string) =>
      `/embed/dashboard/${encodeURIComponent(dashboardId)}#token=${encodeURIComponent(token)}`,
  },

  // Inside the group.
  group: { path: '/:groupId', getHref: (groupId: string) => `/${groupId}` },
  home: { path: 'home', getHref: (groupId: string) => g(groupId, 'home') },
  dashboard: { path: 'dashboard', getHref: (groupId: string) => g(groupId, 'dashboard') },
  configs: { path: 'configs/*', getHref: (groupId: string) => g(groupId, 'configs') },
  campaigns: { path: 'campaigns', getHref: (groupId: string) => g(groupId, 'campaigns') },
  /** The campaigns list with the 'Run Campaign' modal open (spec 001 §2). */
  campaignStart: {
    path: 'campaigns/start/:campaignId',
    getHref: (groupId: string, campaignId: string) =>
      g(groupId, `campaigns/start/${enc(campaignId)}`),
  },
  campaignHistory: {
    path: 'campaign/history/:campaignId',
    getHref: (groupId: string, campaignId: string) =>
      g(groupId, `campaign/history/${enc(campaignId)}`),
  },
  campaignRun: {
    path: 'campaign/view/:campaignId/:runId',
    getHref: (groupId: string, campaignId: string, runId: string) =>
      g(groupId, `campaign/view/${enc(campaignId)}/${enc(runId)}`),
  },
  history: { path: 'history/lists', getHref: (groupId: string) => g(groupId, 'history/lists') },
  workflows: { path: 'workflows', getHref: (groupId: string) => g(groupId, 'workflows') },
  profile: { path: 'profile', getHref: (groupId: string) => g(groupId, 'profile') },
  teammates: { path: 'admin/users', getHref: (groupId: string) => g(groupId, 'admin/users') },
  teammate: {
    path: 'admin/user/:id',
    getHref: (groupId: string, id: string) => g(groupId, `admin/user/${enc(id)}`),
  },
  groupMemberNew: {
    path: 'admin/group/:memberGroupId/member/0',
    getHref: (groupId: string, memberGroupId: string) =>
      g(groupId, `admin/group/${enc(memberGroupId)}/member/0`),
  },
  usage: { path: 'admin/billing', getHref: (groupId: string) => g(groupId, 'admin/billing') },
  dashboardManager: {
    path: 'admin/manager/*',
    getHref: (groupId: string) => g(groupId, 'admin/manager'),
  },
  groups: { path: 'admin/groups/*', getHref: (groupId: string) => g(groupId, 'admin/groups') },
  groupEdit: {
    path: 'admin/group/:id',
    getHref: (groupId: string, id: string) => g(groupId, `admin/group/${enc(id)}`),
  },
  coverage: { path: 'admin/extutil', getHref: (groupId: string) => g(groupId, 'admin/extutil') },
  gsmJobReport: {
    path: 'gsm/jobs/:jobId/report',
    getHref: (groupId: string, jobId: string) => g(groupId, `gsm/jobs/${enc(jobId)}/report`),
  },
  gsmLogs: { path: 'gsm/logs', getHref: (groupId: string) => g(groupId, 'gsm/logs') },
  gsmMonitors: { path: 'gsm/monitors', getHref: (groupId: string) => g(groupId, 'gsm/monitors') },
  gsmInsights: { path: 'gsm/insights', getHref: (groupId: string) => g(groupId, 'gsm/insights') },
  gsmStatus: { path: 'gsm/status', getHref: (groupId: string) => g(groupId, 'gsm/status') },
  heartbeatInsights: {
    path: 'gsm/heartbeat/insights',
    getHref: (groupId: string) => g(groupId, 'gsm/heartbeat/insights'),
  },
  heartbeatTests: {
    path: 'gsm/heartbeat',
    getHref: (groupId: string) => g(groupId, 'gsm/heartbeat'),
  },
  heartbeatJobReport: {
    path: 'gsm/heartbeat/jobs/:jobId/report',
    getHref: (groupId: string, jobId: string) =>
      g(groupId, `gsm/heartbeat/jobs/${enc(jobId)}/report`),
  },
  heartbeatLogs: {
    path: 'gsm/heartbeat/logs',
    getHref: (groupId: string) => g(groupId, 'gsm/heartbeat/logs'),
  },
  call: {
    path: 'call/:contactId/*',
    getHref: (groupId: string, contactId: string) => g(groupId, `call/${enc(contactId)}`),
  },
  explorer: { path: 'explorer/*', getHref: (groupId: string) => g(groupId, 'explorer') },
  trace: {
    path: 'trace/:traceId',
    getHref: (groupId: string, traceId: string) => g(groupId, `trace/${enc(traceId)}`),
  },
  traceSpan: {
    path: 'trace/:traceId/span/:spanId/:tab?',
    getHref: (groupId: string, traceId: string, spanId: string, tab?: string) =>
      g(groupId, `trace/${enc(traceId)}/span/${enc(spanId)}${tab ? `/${enc(tab)}` : ''}`),
  },
  traces: { path: 'traces', getHref: (groupId: string) => g(groupId, 'traces') },
  tracesTrace: {
    path: 'traces/trace/:traceId',
    getHref: (groupId: string, traceId: string) => g(groupId, `traces/trace/${enc(traceId)}`),
  },
  tracesSpan: {
    path: 'traces/trace/:traceId/span/:spanId/:tab?',
    getHref: (groupId: string, traceId: string, spanId: string, tab?: string) =>
      g(groupId, `traces/trace/${enc(traceId)}/span/${enc(spanId)}${tab ? `/${enc(tab)}` : ''}`),
  },
  playbooks: { path: 'playbooks/*', getHref: (groupId: string) => g(groupId, 'playbooks') },
  canvasRoot: { path: 'canvas', getHref: (groupId: string) => g(groupId, 'canvas') },
  canvas: {
    path: 'canvas/:key/*',
    getHref: (groupId: string, key: string) => g(groupId, `canvas/${enc(key)}`),
  },
} as const;

/** First path segments of the routes that need no sign-in (spec 000 §2.2, plus the login pages). */
export const PUBLIC_SEGMENTS = [
  'subscription',
  'subscriptionsuccess',
  'activated',
  'login',
  'callback',
  'fallback',
  'demo',
] as const;

/** True when the path is public: the session start-up is skipped there. */
export function isPublicPath(pathname: string): boolean {
  const first = pathname.split('/').find((s) => s !== '') ?? '';
  return (PUBLIC_SEGMENTS as readonly string[]).includes(first.toLowerCase());
}
