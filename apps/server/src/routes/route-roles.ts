import {
  EXPLORER_PUSH_PAGE,
  SYNTHETIC_PUSH_CHANNELS,
  hasPermission,
  type Permission,
} from '@callsight/shared';

/**
 * Who may call each API route (`METHOD /path` as the OpenAPI document names it): the group
 * roles, the platform super user, or a group's API key. Public routes (public-routes.ts) are not
 * listed. test/permission-matrix.test.ts calls every route as each of them: a caller listed must
 * get past authentication and permission, any other must be refused (403; 401 for the wrong kind
 * of credential). A route missing here, or listed but gone, fails that test.
 *
 * The gate of a route; finer rules below it are tested with their services: each config field's
 * read and write lists (config routes, tagging and dial numbers), triggers' permittedTo, and the
 * telemetry of a call detail (admin and super).
 */
export type RouteCaller = 'viewer' | 'user' | 'admin' | 'super' | 'billing' | 'apiKey';

/** Every member of the group, whatever the role (spec 000 §6 "user" is the lowest). */
const MEMBERS = ['viewer', 'user', 'admin', 'super'] as const;
/** The readers of the group's data: Home, Explorer, History, Settings (spec 000 §6). */
const READERS = ['viewer', 'admin', 'super'] as const;
const ADMINS = ['admin', 'super'] as const;
const SUPER = ['super'] as const;
/**
 * A super user holding user:billing (decision B5); such a caller also passes every SUPER route,
 * a super user without it passes none of these.
 */
const BILLING = ['billing'] as const;
/** Authenticated by a group's API key, never by a user's session. */
const API_KEY = ['apiKey'] as const;

export const ROUTE_ROLES: Readonly<Record<string, readonly RouteCaller[]>> = {
  // Own account (every member, also during a forced password change for the first two).
  'GET /api/users/profile': MEMBERS,
  'PUT /api/users/password': MEMBERS,
  'PUT /api/users/profile': MEMBERS,
  'PUT /api/users/switchGroup': MEMBERS,
  'DELETE /api/users/demo-accounts': SUPER,

  // Groups: members read their own; platform staff manage them.
  'GET /api/groups': MEMBERS,
  'GET /api/groups/:id': MEMBERS,
  'GET /api/groups/:id/features': MEMBERS,
  'PUT /api/groups/:id/features': SUPER,
  'GET /api/groups/archived': SUPER,
  'POST /api/groups': SUPER,
  'PUT /api/groups': SUPER,
  'POST /api/groups/:id/archive': SUPER,
  'POST /api/groups/:id/restore': SUPER,
  'POST /api/groups/:id/bi/configure': SUPER,
  'GET /api/customer': SUPER,

  // Billing, marketplace and billing audit logs: platform staff with user:billing (spec 001 §6).
  'GET /api/billing/usage': BILLING,
  'GET /api/billing/billable-groups': BILLING,
  'GET /api/billing/usage/download/:filter/:period': BILLING,
  'GET /api/billing/:groupId/:region': BILLING,
  'GET /api/marketplace/customerMarketplaceBilling': BILLING,
  'PUT /api/marketplace/subscriptions/:id/link': BILLING,
  'POST /api/marketplace/billing/run': BILLING,
  'GET /api/marketplace/billingAuditLogs': BILLING,
  // The group's Usage page and extension coverage (spec 002 §6: admin or super).
  'GET /api/usage': ADMINS,
  'GET /api/coverage': ADMINS,
  'GET /api/coverage/:set/download': ADMINS,

  // Teammates (spec 001 §6: admin or super).
  'GET /api/users': ADMINS,
  'POST /api/users': ADMINS,
  'PUT /api/users': ADMINS,
  'GET /api/users/:id': ADMINS,
  'DELETE /api/users/:id': ADMINS,

  // API keys: the API module is admin and super only (spec 000 §6; decision 38 reversed).
  'GET /api/config/token': ADMINS,
  'POST /api/config/token': ADMINS,
  'DELETE /api/config/token/:id': ADMINS,
  'GET /api/ingest/v1/whoami': API_KEY,

  // EventBridge sources (decision 41), behind the eventbridge flag.
  'POST /api/users/eventBridge': ADMINS,
  'GET /api/users/eventBridge/settings': READERS,
  'GET /api/users/eventBridge/:flag': READERS,
  'DELETE /api/users/eventBridge/:eventSourceId': ADMINS,
  'POST /api/users/eventBridge/:eventSourceId/associate': ADMINS,

  // Network mapping module (spec 000 §6: admin or super).
  'GET /api/config/ip/': ADMINS,
  'PUT /api/config/ip/': ADMINS,

  // Config catalogue: the Group Settings screen's readers (spec 000 §6; Group Users have none);
  // each field's read and write lists decide below, a writer changing only what they read.
  'GET /api/config/modules': READERS,
  'GET /api/config/catalogue': READERS,
  'POST /api/config/validate': READERS,
  'PUT /api/config': READERS,
  'GET /api/config/:key/:type': READERS,
  'PUT /api/config/:type': READERS,
  // Heartbeat Tagging: the GSM module, super only (spec 000 §6), tags and dial numbers alike.
  'GET /api/tagging/tag-configs': SUPER,
  'GET /api/gsm/connect/numbers': SUPER,
  'PUT /api/gsm/connect/numbers': SUPER,

  // Telemetry ingestion.
  'POST /api/ingest/v1/calls': API_KEY,
  'POST /api/ingest/v1/samples': API_KEY,
  'POST /api/ingest/v1/logs': API_KEY,
  'POST /api/ingest/v1/events': API_KEY,
  // Remote probes of synthetic tests.
  'POST /api/probes/claim': API_KEY,
  'GET /api/probes/jobs/:id/calls/:callId/report': API_KEY,
  'POST /api/probes/jobs/:id/result': API_KEY,
  'POST /v1/traces': API_KEY,

  // Canvas: teams (data roles), dashboards and guest tokens (issue 20).
  'GET /api/dataRoles': ADMINS,
  'GET /api/dataRoles/me': MEMBERS,
  'GET /api/dataRoles/active': MEMBERS,
  'GET /api/dataRoles/values': ADMINS,
  'POST /api/dataRoles': ADMINS,
  'PUT /api/dataRoles/:id': ADMINS,
  'GET /api/dataRoles/:id/users': ADMINS,
  'POST /api/dataRoles/:id/users/:user': ADMINS,
  'DELETE /api/dataRoles/:id/users/:user': ADMINS,
  'GET /api/dashboards': MEMBERS,
  'GET /api/dashboards/:id': MEMBERS,
  'POST /api/dataRoles/:roleId/token/:dashboardId': MEMBERS,
  // Dashboard imports (issue 21): platform staff; a canvas name resolves for any member.
  'GET /api/canvas/v1/upload': SUPER,
  'POST /api/canvas/v1/upload': SUPER,
  'POST /api/canvas/v1/upload/:groupId/dashboards': SUPER,
  'GET /api/canvas/v1/upload/:groupId/dashboards': SUPER,
  'GET /api/canvas/v1/upload/:id/preview': SUPER,
  'GET /api/canvas/v1/upload/:id/download': SUPER,
  'GET /api/canvas/v1/upload/:id/datasets': SUPER,
  'PUT /api/canvas/v1/upload/:id/datasets': SUPER,
  'POST /api/canvas/v1/import': SUPER,
  'GET /api/canvas/v1/executions': SUPER,
  'GET /api/canvas/v1/executions/latest': SUPER,
  'GET /api/dashboards/:groupId/custom': SUPER,
  'PUT /api/dashboards/custom/:logicalId': SUPER,
  'GET /api/groups/dashboard/:name': MEMBERS,

  // Explorer and call detail.
  'GET /api/calls/stats': READERS,
  'GET /api/calls/logs': READERS,
  'GET /api/viscall2/call/:region/:contactId': READERS,

  // Workflows (decision S10): admin or super; the History screen for readers.
  'GET /api/workflows/catalogue': ADMINS,
  'GET /api/workflows/event-sources': ADMINS,
  'GET /api/groups/:group/watchers': ADMINS,
  'PUT /api/groups/:group/watchers': ADMINS,
  'DELETE /api/groups/:group/watchers/:id': ADMINS,
  'PUT /api/groups/:group/watchers/:id/activate': ADMINS,
  'PUT /api/groups/:group/watchers/:id/deactivate': ADMINS,
  'GET /api/watchdog/watcher/list': ADMINS,
  'POST /api/watchdog/watcher': ADMINS,
  'PUT /api/watchdog/watcher/:id': ADMINS,
  'DELETE /api/watchdog/watcher/:id': ADMINS,
  'PUT /api/watchdog/watcher/:id/activate': ADMINS,
  'PUT /api/watchdog/watcher/:id/deactivate': ADMINS,
  'GET /api/groups/:group/watchers/actions/history': READERS,
  'GET /api/auditLogs': READERS,

  // Journeys (decision J9) and their AI summaries, behind journeyExplorer.
  'GET /api/traces': READERS,
  'GET /api/traces/:traceId': READERS,
  'GET /api/traces/:traceId/spans/:spanId/insights': READERS,
  'GET /api/traces/:traceId/spans/:spanId/logs': READERS,
  'GET /api/v1/insights': READERS,
  'GET /api/traces/:traceId/ai-summary': READERS,
  // Readers make the first summary; `regenerate: true` is admins' and super users' only
  // (AI_SUMMARY_ACCESS, tested in test/ai-summary-roles.test.ts).
  'POST /api/traces/:traceId/ai-summary': READERS,

  // CX copilot (decision A3), behind the garvis flags.
  'POST /api/garvis2/ask': READERS,
  'POST /api/garvis2/ask_preview': READERS,
  'GET /api/garvis/ask': READERS,

  // Campaigns (issue 17), behind the simulate flag: the Simulate screen is admin and super only
  // (spec 000 §6; D10 and D15 reversed), reading runs, call logs and recordings included.
  'GET /api/campaigns': ADMINS,
  'POST /api/campaigns': ADMINS,
  'GET /api/campaigns/configuration': ADMINS,
  'PUT /api/campaigns/configuration': ADMINS,
  'GET /api/simulate/numbers': ADMINS,
  'GET /api/campaigns/:id': ADMINS,
  'DELETE /api/campaigns/:id': ADMINS,
  'GET /api/campaigns/:id/runs': ADMINS,
  'GET /api/campaigns/:id/runs/:runId': ADMINS,
  'DELETE /api/campaigns/:id/runs/:runId': ADMINS,
  'POST /api/campaigns/:id/runs/start': ADMINS,
  'POST /api/campaigns/:id/runs/:runId/stop': ADMINS,
  'GET /api/campaigns/:id/runs/:runId/graph': ADMINS,
  'GET /api/campaigns/:id/runs/:runId/stats': ADMINS,
  'GET /api/campaigns/:id/runs/:runId/calls': ADMINS,
  'GET /api/campaigns/:id/runs/:runId/calls/:seq/recording': ADMINS,

  // Synthetic tests (issue 18, spec 002 §6): GSM monitors and their jobs are for super users;
  // heartbeat tests for admins and super users; heartbeat logs for viewers too (heartbeat on).
  'GET /api/gsm/monitors': SUPER,
  'POST /api/gsm/monitors': SUPER,
  'POST /api/gsm/monitors/:id/disable': SUPER,
  'DELETE /api/gsm/monitors/:id': SUPER,
  'GET /api/gsm/monitors/jobs': SUPER,
  'GET /api/gsm/monitors/jobs/stats': SUPER,
  'GET /api/gsm/monitors/jobs/regions': SUPER,
  'GET /api/gsm/monitors/jobs/:id': SUPER,
  'GET /api/gsm/monitors/jobs/:id/stats': SUPER,
  'GET /api/gsm/monitors/jobs/:id/insights': SUPER,
  'GET /api/gsm/heartbeat': ADMINS,
  'POST /api/gsm/heartbeat': ADMINS,
  'POST /api/gsm/heartbeat/:id/disable': ADMINS,
  'DELETE /api/gsm/heartbeat/:id': ADMINS,
  'GET /api/gsm/heartbeat/numbers/source': ADMINS,
  'GET /api/gsm/heartbeat/options': ADMINS,
  'GET /api/gsm/heartbeat/jobs': READERS,
  'GET /api/gsm/heartbeat/jobs/stats': READERS,
  'GET /api/gsm/heartbeat/jobs/regions': READERS,
  'GET /api/gsm/heartbeat/jobs/:id': READERS,
  'GET /api/gsm/heartbeat/jobs/:id/stats': READERS,
  'GET /api/gsm/heartbeat/jobs/:id/insights': READERS,
  'GET /api/gsm/jobs/:id/recordings/:location': READERS,

  // Our own help articles (help button without a chat widget): every member.
  'GET /api/help': MEMBERS,
};

/**
 * Push pages (socket.io `subscribeToPage`) a user's socket may join, each with the route that
 * serves that page's data: a socket joins a page only when its role may call that route (its
 * ROUTE_ROLES entry, checked before each subscription with the caller's current role), so a
 * page's readers follow the route's with no second list. Any other page name is refused. API-key
 * sockets (collectors) are not concerned: they join their agent's page at the handshake and
 * subscribe to nothing.
 */
export const PUSH_PAGE_ROUTES: Readonly<Record<string, string>> = {
  // New calls of the group (spec 002 §7.6): the Explorer's call list.
  [EXPLORER_PUSH_PAGE]: 'GET /api/calls/stats',
  // Finished jobs (spec 002 §4): heartbeat logs and insights; the GSM pages' monitor jobs.
  [SYNTHETIC_PUSH_CHANNELS.heartbeat]: 'GET /api/gsm/heartbeat/jobs',
  [SYNTHETIC_PUSH_CHANNELS.monitor]: 'GET /api/gsm/monitors/jobs',
};

/**
 * The agent alerts and notifications of the group's workflows (agent:{name}, agentPushPage):
 * their collector receives them with the group's API key; a user's socket, only as a reader of
 * the group's watchers (the Workflows screen where agent alerts are set up).
 */
export const AGENT_PUSH_PAGE_ROUTE = 'GET /api/groups/:group/watchers';

/** The route whose callers may join `page`, or null when no user socket may (unknown page). */
export function pushPageRoute(page: string): string | null {
  if (Object.hasOwn(PUSH_PAGE_ROUTES, page)) return PUSH_PAGE_ROUTES[page] ?? null;
  return page.startsWith('agent:') ? AGENT_PUSH_PAGE_ROUTE : null;
}

/** The permission that makes a user caller of ROUTE_ROLES (API keys are no user). */
const CALLER_PERMISSIONS: Readonly<Record<RouteCaller, Permission | null>> = {
  viewer: 'user:viewer',
  user: 'user:user',
  admin: 'user:admin',
  super: 'user:super',
  billing: 'user:billing',
  apiKey: null,
};

/** The permissions that may join `page` (none for an unknown page). */
export function pushPagePermissions(page: string): Permission[] {
  const route = pushPageRoute(page);
  const callers = route ? (ROUTE_ROLES[route] ?? []) : [];
  return callers.flatMap((caller) => CALLER_PERMISSIONS[caller] ?? []);
}

/** Whether a user holding `permissions` in the socket's group may join `page`. */
export function mayJoinPushPage(page: string, permissions: readonly string[]): boolean {
  const required = pushPagePermissions(page);
  return required.length > 0 && hasPermission(permissions, required);
}
