import { useState, type ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SYNTHETIC_TEXTS, type JobDetails, type PolqaScore } from '@callsight/shared';
import { AudioHops } from '../../../gsm/synthetic/components/audio-hops.tsx';
import { AudioZoom, DEFAULT_AUDIO_ZOOM } from '../../../gsm/synthetic/components/audio-zoom.tsx';
import { EmptyText } from '../../../gsm/synthetic/components/empty-text.tsx';
import { orderedHops, reportedHops } from '../../../gsm/synthetic/report-items.ts';
import { LatencyDiagram } from './latency-diagram.tsx';

/** Test ids of the tab's sections (e2e/heartbeat.spec.ts finds the waveforms by them). */
const AUDIO_SECTION_TEST_IDS = {
  inbound: 'heartbeat-audio-inbound',
  outbound: 'heartbeat-audio-outbound',
  latency: 'heartbeat-audio-latency',
} as const;

function Section({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack component="section" aria-label={title} data-testid={testId} spacing={1.5}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function HopsSection({
  title,
  testId,
  hops,
  zoom,
}: {
  title: string;
  testId: string;
  hops: PolqaScore[];
  zoom: number;
}) {
  return (
    <Section title={title} testId={testId}>
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
 * hop (a virtual agent's call has no agent leg), and the Round Trip Audio Latency diagram.
 */
export function AudioAnalyticsTab({ details }: { details: JobDetails }) {
  const [zoom, setZoom] = useState(DEFAULT_AUDIO_ZOOM);
  const hops = reportedHops(details);
  const inbound = orderedHops(hops, 'inbound');
  const outbound = orderedHops(hops, 'outbound');
  return (
    <Stack spacing={3}>
      {hops.length > 0 && <AudioZoom value={zoom} onChange={setZoom} />}
      <HopsSection
        title="Inbound Audio Quality"
        testId={AUDIO_SECTION_TEST_IDS.inbound}
        hops={inbound}
        zoom={zoom}
      />
      <HopsSection
        title="Outbound Audio Quality"
        testId={AUDIO_SECTION_TEST_IDS.outbound}
        hops={outbound}
        zoom={zoom}
      />
      <Section title="Round Trip Audio Latency" testId={AUDIO_SECTION_TEST_IDS.latency}>
        <LatencyDiagram details={details} />
      </Section>
    </Stack>
  );
}
