import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useLocation, useParams } from 'react-router';
import {
  CALL_DETAIL_ACCESS,
  CALL_DETAIL_TABS,
  CALL_DETAIL_TEXTS,
  hasPermission,
  type CallDetail as CallDetailAnswer,
  type CallDetailTabKey,
} from '@callsight/shared';
import { useSession } from '../../../lib/session.ts';
import { useCallDetail, type CallDetailLoader } from '../api/get-call-detail.ts';
import { CallCharts } from '../../../components/call-charts/index.ts';
import { CallHeader } from './call-header.tsx';
import { CallLogsTab } from './call-logs-tab.tsx';
import { CallRtcTab } from './call-rtc-tab.tsx';
import { CallSummaryTab } from './call-summary-tab.tsx';
import { CallTelemetryTab } from './call-telemetry-tab.tsx';
import { DetailLoading, DetailUnavailable } from './detail-states.tsx';

export interface CallDetailProps {
  contactId: string;
  /**
   * URL of this call detail, e.g. /{groupId}/call/{contactId} or a list's
   * {path}/call/{contactId}; the tabs are basePath (Charts), /summary, /rtc, /logs, /telemetry.
   */
  basePath: string;
  /**
   * Where the call is read from (default: the session's call-detail API). An embedded
   * dashboard's call passes the loader of its guest-token route (decision C12).
   */
  load?: CallDetailLoader;
}

/** What each tab says when the call could not be read (spec 002 §8). */
const UNABLE: Record<CallDetailTabKey, string> = {
  charts: CALL_DETAIL_TEXTS.unableData,
  summary: CALL_DETAIL_TEXTS.unableSummary,
  rtc: CALL_DETAIL_TEXTS.unableRtc,
  logs: CALL_DETAIL_TEXTS.unableLogs,
  telemetry: CALL_DETAIL_TEXTS.unableTelemetry,
};

/** The tab of the current URL below basePath; Charts when none matches or it is not allowed. */
function currentTab(pathname: string, basePath: string, tabs: readonly CallDetailTabKey[]) {
  const base = basePath.replace(/\/+$/, '');
  const rest = pathname.startsWith(base) ? pathname.slice(base.length) : '';
  const segment = rest.split('/').find((s) => s !== '') ?? '';
  const tab = CALL_DETAIL_TABS.find((t) => t.path !== '' && t.path === segment);
  return tab && tabs.includes(tab.key) ? tab.key : 'charts';
}

function TabBody({ tab, detail }: { tab: CallDetailTabKey; detail: CallDetailAnswer }) {
  switch (tab) {
    case 'summary':
      return <CallSummaryTab summary={detail.summary.hits.hits[0]?._source} />;
    case 'rtc':
      return <CallRtcTab seconds={detail.seconds} />;
    case 'logs':
      return <CallLogsTab logs={detail.logs} />;
    case 'telemetry':
      return <CallTelemetryTab telemetry={detail.telemetry} />;
    default:
      return <CallCharts detail={detail} />;
  }
}

/**
 * The call detail (spec 002 §2.10): Charts (default), Summary, WebRTC, Softphone Logs and, for
 * holders of the telemetry permission, Telemetry. One request feeds every tab.
 */
export function CallDetail({ contactId, basePath, load }: CallDetailProps) {
  const { groupId = '' } = useParams();
  // The list's filters (a modal over a list) stay in the URL while switching tabs.
  const { pathname, search } = useLocation();
  const session = useSession();
  const withTelemetry =
    !!session && hasPermission(session.claims.permissions, CALL_DETAIL_ACCESS.telemetry);
  const tabs = CALL_DETAIL_TABS.filter((t) => t.key !== 'telemetry' || withTelemetry);
  const tab = currentTab(
    pathname,
    basePath,
    tabs.map((t) => t.key),
  );
  const query = useCallDetail(groupId, contactId, withTelemetry, load);
  const base = basePath.replace(/\/+$/, '');

  return (
    <Box>
      {query.data && (
        <CallHeader contactId={contactId} summary={query.data.summary.hits.hits[0]?._source} />
      )}
      <Tabs
        value={tab}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {tabs.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            component={Link}
            to={{ pathname: t.path ? `${base}/${t.path}` : base, search }}
          />
        ))}
      </Tabs>
      {query.isPending ? (
        <DetailLoading rows={tab === 'charts' ? 4 : 3} />
      ) : query.isError ? (
        <DetailUnavailable text={UNABLE[tab]} />
      ) : (
        <TabBody tab={tab} detail={query.data} />
      )}
    </Box>
  );
}
