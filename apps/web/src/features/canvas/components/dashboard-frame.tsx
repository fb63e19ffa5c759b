import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { paths } from '../../../lib/paths.ts';
import { useDashboardToken } from '../api/get-dashboard-token.ts';

/**
 * An embedded dashboard (issue 20): a guest token for it, then our embed page in a frame. A
 * call link clicked inside posts a navigate message; the call opens at `callBase`/call/{id}.
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
  if (!src) return <Skeleton variant="rounded" height={480} aria-label="Loading the dashboard" />;
  return (
    <Box
      component="iframe"
      title="Embedded dashboard"
      src={src}
      data-testid="dashboard-iframe"
      sx={{
        width: '100%',
        height: props.height ?? 'calc(100vh - 180px)',
        minHeight: 480,
        border: 0,
      }}
    />
  );
}
