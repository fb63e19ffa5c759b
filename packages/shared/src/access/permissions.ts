import { z } from 'zod';

/** Permission values carried by the access token (spec 000 §6). */
export const PERMISSIONS = [
  'user:viewer',
  'user:user',
  'user:admin',
  'user:super',
  'user:billing',
] as const;

/** Platform permissions a super user may hold beyond super (decision B5). */
export const PLATFORM_PERMISSIONS = ['user:billing'] as const;
export type PlatformPermission = (typeof PLATFORM_PERMISSIONS)[number];
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

/** Role held in one group through a membership; super is a platform flag, not a membership. */
export const GROUP_ROLES = ['viewer', 'user', 'admin'] as const;
export const GroupRoleSchema = z.enum(GROUP_ROLES);
export type GroupRole = z.infer<typeof GroupRoleSchema>;

export const ROLE_LABELS: Record<GroupRole, string> = {
  viewer: 'Group Viewer',
  user: 'Group User',
  admin: 'Group Admin',
};

/** Permission lists used by routes, menus and server checks (spec 000 §6). */
export const ACCESS = {
  anyMember: ['user:viewer', 'user:user', 'user:admin', 'user:super'],
  viewerAdminSuper: ['user:viewer', 'user:admin', 'user:super'],
  adminSuper: ['user:admin', 'user:super'],
  superOnly: ['user:super'],
  /** Billing usage, marketplace and billing audit logs (spec 001 §6; decision B5). */
  billing: ['user:billing'],
} as const satisfies Record<string, readonly Permission[]>;

export type PermissionList = readonly (Permission | '*')[];

/** A check passes if any held permission matches one listed, or the list holds the * wildcard. */
export function hasPermission(held: readonly string[], required: PermissionList): boolean {
  if (required.includes('*')) return true;
  return held.some((p) => (required as readonly string[]).includes(p));
}

/**
 * The permissions a user holds in a group: super overrides the membership role, and a super
 * user's platform permissions (billing) come with it; they mean nothing without super.
 */
export function permissionsFor(
  role: GroupRole | null,
  isSuper: boolean,
  platformPermissions: readonly string[] = [],
): Permission[] {
  if (isSuper) {
    const extra = PLATFORM_PERMISSIONS.filter((p) => platformPermissions.includes(p));
    return ['user:super', ...extra];
  }
  return role ? [`user:${role}`] : [];
}
