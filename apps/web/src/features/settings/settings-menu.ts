import type { ModuleKey } from '@callsight/shared';

export interface SettingsItem {
  title: string;
  /** Relative to the settings base; '' is the base itself. */
  path: string;
  module: ModuleKey;
}

export interface SettingsSection {
  title: string;
  items: SettingsItem[];
}

/** The secondary sidebar of the settings area (spec 000 §2.5). */
export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    title: 'CCASS Config',
    items: [
      { title: 'Softphone Settings', path: '', module: 'SOFTPHONE_MODULE' },
      { title: 'Genesys Settings', path: 'genesys', module: 'GENESYS_MODULE' },
      { title: 'NiCE Settings', path: 'nice', module: 'NICE_MODULE' },
    ],
  },
  {
    title: 'Group Settings',
    items: [
      { title: 'Simulate', path: 'simulate', module: 'SIMULATE_MODULE' },
      { title: 'Network Labelling', path: 'network-labelling', module: 'NETWORK_MAPPING_MODULE' },
    ],
  },
  {
    title: 'Integrations',
    items: [
      { title: 'API Management', path: 'api', module: 'API_MODULE' },
      { title: 'AWS Data Sources', path: 'sources', module: 'DATA_SOURCES_MODULE' },
      { title: 'EventBridge', path: 'eventbridge', module: 'EVENTBRIDGE_MODULE' },
    ],
  },
  {
    title: 'Heartbeat',
    items: [
      { title: 'Heartbeat Config', path: 'heartbeat', module: 'HEARTBEAT_MODULE' },
      { title: 'Heartbeat Tagging', path: 'heartbeat-tagging', module: 'GSM_MODULE' },
    ],
  },
  {
    title: 'Extension',
    items: [{ title: 'Alerts', path: 'extension-alerts', module: 'AGENT_ALERTS_MODULE' }],
  },
];

/** Every settings item by module key. */
export const SETTINGS_ITEMS: Record<ModuleKey, SettingsItem> = Object.fromEntries(
  SETTINGS_SECTIONS.flatMap((s) => s.items).map((i) => [i.module, i]),
) as Record<ModuleKey, SettingsItem>;

/** The settings sections with only the items whose module the group's list has. */
export function visibleSections(modules: readonly ModuleKey[]): SettingsSection[] {
  const on = new Set(modules);
  return SETTINGS_SECTIONS.map((s) => ({
    ...s,
    items: s.items.filter((i) => on.has(i.module)),
  })).filter((s) => s.items.length > 0);
}

/** The link of a settings item under the group. */
export function settingsHref(groupId: string, item: Pick<SettingsItem, 'path'>): string {
  return `/${groupId}/configs${item.path ? `/${item.path}` : ''}`;
}
