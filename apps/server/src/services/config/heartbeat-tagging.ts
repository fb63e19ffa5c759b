import {
  CALL_TAG_CONFIGURATIONS,
  CONFIG_TEXTS,
  CONNECT_REGION_MAX_LENGTH,
  ConnectNumberListSchema,
  GSM_CONNECT_NUMBERS,
  TaggingConfigSchema,
  canReadConfigValue,
  canWriteConfigField,
  type ConnectNumber,
  type TaggingConfig,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { forGroup } from '../../db/group-scope.ts';
import type { Caller } from '../../lib/caller.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { fieldOf, readValue, setConfigEntry } from './config-entries.ts';

/** GET /tagging/tag-configs: the group's tagging configs (stored under CALL_TAG_CONFIGURATIONS). */
export async function listTagConfigs(db: Db, caller: Caller): Promise<TaggingConfig[]> {
  const field = fieldOf(CALL_TAG_CONFIGURATIONS);
  if (!canReadConfigValue(field, caller.permissions))
    throw forbidden(CONFIG_TEXTS.cannotRead(field.title));
  const value = await readValue(forGroup(db, caller.groupId), field);
  if (!Array.isArray(value)) return [];
  // Entries written before a rule changed are skipped rather than failing the whole list.
  return value.flatMap((v) => {
    const parsed = TaggingConfigSchema.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });
}

/** GET gsm/connect/numbers: the dial number set per Connect region. */
export async function getConnectNumbers(db: Db, caller: Caller): Promise<ConnectNumber[]> {
  const field = fieldOf(GSM_CONNECT_NUMBERS);
  if (!canReadConfigValue(field, caller.permissions))
    throw forbidden(CONFIG_TEXTS.cannotRead(field.title));
  const parsed = ConnectNumberListSchema.safeParse(
    await readValue(forGroup(db, caller.groupId), field),
  );
  return parsed.success ? parsed.data : [];
}

/**
 * PUT gsm/connect/numbers: replaces the dial numbers. A number of the wrong length is refused
 * with "{region} could not be set. Check the number length", keyed by its region (by its index
 * when the region is no text of at most CONNECT_REGION_MAX_LENGTH characters).
 */
export async function setConnectNumbers(
  db: Db,
  caller: Caller,
  input: unknown,
): Promise<ConnectNumber[]> {
  const field = fieldOf(GSM_CONNECT_NUMBERS);
  if (!canWriteConfigField(field, caller.permissions))
    throw forbidden(CONFIG_TEXTS.cannotWrite(field.title));
  const parsed = ConnectNumberListSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    const list = Array.isArray(input) ? input : [];
    for (const issue of parsed.error.issues) {
      const index = typeof issue.path[0] === 'number' ? issue.path[0] : -1;
      const row: unknown = list[index];
      const region =
        typeof row === 'object' &&
        row !== null &&
        'region' in row &&
        typeof row.region === 'string' &&
        row.region.length <= CONNECT_REGION_MAX_LENGTH
          ? row.region
          : String(index);
      fields[region] ??= issue.message;
    }
    const first = parsed.error.issues[0]?.message ?? 'Invalid numbers';
    throw badRequest(first, fields);
  }
  await setConfigEntry(db, caller, 'array', { key: GSM_CONNECT_NUMBERS, value: parsed.data });
  return parsed.data;
}
