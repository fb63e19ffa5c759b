import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import type { RegionHealth } from '@callsight/shared';
import { healthColours } from '../health.ts';
import { HEALTH_LABELS } from '../texts.ts';

/** A health as a coloured dot and its word (the colour is never the only sign). */
export function HealthBadge({ health }: { health: RegionHealth }) {
  const theme = useTheme();
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} data-health={health}>
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: healthColours(theme)[health],
        }}
      />
      <span>{HEALTH_LABELS[health]}</span>
    </Stack>
  );
}

/** The legend of the health colours, above the map. */
export function HealthLegend() {
  const healths: RegionHealth[] = ['green', 'yellow', 'red', 'none'];
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 0.5 }} aria-label="Health">
      {healths.map((h) => (
        <HealthBadge key={h} health={h} />
      ))}
    </Stack>
  );
}
