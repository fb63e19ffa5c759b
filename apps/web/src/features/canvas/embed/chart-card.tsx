import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, type Query } from '@tanstack/react-query';
import {
  MAX_MAX_DATA_POINTS,
  MIN_MAX_DATA_POINTS,
  type ChartData,
  type ChartDataRequest,
  type ChartSpec,
} from '@callsight/shared';
import { EChart, useElementWidth, type TimeSpan } from '../../../components/charts/index.ts';
import {
  NO_DATA,
  chartOption,
  emptyText,
  isTimeSeries,
  singleValue,
  type ChartFrame,
} from './chart-option.ts';
import { getEmbedChartData } from './embed-api.ts';
import { postFrameMessage } from './frame-messages.ts';

const CHART_HEIGHT = 260;
/**
 * The pixels of width a bucket needs (Grafana's maxDataPoints is the width over it): a point of a
 * line, a bar with its gap, a heatmap cell.
 */
const PX_PER_POINT: Partial<Record<ChartSpec['vizType'], number>> = {
  echarts_timeseries_bar: 16,
  heatmap: 16,
};
const LINE_PX_PER_POINT = 8;
/** Widths are rounded down to this step before asking, so that a small resize asks nothing anew. */
const WIDTH_STEP_PX = 40;

/** Asks the page that frames the dashboard to open a call (spec 002 §2.12 navigate message). */
function openCall(contactId: string) {
  postFrameMessage(window.parent, { type: 'navigate', path: `/call/${contactId}` });
}

function cellText(v: ChartData['rows'][number][number]) {
  if (v === null) return '–';
  return typeof v === 'number' ? String(Math.round(v * 100) / 100) : v;
}

function DataTable({ data }: { data: ChartData }) {
  const contact = data.columns.findIndex((c) => c.name === 'contact_id');
  return (
    <Box sx={{ overflowX: 'auto', maxHeight: 360 }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {data.columns.map((c) => (
              <TableCell key={c.name} align={c.type === 'number' ? 'right' : 'left'}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((row, i) => (
            <TableRow key={i}>
              {row.map((v, j) => (
                <TableCell key={j} align={data.columns[j]?.type === 'number' ? 'right' : 'left'}>
                  {j === contact && typeof v === 'string' ? (
                    <Link component="button" type="button" onClick={() => openCall(v)}>
                      {v}
                    </Link>
                  ) : (
                    cellText(v)
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Said in a chart's place, at the chart's height, so the card keeps its size. */
function EmptyChart({ text, height }: { text: string; height: number }) {
  return (
    <Box
      sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      data-testid="chart-empty"
    >
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

function ChartBody(props: {
  spec: ChartSpec;
  data: ChartData;
  frame: ChartFrame;
  onZoom: ((span: TimeSpan) => void) | undefined;
}) {
  const { spec, data, frame, onZoom } = props;
  const empty = emptyText(spec, data);
  if (spec.vizType === 'big_number_total') {
    const value = singleValue(data);
    if (empty !== null || value === null)
      return (
        <Typography
          variant="h6"
          component="p"
          color="text.secondary"
          data-testid={`big-number-${spec.id}`}
        >
          {empty ?? NO_DATA}
        </Typography>
      );
    return (
      <Typography
        variant="h3"
        component="p"
        sx={{ fontWeight: 600 }}
        data-testid={`big-number-${spec.id}`}
      >
        {value.toLocaleString('en-US')}
        {spec.unit ? (
          <Typography component="span" variant="h6" color="text.secondary" sx={{ ml: 0.5 }}>
            {spec.unit}
          </Typography>
        ) : null}
      </Typography>
    );
  }
  if (empty !== null) {
    return spec.vizType === 'table' || spec.vizType === 'filter_box' ? (
      <Typography color="text.secondary">{empty}</Typography>
    ) : (
      <EmptyChart text={empty} height={frame.height} />
    );
  }
  if (spec.vizType === 'table') return <DataTable data={data} />;
  if (spec.vizType === 'filter_box') {
    return (
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {data.rows.map((r) => (
          <Chip key={`${r[0]}:${r[1]}`} label={`${r[0]}: ${r[1]}`} size="small" />
        ))}
      </Stack>
    );
  }
  const option = chartOption(spec, data, frame);
  return option ? (
    <EChart
      option={option}
      height={frame.height}
      ariaLabel={spec.title}
      renderer="svg"
      {...(onZoom && isTimeSeries(spec) ? { onZoom } : {})}
    />
  ) : null;
}

/** A chart the engine cannot draw (an imported one): its title and why, never a blank. */
export function ChartPlaceholder(props: { title: string; text: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, height: '100%', borderStyle: 'dashed' }}
      role="region"
      aria-label={props.title}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {props.text}
      </Typography>
    </Paper>
  );
}

/**
 * How a chart query reads: with the latest guest token, cached under `scope` (what its rows
 * depend on: the team), not the token, so that a renewed token neither reloads nor blanks it.
 */
export interface ChartAuth {
  token: string;
  scope: string;
}

type ChartKey = readonly [string, string, string, string, ChartDataRequest];

/** The viewer's IANA time zone: day buckets and the axis are the viewer's days. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The points a chart of this width asks for: one per PX_PER_POINT, within the API's 2..2000. */
export function maxDataPointsOf(spec: ChartSpec, widthPx: number): number {
  const width = Math.floor(widthPx / WIDTH_STEP_PX) * WIDTH_STEP_PX;
  const points = Math.floor(width / (PX_PER_POINT[spec.vizType] ?? LINE_PX_PER_POINT));
  return Math.min(MAX_MAX_DATA_POINTS, Math.max(MIN_MAX_DATA_POINTS, points));
}

/** Whether a chart's rows are time buckets (it needs maxDataPoints). */
const bucketed = (spec: ChartSpec) => spec.timeGrain !== undefined || isTimeSeries(spec);

/** Only the window slid forward (an auto refresh): same span, same filters. */
function slidOnly(a: ChartDataRequest, b: ChartDataRequest): boolean {
  const span = (r: ChartDataRequest) => Date.parse(r.to) - Date.parse(r.from);
  return (
    span(a) === span(b) &&
    JSON.stringify([a.agent, a.agentIsp]) === JSON.stringify([b.agent, b.agentIsp])
  );
}

/** One chart's data in a window, shared by every reader of that chart (one request). */
export function useChartData(
  dashboardId: string,
  chartId: string,
  auth: ChartAuth,
  window: ChartDataRequest,
  enabled = true,
) {
  const request = useMemo<ChartDataRequest>(
    () => ({ ...window, timeZone: viewerTimeZone() }),
    [window],
  );
  return useQuery({
    enabled,
    queryKey: ['embed-chart', dashboardId, chartId, auth.scope, request] as ChartKey,
    queryFn: () => getEmbedChartData(dashboardId, chartId, auth.token, request),
    staleTime: 30_000,
    // An auto refresh keeps the chart drawn until its next answer; a new range shows a skeleton.
    placeholderData: (previous, query?: Query<ChartData, Error, ChartData, ChartKey>) => {
      const before = query?.queryKey;
      if (!before || before[2] !== chartId || before[3] !== auth.scope) return undefined;
      return slidOnly(before[4], request) ? previous : undefined;
    },
  });
}

/**
 * One chart of an embedded dashboard: its own query and skeleton (charts load in parallel). A
 * time series asks for as many points as its width holds; dragging across it calls `onZoom`.
 */
export function ChartCard(props: {
  dashboardId: string;
  spec: ChartSpec;
  auth: ChartAuth;
  /** The window, and the dashboard's agent and ISP filters. */
  window: ChartDataRequest;
  onZoom?: (span: TimeSpan) => void;
}) {
  const { dashboardId, spec, auth, window: span, onZoom } = props;
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const points = bucketed(spec) && width > 0 ? maxDataPointsOf(spec, width) : null;
  const request = useMemo<ChartDataRequest>(
    () => (points !== null ? { ...span, maxDataPoints: points } : span),
    [span, points],
  );
  const data = useChartData(dashboardId, spec.id, auth, request, width > 0);
  const frame = useMemo<ChartFrame>(
    () => ({
      from: Date.parse(span.from),
      to: Date.parse(span.to),
      width,
      height: CHART_HEIGHT,
      timeZone: viewerTimeZone(),
    }),
    [span.from, span.to, width],
  );
  const small = spec.vizType === 'big_number_total';
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} role="region" aria-label={spec.title}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {spec.title}
      </Typography>
      <Box ref={measure} data-chart-type={spec.vizType} data-chart-id={spec.id}>
        {data.isPending ? (
          <Skeleton variant="rounded" height={small ? 56 : CHART_HEIGHT} />
        ) : data.isError ? (
          <Typography color="error" variant="body2">
            {data.error.message}
          </Typography>
        ) : (
          <ChartBody spec={spec} data={data.data} frame={frame} onZoom={onZoom} />
        )}
      </Box>
    </Paper>
  );
}
