import type { Theme } from '@mui/material/styles';
import type { RegionHealth } from '@callsight/shared';

/**
 * The colour of a region's health: the gauges' green, yellow and red (spec 002 §9, the insights
 * gauge header's), grey while none of its jobs has ended.
 */
export function healthColours(theme: Theme): Record<RegionHealth, string> {
  return {
    green: theme.palette.success.main,
    yellow: '#eab308',
    red: theme.palette.error.main,
    none: theme.palette.grey[500],
  };
}
