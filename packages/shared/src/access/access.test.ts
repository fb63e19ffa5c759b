import { describe, expect, it } from 'vitest';
import { canAccess, landingPath, type AccessContext } from './page-access.ts';
import { hasPermission, permissionsFor } from './permissions.ts';
import { availableModules } from './modules.ts';

const G = 'g-1';
const ctx = (permissions: string[], extra: Partial<AccessContext> = {}): AccessContext => ({
  permissions,
  features: [],
  groupId: G,
  heartbeatEnabled: false,
  ...extra,
});

describe('hasPermission', () => {
  it('passes when any held permission is listed or the list has the wildcard', () => {
    expect(hasPermission(['user:viewer'], ['user:admin', 'user:viewer'])).toBe(true);
    expect(hasPermission(['user:user'], ['user:admin', 'user:viewer'])).toBe(false);
    expect(hasPermission([], ['*'])).toBe(true);
  });
  it('super replaces the membership role', () => {
    expect(permissionsFor('viewer', true)).toEqual(['user:super']);
    expect(permissionsFor('admin', false)).toEqual(['user:admin']);
    expect(permissionsFor(null, false)).toEqual([]);
  });
});

describe('canAccess (spec 000 §6)', () => {
  it('Home and History for viewer, admin and super but not user', () => {
    for (const p of ['user:viewer', 'user:admin', 'user:super'])
      expect(canAccess('home', ctx([p]))).toBe(true);
    expect(canAccess('home', ctx(['user:user']))).toBe(false);
    expect(canAccess('history', ctx(['user:user']))).toBe(false);
  });
  it('Workflow and Teammates for admin or super only; Groups for super only', () => {
    expect(canAccess('workflows', ctx(['user:viewer']))).toBe(false);
    expect(canAccess('workflows', ctx(['user:admin']))).toBe(true);
    expect(canAccess('groups', ctx(['user:admin']))).toBe(false);
    expect(canAccess('groups', ctx(['user:super']))).toBe(true);
  });
  it('flags gate Simulate, Journey Explorer and the Dashboards menu for the current group only', () => {
    const other = [{ group: 'g-2', feature: 'simulate' as const }];
    expect(canAccess('simulate', ctx(['user:admin'], { features: other }))).toBe(false);
    expect(
      canAccess('simulate', ctx(['user:admin'], { features: [{ group: G, feature: 'simulate' }] })),
    ).toBe(true);
    expect(canAccess('journeyExplorer', ctx(['user:viewer']))).toBe(false);
    expect(
      canAccess(
        'playbooksMenu',
        ctx(['user:viewer'], { features: [{ group: G, feature: 'embeddedCanvasApi' }] }),
      ),
    ).toBe(true);
  });
  it('heartbeat logs need heartbeat enabled; tests need admin', () => {
    expect(canAccess('heartbeatLogs', ctx(['user:viewer']))).toBe(false);
    expect(canAccess('heartbeatLogs', ctx(['user:viewer'], { heartbeatEnabled: true }))).toBe(true);
    expect(canAccess('heartbeatTests', ctx(['user:viewer'], { heartbeatEnabled: true }))).toBe(
      false,
    );
  });
  it('heartbeat tests, like logs and insights, need heartbeat enabled even for admin and super', () => {
    for (const p of ['user:admin', 'user:super']) {
      for (const page of ['heartbeatTests', 'heartbeatLogs', 'heartbeatInsights'] as const) {
        expect(canAccess(page, ctx([p]))).toBe(false);
        expect(canAccess(page, ctx([p], { heartbeatEnabled: true }))).toBe(true);
      }
    }
  });
});

describe('landingPath (spec 000 §2.2)', () => {
  it('uses a saved redirect longer than one character for viewer, admin and super', () => {
    expect(landingPath(['user:admin'], G, '/g-1/explorer')).toBe('/g-1/explorer');
    expect(landingPath(['user:admin'], G, '/')).toBe('/g-1/dashboard');
    expect(landingPath(['user:viewer'], G, null)).toBe('/g-1/dashboard');
  });
  it('sends other users to the playbooks page', () => {
    expect(landingPath(['user:user'], G, '/g-1/explorer')).toBe('/g-1/playbooks');
  });
});

describe('availableModules (spec 000 §3)', () => {
  it('viewer gets the always-on modules only', () => {
    expect(availableModules(['user:viewer'], [], G)).toEqual([
      'SOFTPHONE_MODULE',
      'GENESYS_MODULE',
      'NICE_MODULE',
      'DATA_SOURCES_MODULE',
      'AGENT_ALERTS_MODULE',
    ]);
  });
  it('admin adds network mapping and API; super adds GSM and heartbeat; flags add simulate and eventbridge', () => {
    expect(availableModules(['user:admin'], [], G)).toContain('API_MODULE');
    expect(availableModules(['user:admin'], [], G)).not.toContain('GSM_MODULE');
    expect(availableModules(['user:super'], [], G)).toEqual(
      expect.arrayContaining(['GSM_MODULE', 'HEARTBEAT_MODULE', 'NETWORK_MAPPING_MODULE']),
    );
    const flags = [
      { group: G, feature: 'simulate' as const },
      { group: G, feature: 'eventbridge' as const },
    ];
    expect(availableModules(['user:viewer'], flags, G)).toEqual(
      expect.arrayContaining(['SIMULATE_MODULE', 'EVENTBRIDGE_MODULE']),
    );
  });
});
