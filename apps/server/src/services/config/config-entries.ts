import {
  CONFIG_TEXTS,
  ERROR_CODES,
  canReadConfigValue,
  canSeeConfigField,
  canWriteConfigField,
  isUnreadableWrite,
  catalogueModule,
  checkConfigValue,
  parseStoredConfigValue,
  serializeConfigValue,
  storedFieldIndex,
  typesCompatible,
  type ConfigEntry,
  type ConfigFieldDefinition,
  type ConfigValue,
  type ConfigValueType,
  type ConfigWrite,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import type { Caller } from '../../lib/caller.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { recordAudit, auditActor } from '../audit/audit-log.ts';
import { callerModules } from './catalogue-view.ts';
import { deleteEntry, loadEntries, upsertEntry } from './config-store.ts';

/** Audit rows keep the written text when it is short and not a secret. */
const AUDITED_VALUE_LENGTH = 500;

/** The catalogue field of a key, or 404 for a key the catalogue does not define. */
export function fieldOf(key: string): ConfigFieldDefinition {
  const found = storedFieldIndex().get(key);
  if (!found) throw notFound(CONFIG_TEXTS.unknownKey(key));
  return found.field;
}

function checkType(field: ConfigFieldDefinition, type: ConfigValueType | undefined) {
  if (type && !typesCompatible(type, field.type)) {
    throw badRequest(CONFIG_TEXTS.wrongConfigType(field.key, field.type), {
      type: CONFIG_TEXTS.wrongConfigType(field.key, field.type),
    });
  }
}

function entryOf(
  field: ConfigFieldDefinition,
  caller: Caller,
  text: string | undefined,
): ConfigEntry {
  return {
    key: field.key,
    type: field.type,
    value: text === undefined ? field.default : parseStoredConfigValue(field, text),
    isDefault: text === undefined,
    writable: canWriteConfigField(field, caller.permissions),
  };
}

/** GET /config/{key}/{type}: one value of the caller's group, or its default. */
export async function getConfigEntry(
  db: Db,
  caller: Caller,
  key: string,
  type: ConfigValueType,
): Promise<ConfigEntry> {
  const field = fieldOf(key);
  checkType(field, type);
  if (!canReadConfigValue(field, caller.permissions))
    throw forbidden(CONFIG_TEXTS.cannotRead(field.title));
  const stored = await loadEntries(forGroup(db, caller.groupId), [key]);
  return entryOf(field, caller, stored.get(key));
}

interface CheckedWrite {
  field: ConfigFieldDefinition;
  /** null removes the stored value. */
  value: ConfigValue | null;
}

/** Type, permission and value checks of writes; refuses all of them when one fails. */
function checkWrites(
  caller: Caller,
  writes: readonly ConfigWrite[],
  type?: ConfigValueType,
): CheckedWrite[] {
  const checked: CheckedWrite[] = [];
  const errors: Record<string, string> = {};
  let status: 400 | 406 = 400;
  let firstMessage: string | null = null;
  const seen = new Set<string>();
  for (const w of writes) {
    const field = fieldOf(w.key);
    checkType(field, type);
    if (isUnreadableWrite(field, caller.permissions)) {
      // Listed as a writer, left out of the read list (alert toggles for admins): refused, named.
      const message = CONFIG_TEXTS.cannotWriteUnread(field.key);
      throw new AppError(403, ERROR_CODES.forbidden, message, { [field.key]: message });
    }
    if (!canWriteConfigField(field, caller.permissions)) {
      // A caller who may not even see the field learns no more than that they may not change it.
      throw forbidden(
        CONFIG_TEXTS.cannotWrite(
          canSeeConfigField(field, caller.permissions) ? field.title : field.key,
        ),
      );
    }
    if (seen.has(field.key)) {
      errors[field.key] = `${field.key} is listed more than once`;
      continue;
    }
    seen.add(field.key);
    if (w.value === null) {
      checked.push({ field, value: null });
      continue;
    }
    const result = checkConfigValue(field, w.value);
    if (result.ok) {
      checked.push({ field, value: result.value });
    } else {
      errors[field.key] = result.message;
      if (result.status === 406 && status !== 406) {
        status = 406;
        firstMessage = result.message;
      }
      firstMessage ??= result.message;
    }
  }
  const failed = Object.keys(errors);
  if (failed.length > 0) {
    // One field: its own text (406 for a refused origin); several: the form's summary.
    const message =
      status === 406 || failed.length === 1
        ? (firstMessage ?? CONFIG_TEXTS.didNotSave)
        : CONFIG_TEXTS.didNotSave;
    throw new AppError(status, ERROR_CODES.validation, message, errors);
  }
  return checked;
}

/**
 * Refuses writes to a module switched off for the caller (spec 000 §3: a flag or a role), as the
 * settings sidebar hides it. Fields the caller may not write at all are left to checkWrites.
 */
async function assertModulesAvailable(
  db: Db,
  caller: Caller,
  writes: readonly ConfigWrite[],
): Promise<void> {
  const index = storedFieldIndex();
  const targets = writes.flatMap((w) => {
    const found = index.get(w.key);
    return found && canWriteConfigField(found.field, caller.permissions) ? [found.module] : [];
  });
  if (targets.length === 0) return;
  const available = new Set(await callerModules(db, caller));
  const off = targets.find((m) => !available.has(m));
  if (off) throw forbidden(CONFIG_TEXTS.moduleUnavailable(catalogueModule(off)?.title ?? off));
}

/** Stores checked writes in one transaction with one audit row per key. */
async function storeWrites(
  db: Db,
  caller: Caller,
  writes: readonly CheckedWrite[],
): Promise<ConfigEntry[]> {
  const texts = new Map<string, string | undefined>();
  await db.transaction(async (tx) => {
    const scope = forGroup(tx, caller.groupId);
    for (const { field, value } of writes) {
      const text = value === null ? undefined : serializeConfigValue(field.type, value);
      if (text === undefined) await deleteEntry(scope, field.key);
      else await upsertEntry(scope, field.key, text);
      texts.set(field.key, text);
      const details: Record<string, unknown> = {
        key: field.key,
        type: field.type,
        reset: text === undefined,
      };
      if (text !== undefined && !field.secret && text.length <= AUDITED_VALUE_LENGTH)
        details.value = text;
      await recordAudit(tx, {
        ...auditActor(caller),
        service: 'config',
        action: text === undefined ? 'resetConfig' : 'setConfig',
        targetId: field.key,
        result: 'success',
        message: `${field.title} ${text === undefined ? 'reset to its default' : 'set'}`,
        details,
      });
    }
  });
  return writes.map(({ field }) => {
    const entry = entryOf(field, caller, texts.get(field.key));
    // A secret is confirmed, never echoed.
    return field.secret ? { ...entry, value: '' } : entry;
  });
}

/** PUT /config/{type}: writes one value of the caller's group. */
export async function setConfigEntry(
  db: Db,
  caller: Caller,
  type: ConfigValueType,
  write: ConfigWrite,
): Promise<ConfigEntry> {
  await assertModulesAvailable(db, caller, [write]);
  const [entry] = await storeWrites(db, caller, checkWrites(caller, [write], type));
  if (!entry) throw new Error('no entry written');
  return entry;
}

/** PUT /config: writes the entries of one form together, all or none. */
export async function setConfigEntries(
  db: Db,
  caller: Caller,
  writes: readonly ConfigWrite[],
): Promise<ConfigEntry[]> {
  await assertModulesAvailable(db, caller, writes);
  return storeWrites(db, caller, checkWrites(caller, writes));
}

/**
 * POST /config/validate: runs the server's checks on a value without storing it. Answers the
 * value as it would be stored; 400 or 406 (refused origins) with the spec's text otherwise.
 */
export function validateConfigEntry(
  caller: Caller,
  write: ConfigWrite,
): { key: string; valid: true; value: ConfigValue } {
  const field = fieldOf(write.key);
  if (!canSeeConfigField(field, caller.permissions))
    throw forbidden(CONFIG_TEXTS.cannotRead(field.key));
  const result = checkConfigValue(field, write.value);
  if (!result.ok)
    throw new AppError(result.status, ERROR_CODES.validation, result.message, {
      [field.key]: result.message,
    });
  return { key: field.key, valid: true, value: field.secret ? '' : result.value };
}

/** Reads the typed value of one field for server code (no permission check: the caller did it). */
export async function readValue(
  scope: GroupScope,
  field: ConfigFieldDefinition,
): Promise<ConfigValue> {
  const stored = await loadEntries(scope, [field.key]);
  const text = stored.get(field.key);
  return text === undefined ? field.default : parseStoredConfigValue(field, text);
}
