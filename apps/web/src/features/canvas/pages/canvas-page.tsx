import { Navigate, useLocation, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import WebAssetRoundedIcon from '@mui/icons-material/WebAssetRounded';
import { canvasDashboardId, isCanvasKey } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { CANVAS_LABELS } from '../canvas-labels.ts';
import { DashboardFrame } from '../components/dashboard-frame.tsx';

/** /canvas: goes to the overview, keeping the query string (spec 000 §2.1). */
export function CanvasIndexRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: 'default', search, hash }} replace />;
}

/** /canvas/:key: a canvas dashboard; unknown keys fall through to an embedded dashboard frame. */
export function CanvasPage() {
  const { groupId = '', key = '', '*': rest = '' } = useParams();
  const dashboardId = canvasDashboardId(key, groupId);
  if (isCanvasKey(key) && dashboardId && rest === '') {
    return (
      <>
        <PageHeader title={CANVAS_LABELS[key]} />
        <span hidden data-testid="canvas-dashboard-id">
          {dashboardId}
        </span>
        <DashboardFrame
          key={dashboardId}
          groupId={groupId}
          dashboardId={dashboardId}
          callBase={`/${groupId}`}
        />
      </>
    );
  }
  return <EmbeddedDashboardFrame name={[key, rest].filter(Boolean).join('/')} />;
}

/** The frame an embedded (BI) dashboard will be shown in. */
function EmbeddedDashboardFrame({ name }: { name: string }) {
  return (
    <Box data-testid="embedded-dashboard-frame">
      <PageHeader title="Embedded Dashboard" subtitle={name} />
      <Paper
        variant="outlined"
        sx={{
          height: 'min(70vh, 640px)',
          display: 'grid',
          placeItems: 'center',
          textAlign: 'center',
          p: 4,
        }}
      >
        <Box>
          <WebAssetRoundedIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />
          <Typography variant="h6" component="p">
            Embedded dashboard frame
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The dashboard “{name}” will be shown here once a BI server is connected.
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}
