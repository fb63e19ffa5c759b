import { Link as RouterLink, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCESS, canAccess, hasPermission, isFeatureEnabled } from '@callsight/shared';
import { LoadState } from '../../../components/load-state/index.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { useShell } from '../../../app/access.tsx';
import { DashboardFrame } from '../../canvas/components/dashboard-frame.tsx';
import { EmbeddedCallModal } from '../../canvas/components/embedded-call-modal.tsx';
import { useActiveTeam, useDashboards, useTeamDashboards } from '../api/teams.ts';
import { RolesPage } from './roles-page.tsx';

/** The spec's default name of a dashboard without one (§2.12). */
const dashboardName = (d: { id: string; name: string }) => d.name || `Dashboard ${d.id}`;

/**
 * /playbooks/:playbookId: one dashboard in its frame, under the team; its call links open over
 * it, read through the dashboard's guest token (a Group User's too, within the team's rules).
 */
function PlaybookView(props: {
  permitted: Set<string>;
  base: string;
  roleId: string | null;
  /** The caller may open the call page (its 'Open in new Tab'). */
  callPage: boolean;
}) {
  const { groupId = '', playbookId = '' } = useParams();
  if (!props.permitted.has(playbookId)) return <Navigate to={props.base} replace />;
  const listPath = `${props.base}/${encodeURIComponent(playbookId)}`;
  return (
    <>
      <DashboardFrame
        key={`${props.roleId ?? ''}:${playbookId}`}
        groupId={groupId}
        dashboardId={playbookId}
        roleId={props.roleId}
        callBase={listPath}
      />
      <Routes>
        <Route
          path="call/:contactId/*"
          element={
            <EmbeddedCallModal
              groupId={groupId}
              dashboardId={playbookId}
              roleId={props.roleId}
              listPath={listPath}
              openInNewTab={props.callPage}
            />
          }
        />
      </Routes>
    </>
  );
}

/**
 * /playbooks (spec 002 §2.12): the dashboards of the user's team in a sidebar, the team switcher,
 * 'Manage Access' for admins, and the open dashboard in its frame. Needs embeddedCanvasApi.
 */
export function PlaybooksPage() {
  const { groupId = '' } = useParams();
  const { pathname } = useLocation();
  const { access } = useShell();
  const dashboards = useDashboards(groupId);
  const teams = useActiveTeam(groupId);
  const mayOpen = useTeamDashboards(groupId);
  const base = `/${groupId}/playbooks`;

  if (!isFeatureEnabled(access.features, groupId, 'embeddedCanvasApi')) {
    // The flag is off: to / (users without Home see that dashboards are off instead).
    return canAccess('home', access) ? (
      <Navigate to={`/${groupId}`} replace />
    ) : (
      <PageHeader title="Dashboards" subtitle="Dashboards are not enabled for this group." />
    );
  }
  // The header's team switcher picks the team (decision T2); its dashboards are listed here.
  const roleId = teams.data?.team?.id ?? null;
  const shown = (dashboards.data ?? []).filter((d) => mayOpen(d.id));
  const permitted = new Set(shown.map((d) => d.id));
  const isAdmin = hasPermission(access.permissions, ACCESS.adminSuper);

  return (
    <>
      <PageHeader title="Dashboards" />
      {!dashboards.data || !teams.data ? (
        <LoadState
          failed={dashboards.isError || teams.isError}
          failedText="The dashboards could not be loaded."
          onRetry={() => void Promise.all([dashboards.refetch(), teams.refetch()])}
        />
      ) : (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Paper
            variant="outlined"
            component="nav"
            aria-label="Dashboards"
            sx={{ width: 260, flexShrink: 0, display: 'flex', flexDirection: 'column' }}
          >
            <List dense sx={{ flex: 1 }}>
              {shown.map((d) => (
                <ListItemButton
                  key={d.id}
                  component={RouterLink}
                  to={`${base}/${encodeURIComponent(d.id)}`}
                  selected={pathname.startsWith(`${base}/${encodeURIComponent(d.id)}`)}
                >
                  <ListItemText primary={dashboardName(d)} />
                </ListItemButton>
              ))}
            </List>
            {isAdmin && (
              <Stack
                direction="row"
                spacing={1}
                sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', alignItems: 'center' }}
              >
                <Button component={RouterLink} to={`${base}/roles`} size="small">
                  Manage Access
                </Button>
                <Chip label="Admin" size="small" color="secondary" />
              </Stack>
            )}
          </Paper>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Routes>
              <Route
                index
                element={
                  shown[0] ? (
                    <Navigate to={`${base}/${encodeURIComponent(shown[0].id)}`} replace />
                  ) : (
                    <Typography color="text.secondary">No data Found</Typography>
                  )
                }
              />
              <Route
                path="roles"
                element={isAdmin ? <RolesPage /> : <Navigate to={base} replace />}
              />
              <Route
                path=":playbookId/*"
                element={
                  <PlaybookView
                    permitted={permitted}
                    base={base}
                    roleId={roleId}
                    callPage={canAccess('call', access)}
                  />
                }
              />
            </Routes>
          </Box>
        </Box>
      )}
    </>
  );
}
