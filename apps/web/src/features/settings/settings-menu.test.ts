import { describe, expect, it } from 'vitest';
import { MODULE_KEYS } from '@callsight/shared';
import { SETTINGS_ITEMS, settingsHref, visibleSections } from './settings-menu.ts';

describe('settings menu (spec 000 §2.5)', () => {
  it('has one item per module with the spec paths', () => {
    expect(Object.keys(SETTINGS_ITEMS).sort()).toEqual([...MODULE_KEYS].sort());
    expect(Object.values(SETTINGS_ITEMS).map((i) => i.path)).toEqual([
      '',
      'genesys',
      'nice',
      'simulate',
      'network-labelling',
      'api',
      'sources',
      'eventbridge',
      'heartbeat',
      'heartbeat-tagging',
      'extension-alerts',
    ]);
    expect(settingsHref('g-1', SETTINGS_ITEMS.SOFTPHONE_MODULE)).toBe('/g-1/configs');
    expect(settingsHref('g-1', SETTINGS_ITEMS.GSM_MODULE)).toBe('/g-1/configs/heartbeat-tagging');
  });
  it('shows only items whose module is in the list, and drops empty sections', () => {
    const sections = visibleSections([
      'SOFTPHONE_MODULE',
      'DATA_SOURCES_MODULE',
      'AGENT_ALERTS_MODULE',
    ]);
    expect(sections.map((s) => [s.title, s.items.map((i) => i.title)])).toEqual([
      ['CCASS Config', ['Softphone Settings']],
      ['Integrations', ['AWS Data Sources']],
      ['Extension', ['Alerts']],
    ]);
  });
});
