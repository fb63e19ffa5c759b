import { ACCESS, hasPermission, type PermissionList } from './permissions.ts';
import { isFeatureEnabled, type EnabledFeature, type FeatureFlag } from './features.ts';

/** Who may open a page (spec 000 §6): permissions, an optional feature flag, heartbeat gate. */
export interface PageGate {
  permissions: PermissionList;
  flag?: FeatureFlag;
  /** Shown only when the group's HEARTBEAT_ENABLED config is true. */
  needsHeartbeat?: boolean;
}

/** The gate of every page key; the route table and the sidebar both read this one table. */
export const PAGE_GATES = {
  home: { permissions: ACCESS.viewerAdminSuper },
  canvas: { permissions: ACCESS.viewerAdminSuper },
  canvasAdmin: { permissions: ACCESS.adminSuper },
  playbooks: { permissions: ACCESS.anyMember },
  playbooksMenu: { permissions: ACCESS.viewerAdminSuper, flag: 'embeddedCanvasApi' },
  explorer: { permissions: ACCESS.viewerAdminSuper },
  call: { permissions: ACCESS.viewerAdminSuper },
  journeyExplorer: { permissions: ACCESS.viewerAdminSuper, flag: 'journeyExplorer' },
  heartbeatInsights: { permissions: ACCESS.viewerAdminSuper, needsHeartbeat: true },
  heartbeatLogs: { permissions: ACCESS.viewerAdminSuper, needsHeartbeat: true },
  // Its API needs HEARTBEAT_ENABLED like every heartbeat route (decision G2).
  heartbeatTests: { permissions: ACCESS.adminSuper, needsHeartbeat: true },
  gsm: { permissions: ACCESS.superOnly },
  workflows: { permissions: ACCESS.adminSuper },
  simulate: { permissions: ACCESS.adminSuper, flag: 'simulate' },
  history: { permissions: ACCESS.viewerAdminSuper },
  profile: { permissions: ACCESS.anyMember },
  teammates: { permissions: ACCESS.adminSuper },
  configs: { permissions: ACCESS.viewerAdminSuper },
  coverage: { permissions: ACCESS.adminSuper },
  usage: { permissions: ACCESS.adminSuper },
  dashboardManager: { permissions: ACCESS.superOnly },
  groups: { permissions: ACCESS.superOnly },
} as const satisfies Record<string, PageGate>;

export type PageKey = keyof typeof PAGE_GATES;

export interface AccessContext {
  permissions: readonly string[];
  features: readonly EnabledFeature[];
  groupId: string;
  heartbeatEnabled: boolean;
}

/** True when the caller may see the page in the current group. */
export function canAccess(page: PageKey, ctx: AccessContext): boolean {
  const gate: PageGate = PAGE_GATES[page];
  if (!hasPermission(ctx.permissions, gate.permissions)) return false;
  if (gate.flag && !isFeatureEnabled(ctx.features, ctx.groupId, gate.flag)) return false;
  if (gate.needsHeartbeat && !ctx.heartbeatEnabled) return false;
  return true;
}

/**
 * Where a user lands after sign-in (spec 000 §2.2): viewer, admin or super go to a saved
 * redirect URL longer than one character, else the dashboard; others go to playbooks.
 */
export function landingPath(
  permissions: readonly string[],
  groupId: string,
  savedRedirectUrl: string | null | undefined,
): string {
  if (hasPermission(permissions, ACCESS.viewerAdminSuper)) {
    if (savedRedirectUrl && savedRedirectUrl.length > 1) return savedRedirectUrl;
    return `/${groupId}/dashboard`;
  }
  return `/${groupId}/playbooks`;
}
