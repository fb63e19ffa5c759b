import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import { gaugeChange } from '@callsight/shared';
import { EChart, type ChartOption } from '../../../../../components/charts/index.ts';
import { INSIGHT_TEXTS as T } from '../texts.ts';

export type GaugeColour = ReturnType<typeof gaugeChange>['colour'];

/** The gauge colours of spec 002 §9 (a true yellow for the arc, a darker one for its text). */
export function gaugeColours(theme: Theme): Record<GaugeColour, { arc: string; text: string }> {
  return {
    green: { arc: theme.palette.success.main, text: theme.palette.success.dark },
    yellow: { arc: '#eab308', text: '#a16207' },
    red: { arc: theme.palette.error.main, text: theme.palette.error.dark },
  };
}

export interface GaugeFigure {
  title: string;
  current: number | null;
  previous: number | null;
  /** The gauge's full scale: 10 for scores, 100 for a percentage. */
  max: number;
  unit?: '%';
  currentCount?: number;
  previousCount?: number;
}

/** A figure as shown: one decimal at most, with its unit; '-' when there is none. */
export const figureText = (value: number | null, unit = '') =>
  value === null ? '-' : `${Math.round(value * 10) / 10}${unit}`;

/**
 * A tab's gauge header (spec 002 §2.4, §2.8, §9): this period's figure on a gauge coloured by
 * its change against the previous period, with 'Up n%' / 'Down n%' and the previous figure.
 */
export function GaugeHeader({ figure, loading }: { figure: GaugeFigure; loading: boolean }) {
  const theme = useTheme();
  const change = gaugeChange(figure.current, figure.previous);
  const colour = gaugeColours(theme)[change.colour];
  const value = figureText(figure.current, figure.unit);
  const { current, max, title } = figure;

  const option = useMemo<ChartOption>(
    () => ({
      animation: false,
      series: [
        {
          type: 'gauge',
          min: 0,
          max,
          startAngle: 210,
          endAngle: -30,
          radius: '100%',
          center: ['50%', '58%'],
          progress: { show: true, width: 14, roundCap: true, itemStyle: { color: colour.arc } },
          axisLine: {
            roundCap: true,
            lineStyle: { width: 14, color: [[1, theme.palette.divider]] },
          },
          pointer: { show: false },
          anchor: { show: false },
          axisTick: { show: false },
          splitLine: { show: false },
          axisLabel: { show: false },
          title: { show: false },
          detail: {
            offsetCenter: [0, '0%'],
            fontSize: 26,
            fontWeight: 700,
            color: theme.palette.text.primary,
            formatter: () => value,
          },
          data: [{ value: current ?? 0, name: title }],
        },
      ],
    }),
    [current, max, title, colour.arc, theme, value],
  );

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={3}
      sx={{ alignItems: 'center', px: 2, py: 1.5 }}
      data-testid="gauge-header"
      data-colour={change.colour}
    >
      <Box sx={{ width: 200, flexShrink: 0 }}>
        {loading ? (
          <Skeleton variant="circular" width={150} height={150} sx={{ mx: 'auto' }} />
        ) : (
          <EChart option={option} height={150} ariaLabel={`${figure.title} gauge`} />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" color="text.secondary">
          {figure.title}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
          <Typography variant="h4" component="p" aria-label={`${figure.title} value`}>
            {loading ? <Skeleton width={60} /> : value}
          </Typography>
          {change.text && !loading && (
            <Typography
              variant="subtitle1"
              component="p"
              sx={{ color: colour.text, fontWeight: 700 }}
              data-testid="gauge-change"
            >
              {change.text}
            </Typography>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {T.previousPeriod}: {figureText(figure.previous, figure.unit)}
          {figure.previousCount !== undefined && ` (${T.jobs(figure.previousCount)})`}
        </Typography>
        {figure.currentCount !== undefined && (
          <Typography variant="body2" color="text.secondary">
            {T.currentPeriod}: {T.jobs(figure.currentCount)}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
