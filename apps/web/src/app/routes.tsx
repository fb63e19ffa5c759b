import type { ReactNode } from 'react';
import { useParams, type RouteObject } from 'react-router';
import { canAccess, isCanvasKey, type PageKey } from '@callsight/shared';
import { paths } from '../lib/paths.ts';
import { RequireSession } from '../features/session/components/require-session.tsx';
import { LoginPage } from '../features/session/pages/login-page.tsx';
import { EmbedDashboardPage } from '../features/canvas/embed/embed-dashboard-page.tsx';
import { CallbackPage } from '../features/session/pages/callback-page.tsx';
import { FallbackPage } from '../features/session/pages/fallback-page.tsx';
import { SubscriptionPage } from '../features/subscription/pages/subscription-page.tsx';
import { ActivatedPage } from '../features/subscription/pages/activated-page.tsx';
import { SubscriptionSuccessPage } from '../features/subscription/pages/subscription-success-page.tsx';
import { HomePage } from '../features/home/pages/home-page.tsx';
import {
  CanvasIndexRedirect,
  CanvasPage,
  splitCallPath,
} from '../features/canvas/pages/canvas-page.tsx';
import { CANVAS_LABELS } from '../features/canvas/canvas-labels.ts';
import { SettingsLayout } from '../features/settings/components/settings-layout.tsx';
import { SettingsModuleGate } from '../features/settings/components/settings-module-gate.tsx';
import { ConfigModulePage } from '../features/settings/pages/config-module-page.tsx';
import { NetworkLabelsPage } from '../features/network-labels/pages/network-labels-page.tsx';
import { HeartbeatTaggingPage } from '../features/heartbeat-tagging/pages/heartbeat-tagging-page.tsx';
import { ApiKeysPage } from '../features/api-keys/pages/api-keys-page.tsx';
import { EventBridgePage } from '../features/eventbridge/pages/eventbridge-page.tsx';
import { CampaignsPage } from '../features/campaigns/pages/campaigns-page.tsx';
import { CampaignHistoryPage } from '../features/campaigns/pages/campaign-history-page.tsx';
import { CampaignRunPage } from '../features/campaigns/pages/campaign-run-page.tsx';
import { HistoryPage } from '../features/history/pages/history-page.tsx';
import { WorkflowsPage } from '../features/workflows/pages/workflows-page.tsx';
import { ProfilePage } from '../features/profile/pages/profile-page.tsx';
import { TeammatesPage } from '../features/teammates/pages/teammates-page.tsx';
import { TeammatePage } from '../features/teammates/pages/teammate-page.tsx';
import { AddGroupMemberPage } from '../features/teammates/pages/add-group-member-page.tsx';
import { UsagePage } from '../features/usage/pages/usage-page.tsx';
import { DashboardManagerPage } from '../features/dashboard-manager/pages/dashboard-manager-page.tsx';
import { GroupManagementPage } from '../features/group-admin/pages/group-management-page.tsx';
import { GroupFormPage } from '../features/group-admin/pages/group-form-page.tsx';
import { CoveragePage } from '../features/coverage/pages/coverage-page.tsx';
import { GsmJobReportPage } from '../features/gsm/pages/gsm-job-report-page.tsx';
import { GsmLogsPage } from '../features/gsm/pages/gsm-logs-page.tsx';
import { GsmMonitorsPage } from '../features/gsm/pages/gsm-monitors-page.tsx';
import { GsmInsightsPage } from '../features/gsm/pages/gsm-insights-page.tsx';
import { GsmStatusPage } from '../features/gsm/pages/gsm-status-page.tsx';
import { HeartbeatInsightsPage } from '../features/heartbeat/pages/heartbeat-insights-page.tsx';
import { HeartbeatTestsPage } from '../features/heartbeat/pages/heartbeat-tests-page.tsx';
import { HeartbeatJobReportPage } from '../features/heartbeat/pages/heartbeat-job-report-page.tsx';
import { HeartbeatLogsPage } from '../features/heartbeat/pages/heartbeat-logs-page.tsx';
import { CallPage } from '../features/call/pages/call-page.tsx';
import { ExplorerPage } from '../features/explorer/pages/explorer-page.tsx';
import { JourneyExplorerPage } from '../features/journeys/pages/journey-explorer-page.tsx';
import { TracePage } from '../features/journeys/pages/trace-page.tsx';
import { PlaybooksPage } from '../features/playbooks/pages/playbooks-page.tsx';
import { DemoSoftphonePage } from '../features/demo-softphone/pages/demo-softphone-page.tsx';
import { GroupRoute, LandingRedirect } from './group-route.tsx';
import { NotFoundNotice } from './not-found.tsx';
import { PageGate } from './page-gate.tsx';
import { RouteError } from './route-error.tsx';
import { HELP_ARTICLES, canvasHelpArticle } from './help-articles.ts';
import type { Crumb, RouteHandle } from './route-handle.ts';

const gated = (page: PageKey, element: ReactNode) => <PageGate page={page}>{element}</PageGate>;
const crumbs =
  (...items: Crumb[]): RouteHandle['crumbs'] =>
  () =>
    items;

/** Collection Coverage is an admin dashboard (spec 000 §2.4); every other key needs the canvas gate. */
function CanvasRoute() {
  const { key } = useParams();
  return gated(key === 'coverage' ? 'canvasAdmin' : 'canvas', <CanvasPage />);
}

function InGroupNotFound() {
  const { groupId = '' } = useParams();
  return <NotFoundNotice groupId={groupId} />;
}

const home: RouteHandle = { crumbs: crumbs({ label: 'Home' }), help: () => HELP_ARTICLES.home };
const journey = { label: 'Journey Explorer', to: 'traces' } satisfies Crumb;
const traceHandle: RouteHandle = {
  crumbs: (p) => [
    journey,
    { dynamicKey: 'trace', to: `traces/trace/${p.traceId ?? ''}` },
    ...(p.spanId ? [{ dynamicKey: 'span' }] : []),
  ],
};
const simulate = { label: 'Simulate', to: 'campaigns' } satisfies Crumb;
const groupsCrumb = { label: 'Groups', to: 'admin/groups', page: 'groups' } satisfies Crumb;
const teammatesCrumb = { label: 'Teammates', to: 'admin/users', page: 'teammates' } satisfies Crumb;
const heartbeat = { label: 'Heartbeat' } satisfies Crumb;
const gsm = { label: 'GSM' } satisfies Crumb;
const settingsCrumb = { label: 'Group Settings', to: 'configs' } satisfies Crumb;
const setting = (label: string): RouteHandle => ({ crumbs: crumbs(settingsCrumb, { label }) });

/** The screens under `/:groupId` (spec 000 §2.1), each bound to its gate in PAGE_GATES. */
export const groupRoutes: RouteObject[] = [
  { index: true, element: gated('home', <HomePage />), handle: home },
  { path: paths.home.path, element: gated('home', <HomePage />), handle: home },
  { path: paths.dashboard.path, element: gated('home', <HomePage />), handle: home },
  { path: paths.canvasRoot.path, element: gated('canvas', <CanvasIndexRedirect />) },
  {
    path: paths.canvas.path,
    element: <CanvasRoute />,
    handle: {
      crumbs: (p) => [
        { label: 'Canvas', to: 'canvas/default' },
        {
          label:
            p.key && isCanvasKey(p.key) && !splitCallPath(p['*'] ?? '').rest
              ? CANVAS_LABELS[p.key]
              : 'Embedded Dashboard',
        },
      ],
      help: (p) => canvasHelpArticle(p.key),
    } satisfies RouteHandle,
  },
  {
    // The settings area (spec 000 §2.5): one nested route per item of its secondary sidebar.
    path: 'configs',
    element: gated('configs', <SettingsLayout />),
    handle: { crumbs: crumbs({ label: 'Group Settings' }) },
    children: [
      {
        index: true,
        element: <ConfigModulePage module="SOFTPHONE_MODULE" />,
        handle: setting('Softphone Settings'),
      },
      {
        path: 'genesys',
        element: <ConfigModulePage module="GENESYS_MODULE" />,
        handle: setting('Genesys Settings'),
      },
      {
        path: 'nice',
        element: <ConfigModulePage module="NICE_MODULE" />,
        handle: setting('NiCE Settings'),
      },
      {
        path: 'simulate',
        element: <ConfigModulePage module="SIMULATE_MODULE" />,
        handle: setting('Simulate'),
      },
      {
        path: 'network-labelling',
        element: (
          <SettingsModuleGate module="NETWORK_MAPPING_MODULE">
            <NetworkLabelsPage />
          </SettingsModuleGate>
        ),
        handle: setting('Network Labelling'),
      },
      {
        path: 'api',
        element: (
          <SettingsModuleGate module="API_MODULE">
            <ApiKeysPage />
          </SettingsModuleGate>
        ),
        handle: setting('API Management'),
      },
      {
        path: 'sources',
        element: <ConfigModulePage module="DATA_SOURCES_MODULE" />,
        handle: setting('AWS Data Sources'),
      },
      {
        path: 'eventbridge',
        element: (
          <SettingsModuleGate module="EVENTBRIDGE_MODULE">
            <EventBridgePage />
          </SettingsModuleGate>
        ),
        handle: setting('EventBridge'),
      },
      {
        path: 'heartbeat',
        element: <ConfigModulePage module="HEARTBEAT_MODULE" />,
        handle: setting('Heartbeat Config'),
      },
      {
        path: 'heartbeat-tagging',
        element: (
          <SettingsModuleGate module="GSM_MODULE">
            <HeartbeatTaggingPage />
          </SettingsModuleGate>
        ),
        handle: setting('Heartbeat Tagging'),
      },
      {
        path: 'extension-alerts',
        element: <ConfigModulePage module="AGENT_ALERTS_MODULE" />,
        handle: setting('Alerts'),
      },
    ],
  },
  {
    path: paths.campaigns.path,
    element: gated('simulate', <CampaignsPage />),
    handle: { crumbs: crumbs({ label: 'Simulate' }) },
  },
  {
    path: paths.campaignStart.path,
    element: gated('simulate', <CampaignsPage />),
    handle: { crumbs: crumbs({ label: 'Simulate' }) },
  },
  {
    path: paths.campaignHistory.path,
    element: gated('simulate', <CampaignHistoryPage />),
    handle: { crumbs: crumbs(simulate, { dynamicKey: 'campaign' }) },
  },
  {
    path: paths.campaignRun.path,
    element: gated('simulate', <CampaignRunPage />),
    handle: {
      crumbs: (p) => [
        simulate,
        { dynamicKey: 'campaign', to: `campaign/history/${p.campaignId ?? ''}` },
        { dynamicKey: 'campaignRun' },
      ],
    } satisfies RouteHandle,
  },
  {
    path: paths.history.path,
    element: gated('history', <HistoryPage />),
    handle: { crumbs: crumbs({ label: 'History' }) },
  },
  {
    path: paths.workflows.path,
    element: gated('workflows', <WorkflowsPage />),
    handle: { crumbs: crumbs({ label: 'Workflows' }) },
  },
  {
    path: paths.profile.path,
    element: gated('profile', <ProfilePage />),
    handle: { crumbs: crumbs({ label: 'Profile' }) },
  },
  {
    path: paths.teammates.path,
    element: gated('teammates', <TeammatesPage />),
    handle: { crumbs: crumbs({ label: 'Teammates' }) },
  },
  {
    path: paths.teammate.path,
    element: gated('teammates', <TeammatePage />),
    handle: {
      crumbs: (p) => [
        teammatesCrumb,
        p.id === '0' ? { label: 'New Teammate' } : { dynamicKey: 'teammate' },
      ],
    } satisfies RouteHandle,
  },
  {
    // /admin/user without an id is a new teammate too (spec 001 §2).
    path: 'admin/user',
    element: gated('teammates', <TeammatePage />),
    handle: {
      crumbs: crumbs(teammatesCrumb, { label: 'New Teammate' }),
    },
  },
  {
    path: paths.groupMemberNew.path,
    element: gated('teammates', <AddGroupMemberPage />),
    handle: {
      // Through Groups for those who may open it; a Group Admin comes from Teammates.
      crumbs: (p, access) =>
        canAccess('groups', access)
          ? [
              groupsCrumb,
              {
                dynamicKey: 'memberGroup',
                to: `admin/group/${p.memberGroupId ?? ''}`,
                page: 'groups',
              },
              { label: 'Add Teammate' },
            ]
          : [teammatesCrumb, { label: 'Add Teammate' }],
    } satisfies RouteHandle,
  },
  {
    path: paths.usage.path,
    element: gated('usage', <UsagePage />),
    handle: { crumbs: crumbs({ label: 'Usage' }) },
  },
  {
    path: paths.dashboardManager.path,
    element: gated('dashboardManager', <DashboardManagerPage />),
    handle: { crumbs: crumbs({ label: 'Dashboard Manager' }) },
  },
  {
    path: paths.groups.path,
    element: gated('groups', <GroupManagementPage />),
    handle: { crumbs: crumbs({ label: 'Groups' }) },
  },
  {
    path: paths.groupEdit.path,
    element: gated('groups', <GroupFormPage />),
    handle: {
      crumbs: (p) => [groupsCrumb, p.id === '0' ? { label: 'New Group' } : { dynamicKey: 'group' }],
    } satisfies RouteHandle,
  },
  {
    path: paths.coverage.path,
    element: gated('coverage', <CoveragePage />),
    handle: { crumbs: crumbs({ label: 'Coverage' }) },
  },
  {
    path: paths.gsmJobReport.path,
    element: gated('gsm', <GsmJobReportPage />),
    handle: {
      crumbs: crumbs(gsm, { label: 'Monitors', to: 'gsm/monitors' }, { dynamicKey: 'gsmJob' }),
    },
  },
  {
    path: paths.gsmLogs.path,
    element: gated('gsm', <GsmLogsPage />),
    handle: { crumbs: crumbs(gsm, { label: 'Logs' }) },
  },
  {
    path: paths.gsmMonitors.path,
    element: gated('gsm', <GsmMonitorsPage />),
    handle: { crumbs: crumbs(gsm, { label: 'Monitors' }) },
  },
  {
    path: paths.gsmInsights.path,
    element: gated('gsm', <GsmInsightsPage />),
    handle: { crumbs: crumbs(gsm, { label: 'Insights' }) },
  },
  {
    path: paths.gsmStatus.path,
    element: gated('gsm', <GsmStatusPage />),
    handle: { crumbs: crumbs(gsm, { label: 'Status Map' }) },
  },
  {
    path: paths.heartbeatInsights.path,
    element: gated('heartbeatInsights', <HeartbeatInsightsPage />),
    handle: { crumbs: crumbs(heartbeat, { label: 'Insights' }) },
  },
  {
    path: paths.heartbeatTests.path,
    element: gated('heartbeatTests', <HeartbeatTestsPage />),
    handle: { crumbs: crumbs(heartbeat, { label: 'Tests' }) },
  },
  {
    path: paths.heartbeatJobReport.path,
    // Reports open from the logs, which viewers read too (spec 002 §6).
    element: gated('heartbeatLogs', <HeartbeatJobReportPage />),
    handle: {
      crumbs: crumbs(
        heartbeat,
        { label: 'Logs', to: 'gsm/heartbeat/logs' },
        { dynamicKey: 'heartbeatJob' },
      ),
    },
  },
  {
    path: paths.heartbeatLogs.path,
    element: gated('heartbeatLogs', <HeartbeatLogsPage />),
    handle: { crumbs: crumbs(heartbeat, { label: 'Logs' }) },
  },
  {
    path: paths.call.path,
    element: gated('call', <CallPage />),
    handle: {
      crumbs: (p) => [{ label: 'Calls and Logs', to: 'explorer' }, { label: p.contactId ?? '' }],
    } satisfies RouteHandle,
  },
  {
    path: paths.explorer.path,
    element: gated('explorer', <ExplorerPage />),
    handle: {
      crumbs: crumbs({ label: 'Explorer' }, { label: 'Calls and Logs' }),
      help: () => HELP_ARTICLES.explorer,
    },
  },
  // The list's slide-out when opened from it, else the full page (JourneyExplorerPage decides).
  {
    path: paths.trace.path,
    element: gated('journeyExplorer', <JourneyExplorerPage />),
    handle: traceHandle,
  },
  {
    path: paths.traceSpan.path,
    element: gated('journeyExplorer', <TracePage />),
    handle: traceHandle,
  },
  {
    path: paths.traces.path,
    element: gated('journeyExplorer', <JourneyExplorerPage />),
    handle: { crumbs: crumbs({ label: 'Journey Explorer' }) },
  },
  {
    path: paths.tracesTrace.path,
    element: gated('journeyExplorer', <TracePage />),
    handle: traceHandle,
  },
  {
    path: paths.tracesSpan.path,
    element: gated('journeyExplorer', <TracePage />),
    handle: traceHandle,
  },
  {
    path: paths.playbooks.path,
    element: gated('playbooks', <PlaybooksPage />),
    handle: { crumbs: crumbs({ label: 'Dashboards' }) },
  },
  {
    path: '*',
    element: <InGroupNotFound />,
    handle: { crumbs: crumbs({ label: 'Page not found' }) },
  },
];

/** The whole route table: public pages, then the signed-in app under `/:groupId`. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.login.path, element: <LoginPage /> },
      { path: paths.callback.path, element: <CallbackPage /> },
      { path: paths.fallback.path, element: <FallbackPage /> },
      { path: paths.subscription.path, element: <SubscriptionPage /> },
      { path: paths.subscriptionSuccess.path, element: <SubscriptionSuccessPage /> },
      { path: paths.activated.path, element: <ActivatedPage /> },
      { path: paths.demoSoftphone.path, element: <DemoSoftphonePage /> },
      { path: paths.embedDashboard.path, element: <EmbedDashboardPage /> },
      {
        element: <RequireSession />,
        children: [
          { index: true, element: <LandingRedirect /> },
          { path: paths.group.path, element: <GroupRoute />, children: groupRoutes },
        ],
      },
    ],
  },
];
