import { Link as RouterLink, Route, Routes, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../components/page-header/index.ts';
import { paths } from '../../../lib/paths.ts';
import { GroupsTab } from '../components/groups-tab.tsx';
import { StandardImportsTab } from '../components/standard-imports-tab.tsx';
import { GroupDetailPage } from './group-detail-page.tsx';

const TABS = [
  { key: 'groups', label: 'Groups', path: '' },
  { key: 'imports', label: 'Standard Imports', path: '/dashboard-imports' },
] as const;

/** /admin/manager (super only): the Groups and Standard Imports tabs, and a group's detail. */
export function DashboardManagerPage() {
  const { groupId = '' } = useParams();
  const base = paths.dashboardManager.getHref(groupId);
  return (
    <Routes>
      <Route path="group/:targetGroupId/*" element={<GroupDetailPage base={base} />} />
      <Route path="*" element={<ManagerTabs base={base} />} />
    </Routes>
  );
}

function ManagerTabs({ base }: { base: string }) {
  const { '*': rest = '' } = useParams();
  const segment = rest.replace(/\/+$/, '').toLowerCase();
  const active = TABS.find((t) => t.path === (segment ? `/${segment}` : '')) ?? TABS[0];
  return (
    <Box>
      <PageHeader
        title="Dashboard Manager"
        subtitle="Dashboard imports and mappings for every group."
      />
      <Tabs
        value={active.key}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label="Dashboard Manager"
      >
        {TABS.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            component={RouterLink}
            to={`${base}${t.path}`}
          />
        ))}
      </Tabs>
      {active.key === 'imports' ? <StandardImportsTab /> : <GroupsTab base={base} />}
    </Box>
  );
}
