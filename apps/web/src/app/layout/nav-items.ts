import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircleRoundedIcon from '@mui/icons-material/AccountCircleRounded';
import AccountTreeRoundedIcon from '@mui/icons-material/AccountTreeRounded';
import CampaignRoundedIcon from '@mui/icons-material/CampaignRounded';
import CellTowerRoundedIcon from '@mui/icons-material/CellTowerRounded';
import CorporateFareRoundedIcon from '@mui/icons-material/CorporateFareRounded';
import DashboardCustomizeRoundedIcon from '@mui/icons-material/DashboardCustomizeRounded';
import DataUsageRoundedIcon from '@mui/icons-material/DataUsageRounded';
import ExtensionRoundedIcon from '@mui/icons-material/ExtensionRounded';
import FactCheckRoundedIcon from '@mui/icons-material/FactCheckRounded';
import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import HomeRoundedIcon from '@mui/icons-material/HomeRounded';
import InsightsRoundedIcon from '@mui/icons-material/InsightsRounded';
import ListAltRoundedIcon from '@mui/icons-material/ListAltRounded';
import LogoutRoundedIcon from '@mui/icons-material/LogoutRounded';
import ManageSearchRoundedIcon from '@mui/icons-material/ManageSearchRounded';
import MapRoundedIcon from '@mui/icons-material/MapRounded';
import MonitorHeartRoundedIcon from '@mui/icons-material/MonitorHeartRounded';
import QueryStatsRoundedIcon from '@mui/icons-material/QueryStatsRounded';
import ReceiptLongRoundedIcon from '@mui/icons-material/ReceiptLongRounded';
import RouteRoundedIcon from '@mui/icons-material/RouteRounded';
import SettingsRoundedIcon from '@mui/icons-material/SettingsRounded';
import SpaceDashboardRoundedIcon from '@mui/icons-material/SpaceDashboardRounded';
import { canAccess, type AccessContext, type PageKey } from '@callsight/shared';
import { paths } from '../../lib/paths.ts';

/** Badges on canvas entries (spec 000 §2.4). */
export type NavBadge = 'Optimize' | 'Investigate' | 'Admin';

/** A link of the sidebar; `slug` gives its test id `nav-<slug>`. */
export interface NavLink {
  kind: 'link';
  slug: string;
  label: string;
  page: PageKey;
  href: (groupId: string) => string;
  icon?: SvgIconComponent;
  badge?: NavBadge;
  isNew?: boolean;
  /** Other paths (relative to the group) for which this entry is the current one. */
  alsoActive?: readonly string[];
  /** A canvas dashboard's key: shown only when the user's team may open it (spec 002 §6). */
  canvasKey?: string;
}

/** A heading over links (Explorer, Heartbeat, GSM, Tools, Technology, Operations). */
export interface NavSection {
  kind: 'section';
  slug: string;
  label: string;
  icon?: SvgIconComponent;
  children: readonly NavLink[];
}

/** A collapsible entry holding links and sections (Canvas). */
export interface NavMenu {
  kind: 'menu';
  slug: string;
  label: string;
  icon: SvgIconComponent;
  children: readonly (NavLink | NavSection)[];
}

export type NavEntry = NavLink | NavSection | NavMenu;

const canvas = (
  slug: string,
  label: string,
  badge?: NavBadge,
  extra: Partial<NavLink> = {},
): NavLink => ({
  kind: 'link',
  slug: `canvas-${slug}`,
  label,
  page: 'canvas',
  href: (g) => paths.canvas.getHref(g, slug),
  canvasKey: slug,
  badge,
  ...extra,
});

/** The main menu, top to bottom (spec 000 §2.4). */
export const MAIN_NAV: readonly NavEntry[] = [
  {
    kind: 'link',
    slug: 'home',
    label: 'Home',
    page: 'home',
    icon: HomeRoundedIcon,
    href: paths.dashboard.getHref,
    alsoActive: ['home', ''],
  },
  {
    kind: 'menu',
    slug: 'canvas',
    label: 'Canvas',
    icon: InsightsRoundedIcon,
    children: [
      canvas('default', 'Overview'),
      {
        kind: 'section',
        slug: 'technology',
        label: 'Technology',
        children: [
          canvas('technology', 'Networks, Applications and Equipment', 'Optimize'),
          canvas('issues', 'Reported Issues and Insights', 'Investigate'),
          canvas('calloverview', 'Call Overview', 'Optimize'),
          canvas('agentoverview', 'Agent Overview', 'Optimize'),
          canvas('comparison', 'Cohort Comparison', 'Investigate'),
          canvas('logserrors', 'Logs and Errors', 'Investigate'),
          canvas('coverage', 'Collection Coverage', 'Admin', { page: 'canvasAdmin', isNew: true }),
        ],
      },
      {
        kind: 'section',
        slug: 'operations',
        label: 'Operations',
        children: [
          canvas('agentinteractions', 'Agent Interactions', 'Optimize'),
          canvas('customerexperience', 'Customer Experience', 'Optimize'),
          canvas('conversationanalytics', 'Conversational Analytics', 'Optimize'),
        ],
      },
      canvas('list', 'All Dashboards'),
    ],
  },
  {
    kind: 'link',
    slug: 'dashboards',
    label: 'Dashboards',
    page: 'playbooksMenu',
    icon: SpaceDashboardRoundedIcon,
    href: paths.playbooks.getHref,
  },
  {
    kind: 'section',
    slug: 'explorer',
    label: 'Explorer',
    children: [
      {
        kind: 'link',
        slug: 'explorer',
        label: 'Calls and Logs',
        page: 'explorer',
        icon: ManageSearchRoundedIcon,
        href: paths.explorer.getHref,
        alsoActive: ['call'],
      },
      {
        kind: 'link',
        slug: 'journey-explorer',
        label: 'Journey Explorer',
        page: 'journeyExplorer',
        icon: RouteRoundedIcon,
        href: paths.traces.getHref,
        alsoActive: ['trace'],
      },
    ],
  },
  {
    kind: 'section',
    slug: 'heartbeat',
    label: 'Heartbeat',
    children: [
      {
        kind: 'link',
        slug: 'heartbeat-insights',
        label: 'Heartbeat',
        page: 'heartbeatInsights',
        icon: MonitorHeartRoundedIcon,
        href: paths.heartbeatInsights.getHref,
      },
      {
        kind: 'link',
        slug: 'heartbeat-tests',
        label: 'Tests',
        page: 'heartbeatTests',
        icon: FactCheckRoundedIcon,
        href: paths.heartbeatTests.getHref,
      },
      {
        kind: 'link',
        slug: 'heartbeat-logs',
        label: 'Logs',
        page: 'heartbeatLogs',
        icon: ReceiptLongRoundedIcon,
        href: paths.heartbeatLogs.getHref,
        // A job's report belongs to the logs (its breadcrumb: Heartbeat > Logs > job).
        alsoActive: ['gsm/heartbeat/jobs'],
      },
    ],
  },
  {
    // Not in spec 000 §2.4's list: the GSM pages of spec 002 §2.1-2.5, for super users (the
    // GSM module's gate), after Heartbeat (issue 33).
    kind: 'section',
    slug: 'gsm',
    label: 'GSM',
    children: [
      {
        kind: 'link',
        slug: 'gsm-monitors',
        label: 'Monitors',
        page: 'gsm',
        icon: CellTowerRoundedIcon,
        href: paths.gsmMonitors.getHref,
        // A job's report belongs to the monitors (its breadcrumb: GSM > Monitors > job).
        alsoActive: ['gsm/jobs'],
      },
      {
        kind: 'link',
        slug: 'gsm-logs',
        label: 'Logs',
        page: 'gsm',
        icon: ListAltRoundedIcon,
        href: paths.gsmLogs.getHref,
      },
      {
        kind: 'link',
        slug: 'gsm-insights',
        label: 'Insights',
        page: 'gsm',
        icon: QueryStatsRoundedIcon,
        href: paths.gsmInsights.getHref,
      },
      {
        kind: 'link',
        slug: 'gsm-status',
        label: 'Status Map',
        page: 'gsm',
        icon: MapRoundedIcon,
        href: paths.gsmStatus.getHref,
      },
    ],
  },
  {
    kind: 'section',
    slug: 'tools',
    label: 'Tools',
    children: [
      {
        kind: 'link',
        slug: 'workflows',
        label: 'Workflow',
        page: 'workflows',
        icon: AccountTreeRoundedIcon,
        href: paths.workflows.getHref,
      },
      {
        kind: 'link',
        slug: 'simulate',
        label: 'Simulate',
        page: 'simulate',
        icon: CampaignRoundedIcon,
        href: paths.campaigns.getHref,
        alsoActive: ['campaign'],
      },
      {
        kind: 'link',
        slug: 'history',
        label: 'History',
        page: 'history',
        icon: HistoryRoundedIcon,
        href: paths.history.getHref,
      },
    ],
  },
];

/** The bottom menu, shown only while the sidebar is expanded. */
export const BOTTOM_NAV: readonly NavLink[] = [
  {
    kind: 'link',
    slug: 'teammates',
    label: 'Teammates',
    page: 'teammates',
    icon: GroupsRoundedIcon,
    href: paths.teammates.getHref,
    alsoActive: ['admin/user'],
  },
  {
    kind: 'link',
    slug: 'group-settings',
    label: 'Group Settings',
    page: 'configs',
    icon: SettingsRoundedIcon,
    href: paths.configs.getHref,
  },
  {
    kind: 'link',
    slug: 'coverage',
    label: 'Coverage',
    page: 'coverage',
    icon: ExtensionRoundedIcon,
    href: paths.coverage.getHref,
  },
  {
    kind: 'link',
    slug: 'usage',
    label: 'Usage',
    page: 'usage',
    icon: DataUsageRoundedIcon,
    href: paths.usage.getHref,
  },
  {
    kind: 'link',
    slug: 'dashboard-manager',
    label: 'Dashboard Manager',
    page: 'dashboardManager',
    icon: DashboardCustomizeRoundedIcon,
    href: paths.dashboardManager.getHref,
  },
  {
    kind: 'link',
    slug: 'groups',
    label: 'Groups',
    page: 'groups',
    icon: CorporateFareRoundedIcon,
    href: paths.groups.getHref,
    alsoActive: ['admin/group'],
  },
];

/** Profile, always at the very bottom (followed by Logout, which is an action). */
export const PROFILE_NAV: NavLink = {
  kind: 'link',
  slug: 'profile',
  label: 'Profile',
  page: 'profile',
  icon: AccountCircleRoundedIcon,
  href: paths.profile.getHref,
};

export const LOGOUT_ICON = LogoutRoundedIcon;
export const LOGOUT_LABEL = 'Logout';

/** Keeps the entries the caller may open; sections and menus with nothing left disappear. */
export function filterNav(
  entries: readonly NavEntry[],
  ctx: AccessContext,
  /** Whether the user's team may open a link's dashboard (default: every one). */
  teamMayOpen: (link: NavLink) => boolean = () => true,
): NavEntry[] {
  const shown = (link: NavLink) => canAccess(link.page, ctx) && teamMayOpen(link);
  const out: NavEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link') {
      if (shown(entry)) out.push(entry);
    } else if (entry.kind === 'section') {
      const children = entry.children.filter(shown);
      if (children.length > 0) out.push({ ...entry, children });
    } else {
      const children = filterNav(entry.children, ctx, teamMayOpen) as (NavLink | NavSection)[];
      if (children.length > 0) out.push({ ...entry, children });
    }
  }
  return out;
}

/** What the sidebar shows for a caller: main entries, the bottom menu (expanded only) and Profile. */
export function visibleNav(
  ctx: AccessContext,
  expanded: boolean,
  teamMayOpen?: (link: NavLink) => boolean,
) {
  return {
    main: filterNav(MAIN_NAV, ctx, teamMayOpen),
    bottom: expanded ? (filterNav(BOTTOM_NAV, ctx) as NavLink[]) : [],
    profile: canAccess(PROFILE_NAV.page, ctx) ? PROFILE_NAV : null,
  };
}

/** Every link in display order (menus flattened), for the active-entry match and tests. */
export function flattenLinks(entries: readonly NavEntry[]): NavLink[] {
  return entries.flatMap((e) => (e.kind === 'link' ? [e] : flattenLinks(e.children)));
}

/**
 * The entry matching a path best: the longest of its href or alsoActive prefixes that the
 * path (relative to the group) starts with, segment by segment.
 */
export function activeSlug(
  links: readonly NavLink[],
  groupId: string,
  pathname: string,
): string | null {
  const prefix = `/${groupId}`;
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length).replace(/^\/+|\/+$/g, '');
  let best: { slug: string; length: number } | null = null;
  for (const link of links) {
    const own = link
      .href(groupId)
      .slice(prefix.length)
      .replace(/^\/+|\/+$/g, '');
    for (const candidate of [own, ...(link.alsoActive ?? [])]) {
      const matches =
        candidate === '' ? rest === '' : rest === candidate || rest.startsWith(`${candidate}/`);
      if (matches && (!best || candidate.length > best.length))
        best = { slug: link.slug, length: candidate.length };
    }
  }
  return best?.slug ?? null;
}
