import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SYNTHETIC_LIMITS } from '@callsight/shared';
import { SYNTHETIC_SCREEN_TEXTS as T } from '../texts.ts';

const { min, max } = SYNTHETIC_LIMITS.audioZoom;

/** The audio zoom of the waveform charts, 20 to 100 (spec 002 §2.3). */
export function AudioZoom({
  value,
  onChange,
}: {
  value: number;
  onChange: (zoom: number) => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 360 }}>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {T.audioZoom}
      </Typography>
      <Slider
        value={value}
        min={min}
        max={max}
        step={1}
        valueLabelDisplay="auto"
        onChange={(_event, next) => onChange(Array.isArray(next) ? (next[0] ?? min) : next)}
        slotProps={{ input: { 'aria-label': T.audioZoom } }}
      />
    </Stack>
  );
}

/** The zoom the charts open with: the whole recording. */
export const DEFAULT_AUDIO_ZOOM: number = min;
