import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SYNTHETIC_TEXTS, type PolqaScore } from '@callsight/shared';
import { hopLabel, lossText, mosText } from '../format.ts';
import { EmptyText } from './empty-text.tsx';
import { RecordingPlayer } from './recording-player.tsx';
import { WaveformChart } from './waveform-chart.tsx';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }} aria-label={label}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * One hop's audio quality (spec 002 §2.3, §9): its score on the POLQA scale against the
 * reference, the loss percent, the waveform of what was sent against what arrived, and Play.
 */
export function HopCard({ hop, zoom }: { hop: PolqaScore; zoom: number }) {
  const label = hopLabel(hop.location);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label}
      data-testid={`hop-${hop.location}`}
      sx={{ p: 2 }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {hop.location}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={3} sx={{ my: 1 }}>
        <Figure label="Score" value={mosText(hop.score)} />
        <Figure label="Reference" value={`${mosText(hop.reference)} (${hop.type})`} />
        <Figure label="Loss" value={lossText(hop.lossPercent)} />
      </Stack>
      {hop.waveform ? (
        <WaveformChart title={`${label} waveform`} waveform={hop.waveform} zoom={zoom} />
      ) : (
        <EmptyText text={SYNTHETIC_TEXTS.noData} />
      )}
      {hop.url && <RecordingPlayer url={hop.url} label={label} />}
    </Paper>
  );
}
