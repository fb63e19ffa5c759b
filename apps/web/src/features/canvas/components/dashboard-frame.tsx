import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { embedDashboard } from '@superset-ui/embedded-sdk';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { paths } from '../../../lib/paths.ts';
import { useCurrentRoleId } from '../../playbooks/api/teams.ts';
import { getDashboardToken, useDashboardToken } from '../api/get-dashboard-token.ts';
import { frameMessage, postFrameMessage } from '../embed/frame-messages.ts';

const frameSx = (height: string | undefined) => ({
  width: '100%',
  height: height ?? 'calc(100vh - 180px)',
  minHeight: 480,
  border: 0,
});

/**
 * A dashboard of a configured Superset, mounted by its embedded SDK, which renews its guest token
 * through ours. Each mount gets its own element: a late-resolving embed (React's double effects)
 * then clears only its own.
 */
function SupersetDashboard(props: {
  dashboardId: string;
  roleId: string | null;
  embeddedId: string;
  supersetDomain: string;
  height?: string;
}) {
  const { dashboardId, roleId, embeddedId, supersetDomain } = props;
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const parent = container.current;
    if (!parent) return;
    const mountPoint = document.createElement('div');
    mountPoint.style.width = '100%';
    mountPoint.style.height = '100%';
    parent.append(mountPoint);
    let cancelled = false;
    let unmount: (() => void) | null = null;
    embedDashboard({
      id: embeddedId,
      supersetDomain,
      mountPoint,
      fetchGuestToken: () => getDashboardToken(dashboardId).then((t) => t.token),
      dashboardUiConfig: { hideTitle: true },
      iframeTitle: 'Embedded dashboard',
    }).then(
      (dashboard) => {
        if (cancelled) dashboard.unmount();
        else unmount = dashboard.unmount;
      },
      (err: unknown) => {
        if (!cancelled) setError(err instanceof Error ? err.message : String(err));
      },
    );
    return () => {
      cancelled = true;
      unmount?.();
      mountPoint.remove();
    };
  }, [dashboardId, roleId, embeddedId, supersetDomain]);

  if (error) return <Alert severity="error">{error}</Alert>;
  return (
    <Box
      ref={container}
      data-testid="superset-dashboard"
      sx={{ ...frameSx(props.height), '& iframe': { width: '100%', height: '100%', border: 0 } }}
    />
  );
}

/** Our embed page's address: the dashboard, the query string it reads, the token in the fragment. */
export function embedSrc(dashboardId: string, token: string, search = ''): string {
  const href = paths.embedDashboard.getHref(dashboardId, token);
  const hash = href.indexOf('#');
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return `${href.slice(0, hash)}${query}${href.slice(hash)}`;
}

/**
 * An embedded dashboard (issue 20): a guest token for it, then our embed page in a frame, or a
 * configured Superset's dashboard when the token is Superset's. A call link clicked in ours
 * posts a navigate message; the call opens at `callBase`/call/{id}, where the page shows it with
 * EmbeddedCallModal (through this dashboard's guest token, decision C12). The frame loads once with
 * the first token; each renewed one is posted to it (frame-messages.ts), so that its charts keep
 * reading after the first token's 5 minutes. The range the embed shows (picked there, or dragged
 * to on a chart) comes back to `onRange`.
 */
export function DashboardFrame(props: {
  groupId: string;
  dashboardId: string;
  /** Where call links open: {callBase}/call/{contactId} (the page's EmbeddedCallModal). */
  callBase: string;
  /** The team it opens under (default: the remembered one). */
  roleId?: string | null;
  /** The query string the embed reads (its `filter`: range and auto refresh). */
  search?: string;
  height?: string;
  /** The range the embed shows now (picked there, or dragged to on a chart): a filter range. */
  onRange?: (range: string) => void;
}) {
  const { groupId, dashboardId, callBase, onRange } = props;
  const current = useCurrentRoleId();
  const roleId = props.roleId ?? current;
  const token = useDashboardToken(groupId, dashboardId, roleId);
  const navigate = useNavigate();
  // The page's query string stays while a call is open over it (a canvas page's filter).
  const { search: pageSearch } = useLocation();
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef<string | null>(null);
  // The first token's address stays: a new address would reload the frame and lose its state.
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (token.data && !src) setSrc(embedSrc(dashboardId, token.data.token, props.search));
  }, [token.data, src, dashboardId, props.search]);
  useEffect(() => {
    latest.current = token.data?.token ?? null;
    if (latest.current)
      postFrameMessage(frame.current?.contentWindow, { type: 'token', token: latest.current });
  }, [token.data]);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = frameMessage(event);
      if (message?.type === 'embed-ready') {
        const own = frame.current?.contentWindow;
        if (own && event.source === own && latest.current)
          postFrameMessage(own, { type: 'token', token: latest.current });
        return;
      }
      if (message?.type === 'range') {
        if (event.source === frame.current?.contentWindow) onRange?.(message.range);
        return;
      }
      if (message?.type !== 'navigate') return;
      const match = /^\/call\/([^/]+)$/.exec(message.path);
      if (match?.[1])
        void navigate({ pathname: `${callBase}/call/${match[1]}`, search: pageSearch });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate, callBase, pageSearch, onRange]);

  if (token.isError) return <Alert severity="error">{token.error.message}</Alert>;
  const data = token.data;
  if (data?.provider === 'superset' && data.supersetDomain && data.embeddedId)
    return (
      <SupersetDashboard
        dashboardId={dashboardId}
        roleId={roleId}
        embeddedId={data.embeddedId}
        supersetDomain={data.supersetDomain}
        {...(props.height ? { height: props.height } : {})}
      />
    );
  if (!src) return <Skeleton variant="rounded" height={480} aria-label="Loading the dashboard" />;
  return (
    <Box
      component="iframe"
      ref={frame}
      title="Embedded dashboard"
      src={src}
      data-testid="dashboard-iframe"
      sx={frameSx(props.height)}
    />
  );
}
