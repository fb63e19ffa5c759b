import { useMemo } from 'react';
import { useTheme } from '@mui/material/styles';
import { SYNTHETIC_LIMITS } from '@callsight/shared';
import { EChart, type ChartOption } from '../../../../components/charts/index.ts';
import { SYNTHETIC_SCREEN_TEXTS as T } from '../texts.ts';
import { splitEnvelope, zoomWindowPercent } from './waveform.ts';

interface Props {
  /** Accessible name of the chart, e.g. "Dialler to Connect waveform". */
  title: string;
  /** The API's envelopes (interleaved min/max pairs) of the reference and the recording. */
  waveform: { reference: readonly number[]; degraded: readonly number[] };
  /** Audio zoom, 20 to 100. */
  zoom: number;
  height?: number;
}

/**
 * The reference and the received recording of a hop as two envelopes over each other (what was
 * sent against what arrived); the audio zoom narrows the window, dragging pans it.
 */
export function WaveformChart({ title, waveform, zoom, height = 160 }: Props) {
  const theme = useTheme();
  const option = useMemo<ChartOption>(() => {
    const { min: zoomMin, max: zoomMax } = SYNTHETIC_LIMITS.audioZoom;
    const line = (name: string, values: number[], color: string) => ({
      type: 'line' as const,
      name,
      data: values.map((v, i) => [i, v]),
      color,
      showSymbol: false,
      lineStyle: { width: 0.8 },
      areaStyle: { opacity: 0.35 },
      animation: false,
    });
    const reference = splitEnvelope(waveform.reference);
    const degraded = splitEnvelope(waveform.degraded);
    const refColour = theme.palette.text.disabled;
    const recColour = theme.palette.primary.main;
    return {
      legend: { top: 0, right: 8, itemHeight: 8, data: [T.reference, T.degraded] },
      grid: { left: 8, right: 8, top: 24, bottom: 8 },
      tooltip: { show: false },
      xAxis: { type: 'value', show: false, min: 0, max: 'dataMax' },
      yAxis: { type: 'value', show: false, min: -1, max: 1 },
      dataZoom: [
        {
          type: 'inside',
          xAxisIndex: 0,
          filterMode: 'none',
          start: 0,
          end: zoomWindowPercent(zoom, zoomMin, zoomMax),
        },
      ],
      series: [
        line(T.reference, reference.max, refColour),
        line(T.reference, reference.min, refColour),
        line(T.degraded, degraded.max, recColour),
        line(T.degraded, degraded.min, recColour),
      ],
    };
  }, [waveform, zoom, theme]);
  return <EChart option={option} height={height} ariaLabel={title} />;
}
