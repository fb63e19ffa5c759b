import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTheme, type Theme } from '@mui/material/styles';
import { REGION_COORDINATES, type RegionStat } from '@callsight/shared';
import { EChart, type ChartOption } from '../../../../components/charts/index.ts';
import { dateText, scoreText } from '../../synthetic/format.ts';
import { healthColours } from '../health.ts';
import { HEALTH_LABELS, STATUS_TEXTS as T } from '../texts.ts';
import { useWorldMap, WORLD_MAP } from '../world-map.ts';

const HEIGHT = 460;
const SIZE = { min: 12, range: 26 };
/** Agent regions are pins standing on their city, so that a connect region there stays visible. */
const PIN_SCALE = 1.35;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A bubble's size: the square root of its share of the busiest region's jobs. */
const bubbleSize = (jobs: number, most: number) =>
  SIZE.min + SIZE.range * Math.sqrt(most > 0 ? jobs / most : 0);

const percentText = (value: number | null) => (value === null ? '-' : `${value}%`);

/** The popup of a region (ECharts tooltip, on hover and on click). */
export function regionPopup(stat: RegionStat): string {
  const role = stat.role === 'connect' ? T.connect : T.agent;
  const line = (label: string, value: string) =>
    `<div style="display:flex;justify-content:space-between;gap:16px"><span>${escapeHtml(label)}</span><b>${escapeHtml(value)}</b></div>`;
  return [
    `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(stat.region)} (${role.toLowerCase()} region)</div>`,
    line(T.health, HEALTH_LABELS[stat.health]),
    line(T.jobs, `${stat.jobs} (${T.finishedOf(stat.finished)})`),
    line(T.completed, percentText(stat.completedPercentage)),
    line(
      T.meanScores,
      [stat.cxScore, stat.axScore, stat.networkScore].map((s) => scoreText(s)).join(' / '),
    ),
    line(T.lastJob, dateText(stat.lastJobOn)),
  ].join('');
}

/** The stat of a point by its series and index (the one hovered or clicked). */
type PointStats = (raw: unknown) => RegionStat | undefined;

function mapOption(
  theme: Theme,
  regions: RegionStat[],
): { option: ChartOption; statOf: PointStats } {
  const colours = healthColours(theme);
  const placed = regions.filter((r) => REGION_COORDINATES[r.region]);
  const most = Math.max(0, ...placed.map((r) => r.jobs));
  const ofRole = (role: RegionStat['role']) => placed.filter((r) => r.role === role);
  const point = (r: RegionStat, scale = 1) => ({
    name: r.region,
    value: [...(REGION_COORDINATES[r.region] ?? [0, 0]), r.jobs],
    symbolSize: bubbleSize(r.jobs, most) * scale,
    itemStyle: { color: colours[r.health] },
  });
  const connect = ofRole('connect');
  const agent = ofRole('agent');
  const impaired = placed.filter((r) => r.health === 'red');
  const bySeries = [connect, agent, impaired];
  const statOf: PointStats = (raw) => {
    const p = raw as { seriesIndex?: number; dataIndex?: number };
    return bySeries[p.seriesIndex ?? -1]?.[p.dataIndex ?? -1];
  };
  // One name per city: a pin is labelled only where no connect region is.
  const connectCities = new Set(connect.map((r) => r.region));
  const label = (position: 'right' | 'top', show = true) => ({
    show,
    position,
    formatter: '{b}',
    color: theme.palette.text.primary,
    fontSize: 11,
    textBorderColor: theme.palette.background.paper,
    textBorderWidth: 2,
  });
  const pin = { symbol: 'pin', symbolOffset: [0, '-50%'] as [number, string] };
  const land = theme.palette.mode === 'dark' ? theme.palette.grey[800] : theme.palette.grey[200];
  const option: ChartOption = {
    tooltip: {
      trigger: 'item',
      formatter: (raw: unknown) => {
        const stat = statOf(raw);
        return stat ? regionPopup(stat) : '';
      },
    },
    legend: {
      data: [T.connectRegions, T.agentRegions],
      left: 8,
      top: 8,
      itemStyle: { color: theme.palette.text.secondary },
    },
    geo: {
      map: WORLD_MAP,
      roam: true,
      scaleLimit: { min: 1, max: 8 },
      top: 36,
      bottom: 8,
      itemStyle: { areaColor: land, borderColor: theme.palette.background.paper, borderWidth: 0.6 },
      emphasis: { disabled: true },
      select: { disabled: true },
      // No tooltip option here: the series on the map read theirs through the geo's.
      silent: true,
    },
    series: [
      {
        type: 'scatter',
        name: T.connectRegions,
        coordinateSystem: 'geo',
        symbol: 'circle',
        data: connect.map((r) => point(r)),
        label: label('right'),
        labelLayout: { hideOverlap: true },
        itemStyle: { borderColor: theme.palette.background.paper, borderWidth: 1.5, opacity: 0.9 },
        emphasis: { scale: 1.15 },
        z: 4,
      },
      {
        type: 'scatter',
        name: T.agentRegions,
        coordinateSystem: 'geo',
        ...pin,
        data: agent.map((r) => ({
          ...point(r, PIN_SCALE),
          label: label('top', !connectCities.has(r.region)),
        })),
        label: label('top'),
        labelLayout: { hideOverlap: true },
        itemStyle: { borderColor: theme.palette.background.paper, borderWidth: 1.5, opacity: 0.9 },
        emphasis: { scale: 1.15, label: { show: true } },
        z: 5,
      },
      {
        // A ripple around impaired regions draws the eye; no legend entry, no popup of its own.
        type: 'effectScatter',
        name: HEALTH_LABELS.red,
        coordinateSystem: 'geo',
        data: impaired.map((r) => ({
          ...point(r, r.role === 'agent' ? PIN_SCALE : 1),
          ...(r.role === 'agent' ? pin : {}),
          itemStyle: { color: 'transparent', borderColor: colours.red, borderWidth: 1 },
        })),
        rippleEffect: { brushType: 'stroke', scale: 2, period: 3 },
        silent: true,
        tooltip: { show: false },
        z: 3,
      },
    ],
  };
  return { option, statOf };
}

interface Props {
  regions: RegionStat[];
  onSelect: (stat: RegionStat) => void;
}

/**
 * The world map of the status page (spec 002 §2.5): world-atlas countries; a circle per connect
 * region and a pin per agent region on its city, sized by its jobs and coloured by its health;
 * a popup on hover and click, and a click picks the region for the latest jobs below.
 */
export function RegionMap({ regions, onSelect }: Props) {
  const theme = useTheme();
  const mapState = useWorldMap();
  const { option, statOf } = useMemo(() => mapOption(theme, regions), [theme, regions]);
  const onEvents = useMemo(
    () => ({
      click: (raw: unknown) => {
        const stat = statOf(raw);
        if (stat) onSelect(stat);
      },
    }),
    [statOf, onSelect],
  );
  if (mapState === 'failed') return <Alert severity="warning">{T.mapFailed}</Alert>;
  if (mapState === 'loading')
    return <Skeleton variant="rounded" height={HEIGHT} data-testid="status-map-loading" />;
  return <EChart option={option} height={HEIGHT} ariaLabel={T.mapLabel} onEvents={onEvents} />;
}
