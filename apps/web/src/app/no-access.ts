import {
  PAGE_GATES,
  ROLE_LABELS,
  hasPermission,
  isFeatureEnabled,
  type AccessContext,
  type FeatureFlag,
  type GroupRole,
  type PageGate,
  type PageKey,
} from '@callsight/shared';

/** The first sentence of every refusal; the second says why (no spec text: issue 16). */
export const NO_ACCESS_MESSAGE = 'You do not have access to that page.';

/** How the gated features are named in the sidebar. */
const FEATURE_NAMES: Partial<Record<FeatureFlag, string>> = {
  journeyExplorer: 'Journey Explorer',
  simulate: 'Simulate',
  embeddedCanvasApi: 'Dashboards',
};

const ROLE_ORDER: readonly GroupRole[] = ['admin', 'user', 'viewer'];

/** The caller's role as people call it: their group role, or platform administrator. */
function roleName(permissions: readonly string[]): string | null {
  if (permissions.includes('user:super')) return 'platform administrator';
  const role = ROLE_ORDER.find((r) => permissions.includes(`user:${r}`));
  return role ? ROLE_LABELS[role] : null;
}

/** Who a gate lets in, e.g. "Group Viewers and Group Admins" (super users always are). */
function gateAudience(gate: PageGate): string {
  const roles = ROLE_ORDER.filter((r) => gate.permissions.includes(`user:${r}`)).reverse();
  if (roles.length === 0) return 'platform administrators';
  return roles.map((r) => `${ROLE_LABELS[r]}s`).join(' and ');
}

/**
 * Why a page refuses the caller, in one snackbar text: the roles it is for and the caller's role
 * in the group, or the feature that is off for the group. Null when the page is open to them.
 */
export function noAccessMessage(
  page: PageKey,
  access: AccessContext,
  groupName: string,
): string | null {
  const gate: PageGate = PAGE_GATES[page];
  if (!hasPermission(access.permissions, gate.permissions)) {
    const role = roleName(access.permissions);
    const yours = role
      ? `your role in ${groupName} is ${role}`
      : `you have no role in ${groupName}`;
    return `${NO_ACCESS_MESSAGE} It is for ${gateAudience(gate)}; ${yours}.`;
  }
  if (gate.flag && !isFeatureEnabled(access.features, access.groupId, gate.flag))
    return `${NO_ACCESS_MESSAGE} ${FEATURE_NAMES[gate.flag] ?? gate.flag} is not turned on for ${groupName}.`;
  if (gate.needsHeartbeat && !access.heartbeatEnabled)
    return `${NO_ACCESS_MESSAGE} Heartbeat is not turned on for ${groupName}.`;
  return null;
}
