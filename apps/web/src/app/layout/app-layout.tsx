import { useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { HelpButton } from '../../components/help-button/index.ts';
import { readSidebarExpanded, saveSidebarExpanded } from '../../lib/storage.ts';
import { useLogout } from '../../features/session/use-logout.ts';
import { SwitchGroupsDialog } from '../../features/groups/components/switch-groups-dialog.tsx';
import { DemoAccountsBanner } from '../../features/session/components/demo-accounts-banner.tsx';
import { SIDEBAR, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../theme.ts';
import { useShell } from '../access.tsx';
import { deepestHandle } from '../route-handle.ts';
import { BreadcrumbBar } from './breadcrumb-bar.tsx';
import { Sidebar } from './sidebar.tsx';

/** The signed-in shell: sidebar, breadcrumb bar, content and the help button (spec 000 §2.4). */
export function AppLayout() {
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('md'));
  const { profile, group } = useShell();
  const location = useLocation();
  const matches = useMatches();
  const logout = useLogout();
  const [expanded, setExpanded] = useState(readSidebarExpanded);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [switchOpen, setSwitchOpen] = useState(false);

  const help = deepestHandle(matches, 'help');
  const article = help ? help.value(help.params) : null;

  const toggleExpanded = () => {
    const next = !expanded;
    saveSidebarExpanded(next);
    setExpanded(next);
  };
  const openSwitchGroups = () => {
    setMobileOpen(false);
    setSwitchOpen(true);
  };
  const sidebarProps = {
    onOpenSwitchGroups: openSwitchGroups,
    onLogout: () => void logout(),
  };
  const width = expanded ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {isSmall ? (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          slotProps={{
            paper: { sx: { width: SIDEBAR_WIDTH, border: 0, bgcolor: SIDEBAR.background } },
          }}
        >
          <Sidebar
            {...sidebarProps}
            expanded
            canCollapse={false}
            onToggleExpanded={toggleExpanded}
            onNavigate={() => setMobileOpen(false)}
          />
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          sx={{ width, flexShrink: 0, transition: theme.transitions.create('width') }}
          slotProps={{
            paper: {
              sx: {
                width,
                border: 0,
                bgcolor: SIDEBAR.background,
                overflowX: 'hidden',
                transition: theme.transitions.create('width'),
              },
            },
          }}
        >
          <Sidebar {...sidebarProps} expanded={expanded} onToggleExpanded={toggleExpanded} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {profile.isSuper && <DemoAccountsBanner />}
        <BreadcrumbBar
          onOpenSwitchGroups={openSwitchGroups}
          onOpenMenu={isSmall ? () => setMobileOpen(true) : undefined}
        />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, md: 4 } }} data-testid="content">
          <Outlet />
        </Box>
      </Box>
      <HelpButton articleId={article} routeKey={location.pathname} />
      <SwitchGroupsDialog
        open={switchOpen}
        onClose={() => setSwitchOpen(false)}
        groups={profile.groups}
        currentGroupId={group.id}
      />
    </Box>
  );
}
