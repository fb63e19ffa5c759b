import { hasPermission } from '../access/permissions.ts';
import type { ConfigFieldDefinition } from './types.ts';

type Roles = Pick<ConfigFieldDefinition, 'readRoles' | 'writeRoles' | 'secret'>;

/**
 * Whether a caller is sent a field at all: its readers are (spec 000 §6 read lists, decision 27
 * reversed: writing a field gives no right to read it), and the writers of a secret, which
 * nobody reads, see whether it is set so that they can replace it (decision 29).
 */
export function canSeeConfigField(field: Roles, permissions: readonly string[]): boolean {
  if (hasPermission(permissions, field.readRoles)) return true;
  return !!field.secret && hasPermission(permissions, field.writeRoles);
}

/** Whether the caller may read the value: never for a secret (spec 000 §6, the Twilio token). */
export function canReadConfigValue(field: Roles, permissions: readonly string[]): boolean {
  return !field.secret && canSeeConfigField(field, permissions);
}

/**
 * Whether the caller may change the field: a writer who may also see it. An admin is listed as a
 * writer of the alert toggles that only super users read, and so changes none of them.
 */
export function canWriteConfigField(field: Roles, permissions: readonly string[]): boolean {
  return hasPermission(permissions, field.writeRoles) && canSeeConfigField(field, permissions);
}

/** A writer refused only because they may not read the field (its read list leaves them out). */
export function isUnreadableWrite(field: Roles, permissions: readonly string[]): boolean {
  return hasPermission(permissions, field.writeRoles) && !canSeeConfigField(field, permissions);
}
