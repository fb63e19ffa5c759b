import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { SYNTHETIC_TEXTS, type JobDetails } from '@callsight/shared';
import { AudioHops } from '../../synthetic/components/audio-hops.tsx';
import { AudioZoom, DEFAULT_AUDIO_ZOOM } from '../../synthetic/components/audio-zoom.tsx';
import { EmptyText } from '../../synthetic/components/empty-text.tsx';
import { orderedHops, reportedHops } from '../../synthetic/report-items.ts';

/** Audio Quality (spec 002 §2.3): each hop's POLQA-scale score, loss, waveform and recording. */
export function AudioQualityTab({ details }: { details: JobDetails }) {
  const [zoom, setZoom] = useState(DEFAULT_AUDIO_ZOOM);
  const hops = orderedHops(reportedHops(details));
  if (hops.length === 0) return <EmptyText text={SYNTHETIC_TEXTS.noAudioQuality} />;
  return (
    <Stack spacing={2}>
      <AudioZoom value={zoom} onChange={setZoom} />
      <AudioHops hops={hops} zoom={zoom} />
    </Stack>
  );
}
