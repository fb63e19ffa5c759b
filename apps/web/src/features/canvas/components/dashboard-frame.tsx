import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { embedDashboard } from '@superset-ui/embedded-sdk';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { paths } from '../../../lib/paths.ts';
import { getDashboardToken, useDashboardToken } from '../api/get-dashboard-token.ts';

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
  embeddedId: string;
  supersetDomain: string;
  height?: string;
}) {
  const { dashboardId, embeddedId, supersetDomain } = props;
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
  }, [dashboardId, embeddedId, supersetDomain]);

  if (error) return <Alert severity="error">{error}</Alert>;
  return (
    <Box
      ref={container}
      data-testid="superset-dashboard"
      sx={{ ...frameSx(props.height), '& iframe': { width: '100%', height: '100%', border: 0 } }}
    />
  );
}

/**
 * An embedded dashboard (issue 20): a guest token for it, then our embed page in a frame, or a
 * configured Superset's dashboard when the token is Superset's. A call link clicked in ours
 * posts a navigate message; the call opens at `callBase`/call/{id}.
 */
export function DashboardFrame(props: {
  groupId: string;
  dashboardId: string;
  /** Where call links open: {callBase}/call/{contactId}. */
  callBase: string;
  height?: string;
}) {
  const { groupId, dashboardId, callBase } = props;
  const token = useDashboardToken(groupId, dashboardId);
  const navigate = useNavigate();
  // The first token's frame stays: a renewed token goes to the next load, not a reload.
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (token.data && !src) setSrc(paths.embedDashboard.getHref(dashboardId, token.data.token));
  }, [token.data, src, dashboardId]);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; path?: unknown } | null;
      if (data?.type !== 'navigate' || typeof data.path !== 'string') return;
      const match = /^\/call\/([^/]+)$/.exec(data.path);
      if (match?.[1]) void navigate(`${callBase}/call/${match[1]}`);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate, callBase]);

  if (token.isError) return <Alert severity="error">{token.error.message}</Alert>;
  const data = token.data;
  if (data?.provider === 'superset' && data.supersetDomain && data.embeddedId)
    return (
      <SupersetDashboard
        dashboardId={dashboardId}
        embeddedId={data.embeddedId}
        supersetDomain={data.supersetDomain}
        {...(props.height ? { height: props.height } : {})}
      />
    );
  if (!src) return <Skeleton variant="rounded" height={480} aria-label="Loading the dashboard" />;
  return (
    <Box
      component="iframe"
      title="Embedded dashboard"
      src={src}
      data-testid="dashboard-iframe"
      sx={frameSx(props.height)}
    />
  );
}
