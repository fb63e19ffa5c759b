import { hasPermission } from '../access/permissions.ts';
import type { ConfigFieldDefinition } from './types.ts';

type Roles = Pick<ConfigFieldDefinition, 'readRoles' | 'writeRoles' | 'secret'>;

/**
 * Whether a caller is sent a field at all: readers and writers are (a writer needs to see what
 * they change), everyone else never is.
 */
export function canSeeConfigField(field: Roles, permissions: readonly string[]): boolean {
  return (
    hasPermission(permissions, field.readRoles) || hasPermission(permissions, field.writeRoles)
  );
}

/** Whether the caller may read the value: never for a secret (spec 000 §6, the Twilio token). */
export function canReadConfigValue(field: Roles, permissions: readonly string[]): boolean {
  return !field.secret && canSeeConfigField(field, permissions);
}

/** Whether the caller may change the field. */
export function canWriteConfigField(field: Roles, permissions: readonly string[]): boolean {
  return hasPermission(permissions, field.writeRoles);
}
