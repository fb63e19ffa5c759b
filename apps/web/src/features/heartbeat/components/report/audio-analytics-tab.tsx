import { useState, type ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SYNTHETIC_TEXTS, type JobDetails, type PolqaScore } from '@callsight/shared';
import { AudioHops } from '../../../gsm/synthetic/components/audio-hops.tsx';
import { AudioZoom, DEFAULT_AUDIO_ZOOM } from '../../../gsm/synthetic/components/audio-zoom.tsx';
import { EmptyText } from '../../../gsm/synthetic/components/empty-text.tsx';
import { orderedHops } from '../../../gsm/synthetic/report-items.ts';
import { LatencyDiagram } from './latency-diagram.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" aria-label={title} spacing={1.5}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function HopsSection({ title, hops, zoom }: { title: string; hops: PolqaScore[]; zoom: number }) {
  return (
    <Section title={title}>
      {hops.length > 0 ? (
        <AudioHops hops={hops} zoom={zoom} />
      ) : (
        <EmptyText text={SYNTHETIC_TEXTS.noAudioQuality} />
      )}
    </Section>
  );
}

/**
 * Audio Analytics (spec 002 §2.9): the inbound hops (what the customer and the agent send into
 * the contact centre) and the outbound ones compared with their references, with the loss per
 * hop, and the Round Trip Audio Latency diagram.
 */
export function AudioAnalyticsTab({ details }: { details: JobDetails }) {
  const [zoom, setZoom] = useState(DEFAULT_AUDIO_ZOOM);
  const inbound = orderedHops(details.polqaScores, 'inbound');
  const outbound = orderedHops(details.polqaScores, 'outbound');
  return (
    <Stack spacing={3}>
      {details.polqaScores.length > 0 && <AudioZoom value={zoom} onChange={setZoom} />}
      <HopsSection title="Inbound Audio Quality" hops={inbound} zoom={zoom} />
      <HopsSection title="Outbound Audio Quality" hops={outbound} zoom={zoom} />
      <Section title="Round Trip Audio Latency">
        <LatencyDiagram details={details} />
      </Section>
    </Stack>
  );
}
