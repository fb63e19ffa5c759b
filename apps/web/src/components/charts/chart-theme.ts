import { useMemo } from 'react';
import { useTheme, type Theme } from '@mui/material/styles';

/** An ECharts theme from the MUI theme: its fonts, text and line colours and a palette. */
export function chartTheme(theme: Theme) {
  const { palette, typography } = theme;
  const axis = {
    axisLine: { lineStyle: { color: palette.divider } },
    axisTick: { lineStyle: { color: palette.divider } },
    axisLabel: { color: palette.text.secondary },
    splitLine: { lineStyle: { color: palette.divider, type: 'dashed' } },
    nameTextStyle: { color: palette.text.secondary },
  };
  return {
    // Ten colours: a chart of up to ten series never gives two the same one.
    color: [
      palette.primary.main,
      palette.secondary.main,
      palette.warning.main,
      palette.error.main,
      palette.info.main,
      palette.success.main,
      '#7c3aed',
      '#db2777',
      '#a16207',
      '#475569',
    ],
    backgroundColor: 'transparent',
    textStyle: { fontFamily: typography.fontFamily, color: palette.text.primary },
    title: {
      textStyle: { color: palette.text.primary, fontSize: 14, fontWeight: 600 },
      subtextStyle: { color: palette.text.secondary },
    },
    legend: { textStyle: { color: palette.text.secondary } },
    tooltip: {
      backgroundColor: palette.background.paper,
      borderColor: palette.divider,
      textStyle: { color: palette.text.primary, fontSize: 12 },
    },
    timeAxis: axis,
    valueAxis: axis,
    logAxis: axis,
    categoryAxis: axis,
  };
}

/** The chart theme of the current MUI theme (stable while the MUI theme is). */
export function useChartTheme() {
  const theme = useTheme();
  return useMemo(() => chartTheme(theme), [theme]);
}
