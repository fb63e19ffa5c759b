import { useEffect } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { EXPLORER_TEXTS, type ExplorerList } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { readSelectedTab, saveSelectedTab } from '../state/preferences.ts';
import { AgentLogsPage } from './agent-logs-page.tsx';
import { CallStatsPage } from './call-stats-page.tsx';

const TABS: { key: ExplorerList; label: string }[] = [
  { key: 'calls', label: EXPLORER_TEXTS.callStatsTab },
  { key: 'logs', label: EXPLORER_TEXTS.softphoneLogsTab },
];

/** Redirects /explorer to the last selected tab (Call Stats Log at first), keeping the query. */
function TabRedirect() {
  const { groupId = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${groupId}/explorer/${readSelectedTab()}${search}`} replace />;
}

/**
 * /explorer (spec 002 §2.11): tabs 'Call Stats Log' (/calls, the default through a redirect) and
 * 'Softphone Logs' (/logs); each tab keeps its own range, filters and sort.
 */
export function ExplorerPage() {
  const { groupId = '', '*': rest = '' } = useParams();
  const current = TABS.find((t) => rest === t.key || rest.startsWith(`${t.key}/`))?.key;

  useEffect(() => {
    if (current) saveSelectedTab(current);
  }, [current]);

  return (
    <>
      <PageHeader
        title="Calls and Logs"
        subtitle="Every call your agents made with its quality, and their softphone logs."
      />
      <Tabs value={current ?? false} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={tab.label}
            component={Link}
            to={`/${groupId}/explorer/${tab.key}`}
          />
        ))}
      </Tabs>
      <Routes>
        <Route index element={<TabRedirect />} />
        <Route path="calls/*" element={<CallStatsPage />} />
        <Route path="logs" element={<AgentLogsPage />} />
        <Route path="*" element={<TabRedirect />} />
      </Routes>
    </>
  );
}
