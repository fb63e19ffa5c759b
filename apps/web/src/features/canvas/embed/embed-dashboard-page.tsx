import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { TIME_RANGE_DAYS, type ChartDataRequest, type DashboardSpec } from '@callsight/shared';
import { ChartCard, ChartPlaceholder, useChartData } from './chart-card.tsx';
import { getEmbedDashboard } from './embed-api.ts';

type Range = DashboardSpec['defaultTimeRange'];
const RANGES = Object.keys(TIME_RANGE_DAYS) as Range[];
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

/** The dashboard's Agent and ISP filters: the values of the window, from its filter box. */
function NativeFilters(props: {
  dashboardId: string;
  chartId: string;
  token: string;
  window: ChartDataRequest;
  agents: string[];
  isps: string[];
  onAgents: (v: string[]) => void;
  onIsps: (v: string[]) => void;
}) {
  const values = useChartData(props.dashboardId, props.chartId, props.token, props.window);
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
  token: string;
  window: ChartDataRequest;
}) {
  const data = useChartData(props.dashboardId, props.chartId, props.token, props.window);
  if (!data.data || data.data.rows.length) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {props.text}
    </Alert>
  );
}

/**
 * /embed/dashboard/:dashboardId#token=…: a dashboard of the engine (issue 20) in the frame of
 * Canvas, Home or Dashboards; it reads with its guest token only.
 */
export function EmbedDashboardPage() {
  const { dashboardId = '' } = useParams();
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const dashboard = useQuery({
    queryKey: ['embed-dashboard', dashboardId, token],
    queryFn: () => getEmbedDashboard(dashboardId, token),
    enabled: token !== '',
    retry: false,
  });
  const [chosen, setChosen] = useState<Range | null>(null);
  const [agents, setAgents] = useState<string[]>([]);
  const [isps, setIsps] = useState<string[]>([]);
  const range = chosen ?? dashboard.data?.defaultTimeRange ?? 'Last 28 days';
  // The window is fixed when the range is chosen, so the charts' queries share it.
  const timeWindow = useMemo(() => {
    const to = Date.now();
    return {
      from: new Date(to - TIME_RANGE_DAYS[range] * 86_400_000).toISOString(),
      to: new Date(to).toISOString(),
    };
  }, [range]);
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
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range}
          onChange={(_, v: Range | null) => v && setChosen(v)}
          aria-label="Time range"
        >
          {RANGES.map((r) => (
            <ToggleButton key={r} value={r}>
              {r}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {spec.filterBox ? (
          <NativeFilters
            dashboardId={spec.id}
            chartId={spec.filterBox.id}
            token={token}
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
          token={token}
          window={span}
        />
      ) : spec.needs ? (
        <Alert severity="info">{spec.needs}</Alert>
      ) : null}
      <Stack spacing={2}>
        {spec.rows.map((row, i) => (
          <Box
            key={i}
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(12, 1fr)' },
            }}
          >
            {row.cells.map((cell) => (
              <Box
                key={cell.chart.id}
                sx={{ gridColumn: { md: `span ${cell.width}` }, minWidth: 0 }}
              >
                {cell.placeholder ? (
                  <ChartPlaceholder title={cell.chart.title} text={cell.placeholder} />
                ) : (
                  <ChartCard dashboardId={spec.id} spec={cell.chart} token={token} window={span} />
                )}
              </Box>
            ))}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
