import { useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useQuery } from '@tanstack/react-query';
import {
  DASHBOARD_DEFAULT_FILTER,
  TIME_RANGE_DAYS,
  quickRangeByLabel,
  type ChartDataRequest,
  type DashboardSpec,
} from '@callsight/shared';
import type { TimeSpan } from '../../../components/charts/index.ts';
import { FILTER_PARAM, readFilter } from '../../../lib/url-filter.ts';
import { ChartCard, ChartPlaceholder, useChartData, type ChartAuth } from './chart-card.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';
import {
  intervalRange,
  isKnownRange,
  parseIntervalRange,
  rangeLabel,
  rangeWindow,
  zoomSpan,
} from './dashboard-range.ts';
import { getEmbedDashboard } from './embed-api.ts';
import { frameMessage, postFrameMessage } from './frame-messages.ts';

type DashboardRange = DashboardSpec['defaultTimeRange'];
const RANGES = Object.keys(TIME_RANGE_DAYS) as DashboardRange[];
const isDashboardRange = (label: string): label is DashboardRange =>
  Object.hasOwn(TIME_RANGE_DAYS, label);
/** Auto refresh never runs more often than this, whatever the filter says. */
const MIN_REFRESH_MS = 5000;
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

/** The guest token the framing page put in the fragment (never sent to the server in the URL). */
export function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * The guest token to read with: the fragment's, then each renewed one the framing page posts
 * (only from the page framing this one, of our origin). Says it listens once mounted, so that a
 * token renewed while the frame loaded is not lost.
 */
function useGuestToken(hash: string): string {
  const [token, setToken] = useState(() => tokenOf(hash));
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = frameMessage(event);
      if (message?.type === 'token' && event.source === window.parent) setToken(message.token);
    };
    window.addEventListener('message', onMessage);
    if (window.parent !== window) postFrameMessage(window.parent, { type: 'embed-ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return token;
}

/** The embed's `filter` parameter (spec 000 §2.2), or null when the address has none. */
export function embedFilter(search: string) {
  const text = new URLSearchParams(search).get(FILTER_PARAM);
  return text === null ? null : readFilter(DASHBOARD_DEFAULT_FILTER, text);
}

/** A tick every `ms` (0: never), to slide an auto-refreshed window forward. */
function useTick(ms: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = window.setInterval(() => setTick((t) => t + 1), Math.max(ms, MIN_REFRESH_MS));
    return () => window.clearInterval(timer);
  }, [ms]);
  return tick;
}

/** The dashboard's Agent and ISP filters: the values of the window, from its filter box. */
function NativeFilters(props: {
  dashboardId: string;
  chartId: string;
  auth: ChartAuth;
  window: ChartDataRequest;
  agents: string[];
  isps: string[];
  onAgents: (v: string[]) => void;
  onIsps: (v: string[]) => void;
}) {
  const values = useChartData(props.dashboardId, props.chartId, props.auth, props.window);
  const of = (column: string) =>
    (values.data?.rows ?? []).flatMap((r) =>
      r[0] === column && r[1] !== null ? [String(r[1])] : [],
    );
  const picker = (
    label: string,
    options: string[],
    value: string[],
    set: (v: string[]) => void,
  ) => (
    <Autocomplete
      multiple
      size="small"
      limitTags={1}
      options={options}
      value={value}
      loading={values.isPending}
      onChange={(_, v) => set(v)}
      sx={{ minWidth: 220, flex: '0 1 280px' }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', flex: 1, justifyContent: 'flex-end' }}>
      {picker('Agent', of('agent'), props.agents, props.onAgents)}
      {picker('ISP', of('agent_isp'), props.isps, props.onIsps)}
    </Stack>
  );
}

/** What the dashboard needs, said while the chart that shows it has nothing in the window. */
function NeedsNote(props: {
  text: string;
  dashboardId: string;
  chartId: string;
  auth: ChartAuth;
  window: ChartDataRequest;
}) {
  const data = useChartData(props.dashboardId, props.chartId, props.auth, props.window);
  if (!data.data || data.data.rows.length) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {props.text}
    </Alert>
  );
}

/**
 * /embed/dashboard/:dashboardId?filter=…#token=…: a dashboard of the engine (issue 20) in the
 * frame of Canvas, Home or Dashboards; it reads with its guest token only. The `filter`
 * parameter (Canvas keeps it from its own address) sets the range and the auto refresh;
 * without one, the dashboard's own range and no refresh.
 */
export function EmbedDashboardPage() {
  const { dashboardId = '' } = useParams();
  const { hash, search } = useLocation();
  const token = useGuestToken(hash);
  // The frame lives under one team (a switch loads a new frame): the cache needs no token.
  const auth = useMemo<ChartAuth>(() => ({ token, scope: 'frame' }), [token]);
  const filter = useMemo(() => embedFilter(search), [search]);
  const dashboard = useQuery({
    queryKey: ['embed-dashboard', dashboardId],
    queryFn: () => getEmbedDashboard(dashboardId, token),
    enabled: token !== '',
    retry: false,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  // The ranges before each drag-to-zoom, the latest last: Zoom out goes back one.
  const [zoomedFrom, setZoomedFrom] = useState<string[]>([]);
  const [agents, setAgents] = useState<string[]>([]);
  const [isps, setIsps] = useState<string[]>([]);
  // The filter's range: one of the dashboard's, a quick range ('Last 15 minutes' by default),
  // or a stretch zoomed to.
  const asked =
    !filter || !isKnownRange(filter.range)
      ? null
      : (quickRangeByLabel(filter.range)?.label ?? filter.range);
  const range = chosen ?? asked ?? dashboard.data?.defaultTimeRange ?? 'Last 28 days';
  const zoomed = parseIntervalRange(range) !== null;
  const ranges =
    asked && !isDashboardRange(asked) && !parseIntervalRange(asked) ? [asked, ...RANGES] : RANGES;
  // The filter's range refreshes; a range picked here is the user's, read once (a 28-day
  // dashboard recomputed every 10 s would cost the server for 10 s of new calls). A stretch
  // zoomed to is fixed: nothing to refresh.
  const tick = useTick(
    filter?.autoRefresh && range === asked && !zoomed ? filter.refreshInterval : 0,
  );
  // The window is fixed when the range is chosen (or refreshed), so the charts' queries share it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const timeWindow = useMemo(() => rangeWindow(range, new Date()), [range, tick]);
  /** Shows a range and tells the framing page, which keeps it in its address. */
  const show = (next: string, before: string[]) => {
    setChosen(next);
    setZoomedFrom(before);
    if (window.parent !== window) postFrameMessage(window.parent, { type: 'range', range: next });
  };
  const zoomTo = (picked: TimeSpan) => {
    const shown = { from: Date.parse(timeWindow.from), to: Date.parse(timeWindow.to) };
    show(intervalRange(zoomSpan(picked, shown)), [...zoomedFrom, range]);
  };
  const zoomOut = () => {
    const previous = zoomedFrom.at(-1);
    if (previous !== undefined) show(previous, zoomedFrom.slice(0, -1));
  };
  const span = useMemo<ChartDataRequest>(
    () => ({
      ...timeWindow,
      ...(agents.length ? { agent: agents } : {}),
      ...(isps.length ? { agentIsp: isps } : {}),
    }),
    [timeWindow, agents, isps],
  );
  if (!token) return <Alert severity="error">This dashboard needs a token.</Alert>;
  if (dashboard.isError) return <Alert severity="error">{dashboard.error.message}</Alert>;
  if (!dashboard.data) return <LinearProgress aria-label="Loading the dashboard" />;
  const spec = dashboard.data;
  const framed = window.self !== window.top;
  return (
    <Box sx={{ p: 2 }} data-testid="embedded-dashboard">
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        {/* In a frame, the framing page's heading names the dashboard. */}
        <Typography variant="h6" component="h1" sx={framed ? VISUALLY_HIDDEN : undefined}>
          {spec.title}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={range}
            onChange={(_, v: string | null) => v && show(v, [])}
            aria-label="Time range"
          >
            {ranges.map((r) => (
              <ToggleButton key={r} value={r}>
                {r}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {zoomed ? (
            <Typography variant="body2" data-testid="zoomed-range">
              {rangeLabel(range)}
            </Typography>
          ) : null}
          {zoomedFrom.length ? (
            <Button size="small" startIcon={<ZoomOutIcon />} onClick={zoomOut}>
              Zoom out
            </Button>
          ) : null}
        </Stack>
        {spec.filterBox ? (
          <NativeFilters
            dashboardId={spec.id}
            chartId={spec.filterBox.id}
            auth={auth}
            window={timeWindow}
            agents={agents}
            isps={isps}
            onAgents={setAgents}
            onIsps={setIsps}
          />
        ) : null}
      </Stack>
      {spec.needs && spec.needsUnlessChart ? (
        <NeedsNote
          text={spec.needs}
          dashboardId={spec.id}
          chartId={spec.needsUnlessChart}
          auth={auth}
          window={span}
        />
      ) : spec.needs ? (
        <Alert severity="info">{spec.needs}</Alert>
      ) : null}
      <DashboardLayout
        spec={spec}
        renderCell={(cell) =>
          cell.placeholder ? (
            <ChartPlaceholder title={cell.chart.title} text={cell.placeholder} />
          ) : (
            <ChartCard
              dashboardId={spec.id}
              spec={cell.chart}
              auth={auth}
              window={span}
              onZoom={zoomTo}
            />
          )
        }
      />
    </Box>
  );
}
