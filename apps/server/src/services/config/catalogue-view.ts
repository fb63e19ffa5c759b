import {
  AUTH_TEXTS,
  CONFIG_CATALOGUE,
  FeatureFlagSchema,
  availableModules,
  canReadConfigValue,
  canSeeConfigField,
  canWriteConfigField,
  hasPropertySubFields,
  parseStoredConfigValue,
  type ConfigCatalogue,
  type ConfigFieldDefinition,
  type ConfigFieldView,
  type ConfigModuleDefinition,
  type ConfigModuleView,
  type EnabledFeature,
  type ModuleKey,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { forGroup } from '../../db/group-scope.ts';
import type { Caller } from '../../lib/caller.ts';
import { enabledFeatures } from '../groups/features.ts';
import { loadCatalogueState } from './config-store.ts';
import { forbidden } from '../../lib/errors.ts';

type Permissions = readonly string[];

/** A property sub-field (of an object or table) as the caller sees it: no value of its own. */
function propertyView(field: ConfigFieldDefinition, writable: boolean): ConfigFieldView {
  const { subFields, ...definition } = field;
  return {
    ...definition,
    isSet: false,
    writable,
    ...(subFields ? { subFields: subFields.map((s) => propertyView(s, writable)) } : {}),
  };
}

/** One stored field as the caller sees it, or null when they may not see it. */
function fieldView(
  field: ConfigFieldDefinition,
  permissions: Permissions,
  stored: ReadonlyMap<string, string>,
): ConfigFieldView | null {
  if (!canSeeConfigField(field, permissions)) return null;
  const { subFields, ...definition } = field;
  const text = stored.get(field.key);
  const writable = canWriteConfigField(field, permissions);
  const view: ConfigFieldView = { ...definition, isSet: text !== undefined, writable };
  if (canReadConfigValue(field, permissions))
    view.value = text === undefined ? field.default : parseStoredConfigValue(field, text);
  if (subFields) {
    view.subFields = hasPropertySubFields(field)
      ? subFields.map((s) => propertyView(s, writable))
      : subFields.flatMap((s) => fieldView(s, permissions, stored) ?? []);
  }
  return view;
}

/**
 * The catalogue as one caller sees it, from the group's stored texts: only the modules given,
 * only the fields the caller may see, values only where they may read them.
 */
export function buildCatalogueView(
  catalogue: readonly ConfigModuleDefinition[],
  modules: readonly ModuleKey[],
  permissions: Permissions,
  stored: ReadonlyMap<string, string>,
): ConfigModuleView[] {
  const wanted = new Set(modules);
  return catalogue
    .filter((m) => wanted.has(m.key))
    .map((m) => ({
      key: m.key,
      title: m.title,
      description: m.description,
      fields: m.fields.flatMap((f) => fieldView(f, permissions, stored) ?? []),
    }));
}

/** The settings modules switched on for the caller in their group (spec 000 §3). */
export async function callerModules(
  db: Db,
  caller: Caller,
  features?: EnabledFeature[],
): Promise<ModuleKey[]> {
  return availableModules(
    caller.permissions,
    features ?? (await enabledFeatures(db, caller.groupId)),
    caller.groupId,
  );
}

/** GET /config/catalogue: the caller's modules (or one of them) with fields, values and rights. */
export async function readCatalogue(
  db: Db,
  caller: Caller,
  opts: { module?: ModuleKey; catalogue?: readonly ConfigModuleDefinition[] } = {},
): Promise<ConfigCatalogue> {
  const state = await loadCatalogueState(forGroup(db, caller.groupId));
  const features = state.features.flatMap((name) => {
    const parsed = FeatureFlagSchema.safeParse(name);
    return parsed.success ? [{ group: caller.groupId, feature: parsed.data }] : [];
  });
  const available = await callerModules(db, caller, features);
  const stored = state.entries;
  if (opts.module && !available.includes(opts.module)) throw forbidden(AUTH_TEXTS.forbidden);
  const modules = opts.module ? [opts.module] : available;
  return {
    groupId: caller.groupId,
    modules: buildCatalogueView(
      opts.catalogue ?? CONFIG_CATALOGUE,
      modules,
      caller.permissions,
      stored,
    ),
  };
}
