import { useCallback, useRef, useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts, type ChartInstance, type ChartOption } from './echarts-core.ts';
import { useChartTheme } from './chart-theme.ts';

/** A stretch of a time axis, epoch milliseconds. */
export interface TimeSpan {
  from: number;
  to: number;
}

export interface EChartProps {
  option: ChartOption;
  height?: number;
  /**
   * Charts of one group are connected (echarts.connect): zooming, the tooltip and the axis
   * pointer of one move all of them.
   */
  group?: string;
  /** Accessible name of the chart canvas. */
  ariaLabel?: string;
  onEvents?: Record<string, (params: unknown, chart: ChartInstance) => void>;
  onReady?: (chart: ChartInstance) => void;
  /** SVG draws text as text (crisp, measurable); canvas (the default) draws many points faster. */
  renderer?: 'canvas' | 'svg';
  /**
   * Drag across the plot of a time axis (the first x axis) to pick a stretch of it, as in
   * Grafana: called with the stretch when the button is released.
   */
  onZoom?: (span: TimeSpan) => void;
}

/** The property of a chart's element that holds its ECharts instance (see `chartOfElement`). */
export const CHART_ELEMENT_PROPERTY = '__echarts';

/**
 * Keeps the instance on its element, so that a browser test reads what is drawn (getOption)
 * from the element alone: not enumerable, no global, nothing a user sees.
 */
function keepOnElement(chart: ChartInstance) {
  Object.defineProperty(chart.getDom(), CHART_ELEMENT_PROPERTY, {
    value: chart,
    configurable: true,
    enumerable: false,
  });
}

/** A drag shorter than this many pixels is a click, not a zoom. */
const MIN_DRAG_PX = 5;
const SVG_OPTS = { renderer: 'svg' } as const;
const CANVAS_OPTS = { renderer: 'canvas' } as const;

/** One ECharts chart with the app's theme; options replace the previous ones (no merge). */
export function EChart({
  option,
  height = 240,
  group,
  ariaLabel,
  onEvents,
  onReady,
  renderer = 'canvas',
  onZoom,
}: EChartProps) {
  const theme = useChartTheme();
  const muiTheme = useTheme();
  const instance = useRef<ChartInstance | null>(null);
  const handleReady = useCallback(
    (chart: ChartInstance) => {
      instance.current = chart;
      keepOnElement(chart);
      if (group) {
        chart.group = group;
        echarts.connect(group);
      }
      onReady?.(chart);
    },
    [group, onReady],
  );
  const [drag, setDrag] = useState<{ x0: number; x1: number } | null>(null);
  const at = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return [event.clientX - box.left, event.clientY - box.top] as const;
  };
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const chart = instance.current;
    if (!onZoom || !chart || event.button !== 0) return;
    const [x, y] = at(event);
    if (!chart.containPixel({ gridIndex: 0 }, [x, y])) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.preventDefault();
    setDrag({ x0: x, x1: x });
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!drag) return;
    const [x] = at(event);
    setDrag({ x0: drag.x0, x1: x });
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const chart = instance.current;
    if (!drag || !chart) return;
    setDrag(null);
    const [x] = at(event);
    if (Math.abs(x - drag.x0) < MIN_DRAG_PX) return;
    const ends = [drag.x0, x].map((px) => Number(chart.convertFromPixel({ xAxisIndex: 0 }, px)));
    const [a = NaN, b = NaN] = ends;
    if (!Number.isFinite(a) || !Number.isFinite(b)) return;
    onZoom?.({ from: Math.min(a, b), to: Math.max(a, b) });
  };
  return (
    <Box
      role="img"
      aria-label={ariaLabel}
      sx={{
        width: '100%',
        height,
        position: 'relative',
        ...(onZoom ? { cursor: 'crosshair', touchAction: 'pan-y', userSelect: 'none' } : {}),
      }}
      {...(onZoom
        ? {
            onPointerDown,
            onPointerMove,
            onPointerUp,
            onPointerCancel: () => setDrag(null),
            'data-zoomable': 'x',
          }
        : {})}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        theme={theme}
        notMerge
        lazyUpdate
        opts={renderer === 'svg' ? SVG_OPTS : CANVAS_OPTS}
        style={{ width: '100%', height }}
        onChartReady={handleReady}
        onEvents={onEvents}
      />
      {drag && (
        <Box
          data-testid="zoom-selection"
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: Math.min(drag.x0, drag.x1),
            width: Math.abs(drag.x1 - drag.x0),
            bgcolor: alpha(muiTheme.palette.primary.main, 0.15),
            borderLeft: 1,
            borderRight: 1,
            borderColor: 'primary.main',
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}
