import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HeadsetMicRoundedIcon from '@mui/icons-material/HeadsetMicRounded';
import HubRoundedIcon from '@mui/icons-material/HubRounded';
import PersonRoundedIcon from '@mui/icons-material/PersonRounded';
import { pstnLatencyMs, SYNTHETIC_TEXTS, type JobDetails } from '@callsight/shared';
import { EmptyText } from '../../../gsm/synthetic/components/empty-text.tsx';
import { msText } from '../../../gsm/synthetic/format.ts';

/** The three parties of the round trip (spec 002 §2.9). */
const NODES = { customer: 'Customer', ccaas: 'CCaaS', agent: 'Agent' } as const;

const latencyOf = (details: JobDetails, type: 'echo' | 'connect') =>
  details.audioLatency.find((l) => l.recordingType === type)?.averageLatencyMs ?? null;

function Node({ label, icon }: { label: string; icon: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, textAlign: 'center', minWidth: 96 }}>
      <Box sx={{ color: 'primary.main' }}>{icon}</Box>
      <Typography variant="subtitle2">{label}</Typography>
    </Paper>
  );
}

function Link({ label, value }: { label: string; value: string }) {
  return (
    <Stack sx={{ flex: 1, alignItems: 'center', minWidth: 90 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ width: '100%', borderTop: 2, borderColor: 'divider', my: 0.5 }} />
      <Typography variant="body2" sx={{ fontWeight: 600 }} aria-label={label}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * The Round Trip Audio Latency diagram (spec 002 §2.9, §9): Customer, CCaaS and Agent, the
 * PSTN latency (echo - connect) between the first two, the connect latency between the last
 * two, and the echo latency of the whole round trip.
 */
export function LatencyDiagram({ details }: { details: JobDetails }) {
  const echo = latencyOf(details, 'echo');
  const connect = latencyOf(details, 'connect');
  if (echo === null && connect === null) return <EmptyText text={SYNTHETIC_TEXTS.noAudioLatency} />;
  const pstn = details.pstnLatencyMs ?? pstnLatencyMs(echo, connect);
  return (
    <Box component="figure" aria-label="Round Trip Audio Latency diagram" sx={{ m: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Node label={NODES.customer} icon={<PersonRoundedIcon />} />
        <Link label="PSTN Latency" value={msText(pstn)} />
        <Node label={NODES.ccaas} icon={<HubRoundedIcon />} />
        <Link label="Connect Latency" value={msText(connect)} />
        <Node label={NODES.agent} icon={<HeadsetMicRoundedIcon />} />
      </Stack>
      <Box
        sx={{
          mt: 2,
          mx: 6,
          borderBottom: 2,
          borderLeft: 2,
          borderRight: 2,
          borderColor: 'divider',
          height: 12,
        }}
      />
      <Typography component="figcaption" variant="body2" sx={{ textAlign: 'center', mt: 1 }}>
        Echo Latency (round trip): <strong aria-label="Echo Latency">{msText(echo)}</strong>
      </Typography>
    </Box>
  );
}
