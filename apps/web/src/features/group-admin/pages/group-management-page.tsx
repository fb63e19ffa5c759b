import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import {
  GROUP_ADMIN_TABS,
  GROUP_ADMIN_TEXTS,
  holdsBillingPermission,
  type GroupAdminTabKey,
} from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { BillingAuditLogsTab, BillingTab, MarketplaceTab } from '../../billing/index.ts';
import { ActiveGroupsTab } from '../components/active-groups-tab.tsx';
import { ArchivedGroupsTab } from '../components/archived-groups-tab.tsx';

/**
 * /admin/groups (super only): Active Groups, Archived Groups and, for holders of the billing
 * permission, Billing, Billing Audit Logs and Marketplace, each at its own path.
 */
export function GroupManagementPage() {
  const { groupId = '', '*': rest = '' } = useParams();
  const session = useSession();
  const billing = holdsBillingPermission(session?.claims.permissions ?? []);
  const tabs = GROUP_ADMIN_TABS.filter((t) => billing || !t.billing);
  const segment = rest.replace(/\/+$/, '').toLowerCase();
  const active = tabs.find((t) => t.path === (segment ? `/${segment}` : '')) ?? tabs[0];
  const base = paths.groups.getHref(groupId);

  return (
    <Box>
      <PageHeader
        title={GROUP_ADMIN_TEXTS.pageTitle}
        subtitle="Customer groups of the platform."
        actions={
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.groupEdit.getHref(groupId, '0')}
            startIcon={<AddRoundedIcon />}
          >
            {GROUP_ADMIN_TEXTS.provisionButton}
          </Button>
        }
      />
      <Tabs
        value={active?.key ?? 'active'}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        aria-label="Group Management"
      >
        {tabs.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            component={RouterLink}
            to={`${base}${t.path}`}
          />
        ))}
      </Tabs>
      <TabContent tab={active?.key ?? 'active'} groupId={groupId} />
    </Box>
  );
}

function TabContent({ tab, groupId }: { tab: GroupAdminTabKey; groupId: string }) {
  switch (tab) {
    case 'archived':
      return <ArchivedGroupsTab currentGroupId={groupId} />;
    case 'billing':
      return <BillingTab />;
    case 'billingAuditLogs':
      return <BillingAuditLogsTab />;
    case 'marketplace':
      return <MarketplaceTab />;
    default:
      return <ActiveGroupsTab currentGroupId={groupId} />;
  }
}
