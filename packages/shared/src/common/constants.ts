/** Business constants of spec 000 §9 used by the shell. */
export const SHELL = {
  snackbarAutoHideMs: 100000,
  snackbarFadeMs: 800,
  copyFeedbackMs: 2000,
  tokenRenewBeforeExpirySeconds: 600,
  analyticsStartDelayMs: 1500,
  initialProfileLoadDelayMs: 400,
  submitReenablePollMs: 100,
  helpButtonAutoHideMs: 30000,
  helpButtonFadeMs: 500,
  helpButtonReevaluateMs: 500,
  groupInitialsLength: 2,
  defaultRegion: 'ap-southeast-2',
  dateFormat: 'DD-MM-YYYY HH:mm:ss',
} as const;

/** Local storage keys of spec 000 §3. */
export const STORAGE_KEYS = {
  state: 'state',
  isLoggedIn: 'isLoggedIn',
  sidebarExpanded: 'sidebarExpanded',
  tokenExpiry: 'tokenExpiry',
  currentRoleId: 'currentRoleId',
} as const;

/**
 * The header naming the team (data role) a request reads call data under: the web app sends its
 * currentRoleId (decision T2). Lower case, as Node's request headers are.
 */
export const TEAM_HEADER = 'x-team-id';

/** Dashboard default filter of spec 000 §2.2. */
export const DASHBOARD_DEFAULT_FILTER = {
  refreshInterval: 10000,
  range: 'Last 15 minutes',
  refreshRate: 5000,
  autoRefresh: true,
} as const;

/** Regional URL prefix: empty for the default region, otherwise a dash plus the region. */
export function regionalPrefix(region: string): string {
  return region === SHELL.defaultRegion ? '' : `-${region}`;
}

/** Initials for a group icon: first letters of the first two words, or two letters of one word. */
export function groupInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return (words[0] ?? '').slice(0, SHELL.groupInitialsLength).toUpperCase();
  return words
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
}
