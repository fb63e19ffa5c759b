import type { HelpPage } from '@callsight/shared/help/schemas';

/** First path segments (after the group) of each page with one of our help articles. */
const BY_SECTION: Record<string, HelpPage> = {
  '': 'dashboard',
  home: 'dashboard',
  dashboard: 'dashboard',
  canvas: 'dashboard',
  explorer: 'explorer',
  call: 'call-detail',
  traces: 'journeys',
  trace: 'journeys',
  workflows: 'workflows',
  history: 'history',
  configs: 'settings',
  campaigns: 'campaigns',
  campaign: 'campaigns',
};

/**
 * The help article of an in-app path (`/{groupId}/...`), or null for a page without one. A call
 * opened over a list (`.../call/{contactId}`) has the call detail's article.
 */
export function helpPageOfPath(pathname: string): HelpPage | null {
  const parts = pathname.split('/').filter(Boolean).slice(1);
  const [section = '', next = ''] = parts;
  if (parts.includes('call') && section === 'explorer') return 'call-detail';
  if (section === 'admin') {
    if (next === 'users' || next === 'user') return 'teammates';
    if (next === 'groups')
      return parts[2]?.startsWith('billing') || parts[2] === 'marketplace' ? 'usage' : 'groups';
    if (next === 'group') return 'groups';
    if (next === 'billing' || next === 'extutil') return 'usage';
    return null;
  }
  return BY_SECTION[section] ?? null;
}
