import { describe, expect, it } from 'vitest';
import { helpPageOfPath } from './help-pages.ts';

describe('helpPageOfPath', () => {
  it('names our article of each first-half page, and none elsewhere', () => {
    const cases: [string, string | null][] = [
      ['/g1', 'dashboard'],
      ['/g1/home', 'dashboard'],
      ['/g1/canvas/technology', 'dashboard'],
      ['/g1/explorer/calls', 'explorer'],
      ['/g1/explorer/logs', 'explorer'],
      ['/g1/explorer/calls/call/c-1/summary', 'call-detail'],
      ['/g1/call/c-1', 'call-detail'],
      ['/g1/traces', 'journeys'],
      ['/g1/trace/abc/span/def/charts', 'journeys'],
      ['/g1/workflows', 'workflows'],
      ['/g1/campaigns', 'campaigns'],
      ['/g1/campaign/view/c1/r1', 'campaigns'],
      ['/g1/history/lists', 'history'],
      ['/g1/configs/network-labelling', 'settings'],
      ['/g1/admin/users', 'teammates'],
      ['/g1/admin/user/0', 'teammates'],
      ['/g1/admin/groups/archived', 'groups'],
      ['/g1/admin/group/g2/member/0', 'groups'],
      ['/g1/admin/billing', 'usage'],
      ['/g1/admin/extutil', 'usage'],
      ['/g1/admin/groups/billing', 'usage'],
      ['/g1/admin/groups/marketplace', 'usage'],
      ['/g1/gsm/monitors', null],
      ['/g1/profile', null],
    ];
    for (const [path, page] of cases) expect(helpPageOfPath(path), path).toBe(page);
  });
});
