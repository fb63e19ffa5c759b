import { hasPermission, ACCESS } from './permissions.ts';
import { isFeatureEnabled, type EnabledFeature } from './features.ts';

/** Settings modules (spec 000 §2.5) and when each is on (spec 000 §3). */
export const MODULE_KEYS = [
  'SOFTPHONE_MODULE',
  'GENESYS_MODULE',
  'NICE_MODULE',
  'SIMULATE_MODULE',
  'NETWORK_MAPPING_MODULE',
  'API_MODULE',
  'DATA_SOURCES_MODULE',
  'EVENTBRIDGE_MODULE',
  'HEARTBEAT_MODULE',
  'GSM_MODULE',
  'AGENT_ALERTS_MODULE',
] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

/** The modules switched on for a caller in a group. */
export function availableModules(
  permissions: readonly string[],
  features: readonly EnabledFeature[],
  groupId: string,
): ModuleKey[] {
  const isAdmin = hasPermission(permissions, ACCESS.adminSuper);
  const isSuper = hasPermission(permissions, ACCESS.superOnly);
  const on: Record<ModuleKey, boolean> = {
    SOFTPHONE_MODULE: true,
    GENESYS_MODULE: true,
    NICE_MODULE: true,
    DATA_SOURCES_MODULE: true,
    AGENT_ALERTS_MODULE: true,
    SIMULATE_MODULE: isFeatureEnabled(features, groupId, 'simulate'),
    NETWORK_MAPPING_MODULE: isAdmin,
    API_MODULE: isAdmin,
    GSM_MODULE: isSuper,
    HEARTBEAT_MODULE: isSuper,
    EVENTBRIDGE_MODULE: isFeatureEnabled(features, groupId, 'eventbridge'),
  };
  return MODULE_KEYS.filter((k) => on[k]);
}
