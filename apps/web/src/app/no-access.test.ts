import { describe, expect, it } from 'vitest';
import { accessFor, GROUP_ID } from '../test/factories.ts';
import { noAccessMessage } from './no-access.ts';

const GROUP = 'Acme Support';

describe('noAccessMessage: why a page refused the caller', () => {
  it('names the roles the page is for and the caller role in the group', () => {
    expect(noAccessMessage('teammates', accessFor('user:viewer'), GROUP)).toBe(
      'You do not have access to that page. It is for Group Admins; your role in Acme Support is Group Viewer.',
    );
    expect(noAccessMessage('groups', accessFor('user:admin'), GROUP)).toBe(
      'You do not have access to that page. It is for platform administrators; your role in Acme Support is Group Admin.',
    );
    expect(noAccessMessage('explorer', accessFor('user:user'), GROUP)).toBe(
      'You do not have access to that page. It is for Group Viewers and Group Admins; your role in Acme Support is Group User.',
    );
    expect(
      noAccessMessage('workflows', { ...accessFor('user:viewer'), permissions: [] }, GROUP),
    ).toBe(
      'You do not have access to that page. It is for Group Admins; you have no role in Acme Support.',
    );
  });

  it('names the feature that is off for the group, only this group counting', () => {
    // accessFor turns journeyExplorer on for another group: it must not count here.
    expect(noAccessMessage('journeyExplorer', accessFor('user:admin'), GROUP)).toBe(
      'You do not have access to that page. Journey Explorer is not turned on for Acme Support.',
    );
    expect(noAccessMessage('simulate', accessFor('user:admin'), GROUP)).toBe(
      'You do not have access to that page. Simulate is not turned on for Acme Support.',
    );
    expect(noAccessMessage('heartbeatLogs', accessFor('user:viewer'), GROUP)).toBe(
      'You do not have access to that page. Heartbeat is not turned on for Acme Support.',
    );
  });

  it('answers null for a page the caller may open, and the role before the feature', () => {
    const on = accessFor('user:admin', { flags: ['journeyExplorer'], heartbeat: true });
    expect(on.groupId).toBe(GROUP_ID);
    for (const page of ['journeyExplorer', 'teammates', 'heartbeatLogs', 'workflows'] as const)
      expect(noAccessMessage(page, on, GROUP), page).toBeNull();
    expect(noAccessMessage('simulate', accessFor('user:viewer'), GROUP)).toContain(
      'It is for Group Admins',
    );
  });
});
