import { useCallback, useRef } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams } from 'react-router';
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
import { FILTER_PARAM, readFilter } from '../../../lib/url-filter.ts';
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
 * The query string the page's `filter` becomes once the embed showed `range` (picked there or
 * dragged to on a chart), as the time-range picker keeps a range in the address.
 */
export function searchWithRange(search: string, range: string): string {
  const params = new URLSearchParams(search);
  const filter = readFilter(DASHBOARD_DEFAULT_FILTER, params.get(FILTER_PARAM));
  params.set(FILTER_PARAM, encodeFilter({ ...filter, range }));
  return `?${params.toString()}`;
}

/**
 * The query string the frame loads with, and a key that changes whenever it must load anew: the
 * page's query string, except when the frame itself moved the page's range (it shows it already:
 * no reload). Back, or a link, loads the frame anew.
 */
function useFrameSearch(search: string): [string, string, (shown: string) => void] {
  const state = useRef({ loaded: search, shown: search, load: 0 });
  if (search !== state.current.shown)
    state.current = { loaded: search, shown: search, load: state.current.load + 1 };
  const markShown = useCallback((next: string) => {
    state.current.shown = next;
  }, []);
  return [state.current.loaded, `${state.current.load}`, markShown];
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
  const navigate = useNavigate();
  const [frameSearch, frameLoad, markShown] = useFrameSearch(forwarded);
  // The embed's range goes into the address (a new history entry, as a picked range does).
  const onRange = useCallback(
    (range: string) => {
      const next = searchWithRange(search, range);
      markShown(embedSearch(next));
      void navigate({ search: next });
    },
    [search, markShown, navigate],
  );
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
        key={`${id}${frameSearch}:${frameLoad}:${roleId ?? ''}`}
        groupId={groupId}
        dashboardId={id}
        search={frameSearch}
        callBase={callBase}
        onRange={onRange}
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
