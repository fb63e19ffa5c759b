import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import {
  DASHBOARD_DEFAULT_FILTER,
  canAccess,
  canvasDashboardId,
  encodeFilter,
  isCanvasKey,
} from '@callsight/shared';
import { useShell } from '../../../app/access.tsx';
import { FILTER_PARAM } from '../../../lib/url-filter.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { CANVAS_LABELS } from '../canvas-labels.ts';
import { DashboardFrame } from '../components/dashboard-frame.tsx';
import { EmbeddedCallModal } from '../components/embedded-call-modal.tsx';
import { useCurrentRoleId, useDashboards, useTeamDashboards } from '../../playbooks/api/teams.ts';
import { useCanvasDashboard } from '../api/get-canvas-dashboard.ts';

/** /canvas: goes to the overview, keeping the query string (spec 000 §2.1). */
export function CanvasIndexRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: 'default', search, hash }} replace />;
}

/**
 * The query string a canvas dashboard's embed reads: the page's own, kept as it is (spec 000
 * §2.1), with the dashboard default filter (§2.2) when it has no `filter`.
 */
export function embedSearch(search: string): string {
  const params = new URLSearchParams(search);
  if (!params.has(FILTER_PARAM)) params.set(FILTER_PARAM, encodeFilter(DASHBOARD_DEFAULT_FILTER));
  return `?${params.toString()}`;
}

/**
 * The part of a canvas page's path below its key that names the dashboard, and the call open
 * over it: …/call/{contactId}(/tab) at the end is the call (DashboardFrame's call links).
 */
export function splitCallPath(rest: string): { rest: string; contactId: string | null } {
  const match = /^(?:(.*)\/)?call\/([^/]+)(?:\/.*)?$/.exec(rest);
  const contactId = match?.[2];
  if (!contactId) return { rest, contactId: null };
  return { rest: match[1] ?? '', contactId };
}

/**
 * /canvas/list: the group's dashboards the active team may open (spec 002 §6), each opening in
 * the canvas frame.
 */
function DashboardList({ groupId }: { groupId: string }) {
  const dashboards = useDashboards(groupId);
  const mayOpen = useTeamDashboards(groupId);
  return (
    <>
      <PageHeader title={CANVAS_LABELS.list} />
      <Paper variant="outlined">
        <List>
          {(dashboards.data ?? [])
            .filter((d) => mayOpen(d.id))
            .map((d) => (
              <ListItemButton
                key={d.id}
                component={RouterLink}
                to={`/${groupId}/canvas/${encodeURIComponent(d.id)}`}
              >
                <ListItemText primary={d.name || `Dashboard ${d.id}`} secondary={d.id} />
              </ListItemButton>
            ))}
        </List>
      </Paper>
    </>
  );
}

/**
 * /canvas/:key: a canvas dashboard; the list view; unknown paths fall through to an embedded
 * dashboard frame of that id (spec 000 §2.1). A call link of the dashboard opens over it at
 * …/call/{contactId}, read through the dashboard's guest token (decision C12).
 */
export function CanvasPage() {
  const { groupId = '', key = '', '*': path = '' } = useParams();
  const { search } = useLocation();
  const { access } = useShell();
  const { rest, contactId } = splitCallPath(path);
  const forwarded = embedSearch(search);
  const dashboardId = canvasDashboardId(key, groupId);
  const known = isCanvasKey(key) && key !== 'list' && dashboardId !== null && rest === '';
  // A canvas name opens what it is mapped to (Dashboard Manager), else its standard dashboard.
  const mapped = useCanvasDashboard(groupId, key, known);
  // A new team reads anew: its token, its rows (decision T2).
  const roleId = useCurrentRoleId();
  if (key === 'list' && rest === '') return <DashboardList groupId={groupId} />;
  if (known && mapped.isPending) return <PageHeader title={CANVAS_LABELS[key]} />;
  const id = known
    ? (mapped.data?.id ?? dashboardId ?? key)
    : [key, rest].filter(Boolean).join('/');
  const callBase = `/${groupId}/canvas/${[key, ...(rest ? rest.split('/') : [])]
    .map(encodeURIComponent)
    .join('/')}`;
  return (
    <>
      {known && isCanvasKey(key) ? (
        <PageHeader title={CANVAS_LABELS[key]} />
      ) : (
        <PageHeader title="Embedded Dashboard" subtitle={id} />
      )}
      <span hidden data-testid="canvas-dashboard-id">
        {id}
      </span>
      {/* A new query string (a shared link, Back) loads the frame anew with it. */}
      <DashboardFrame
        key={`${id}${forwarded}:${roleId ?? ''}`}
        groupId={groupId}
        dashboardId={id}
        search={forwarded}
        callBase={callBase}
      />
      {contactId !== null && (
        <EmbeddedCallModal
          groupId={groupId}
          dashboardId={id}
          listPath={callBase}
          contactId={contactId}
          openInNewTab={canAccess('call', access)}
        />
      )}
    </>
  );
}
