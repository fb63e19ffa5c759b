import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  resolveTimeRange,
  SYNTHETIC_TEXTS,
  type InsightJob,
  type TimeRange,
} from '@callsight/shared';
import { EChart, type ChartOption } from '../../../../../components/charts/index.ts';
import { dateText, scoreText } from '../../format.ts';
import { INSIGHT_TEXTS as T } from '../texts.ts';
import { isScored } from './insight-columns.tsx';
import { alignedAxisStart, timeAxisLabel, timeAxisUnitMs } from '../time-axis.ts';

const HEIGHT = 320;

/**
 * The three scores with their marker radii (spec 002 §9: 8 and 5): CX, drawn first and largest,
 * stays visible as a ring around AX and Network where they meet; Network is a diamond so that it
 * stays apart from AX at the same score.
 */
export const SCATTER_SERIES = [
  { field: 'cxScore', name: 'CX Score', radius: 8, symbol: 'circle' },
  { field: 'axScore', name: 'AX Score', radius: 5, symbol: 'circle' },
  { field: 'networkScore', name: 'Network Score', radius: 5, symbol: 'diamond' },
] as const;

type Point = [number, number, string];

interface Props {
  jobs: readonly InsightJob[] | undefined;
  range: TimeRange;
  /** When the jobs were fetched: a relative range ('now-4h') is resolved at that time. */
  at: Date;
  onOpen: (job: InsightJob) => void;
}

/** CX, AX and Network scores over time (spec 002 §2.4, §9); a click on a point opens its job. */
export function ScoresScatterChart({ jobs, range, at, onOpen }: Props) {
  const theme = useTheme();
  const scored = useMemo(() => (jobs ?? []).filter(isScored), [jobs]);
  const byId = useMemo(() => new Map(scored.map((job) => [job.jobId, job])), [scored]);

  const option = useMemo<ChartOption>(() => {
    let window: { from: number; to: number } | null = null;
    try {
      const resolved = resolveTimeRange(range, at);
      window = { from: resolved.fromTime.getTime(), to: resolved.toTime.getTime() };
    } catch {
      // A malformed range from an old link: the axis fits the points instead.
    }
    const unit = timeAxisUnitMs(window ? window.to - window.from : 4 * 3600_000);
    // Network in violet: amber and red mean warnings on these pages.
    const colours = [theme.palette.primary.main, theme.palette.secondary.main, '#7c3aed'];
    return {
      animation: false,
      grid: { left: 40, right: 24, top: 40, bottom: 40 },
      legend: { top: 0, data: SCATTER_SERIES.map((s) => s.name) },
      tooltip: {
        trigger: 'item',
        formatter: (params: unknown) => {
          const p = params as { seriesName?: string; data?: Point };
          const job = p.data ? byId.get(p.data[2]) : undefined;
          if (!job || !p.data) return '';
          return [
            `<b>${p.seriesName ?? ''}: ${scoreText(p.data[1])}</b>`,
            dateText(job.createdOn),
            job.status,
            job.description,
          ]
            .map((line) => escapeHtml(line))
            .join('<br/>');
        },
      },
      // A value axis of epoch ms: ECharts' time axis picks its own steps (20 minutes, say)
      // where the spec wants 30 minutes, 1, 2 or 5 hours or 1 day.
      xAxis: {
        type: 'value',
        min: window ? alignedAxisStart(window.from, unit) : 'dataMin',
        max: window?.to ?? 'dataMax',
        interval: unit,
        axisLabel: {
          formatter: (value: number) => timeAxisLabel(value, unit),
          hideOverlap: true,
          showMaxLabel: false,
        },
        splitLine: { show: true },
      },
      yAxis: { type: 'value', min: 0, max: 10, interval: 1, name: 'Score' },
      series: SCATTER_SERIES.map((s, i) => ({
        type: 'scatter' as const,
        name: s.name,
        symbol: s.symbol,
        symbolSize: s.radius * 2,
        itemStyle: { color: colours[i], opacity: 0.85 },
        emphasis: { scale: 1.3 },
        cursor: 'pointer',
        data: scored
          .filter((job) => job[s.field] !== null)
          .map((job): Point => [Date.parse(job.createdOn), job[s.field] ?? 0, job.jobId]),
      })),
    };
  }, [scored, byId, range, at, theme]);

  const onEvents = useMemo(
    () => ({
      click: (params: unknown) => {
        const data = (params as { data?: Point }).data;
        const job = data ? byId.get(data[2]) : undefined;
        if (job) onOpen(job);
      },
    }),
    [byId, onOpen],
  );

  if (jobs === undefined)
    return <Skeleton variant="rounded" height={HEIGHT} aria-label="Loading scores" />;
  return (
    <Box sx={{ position: 'relative' }} data-testid="insights-scatter" data-points={scored.length}>
      <EChart option={option} height={HEIGHT} ariaLabel={T.scoresOverTime} onEvents={onEvents} />
      {scored.length === 0 && (
        <Typography
          color="text.secondary"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            pointerEvents: 'none',
          }}
        >
          {SYNTHETIC_TEXTS.noDataFound}
        </Typography>
      )}
    </Box>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
