import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { SYNTHETIC_TEXTS, type JobDetails, type JobStats } from '@callsight/shared';
import { clockText, measureText, megabytesText } from '../../synthetic/format.ts';
import { EmptyText } from '../../synthetic/components/empty-text.tsx';
import { JobStatsCharts } from '../../synthetic/components/job-stats-charts.tsx';
import { NetworkMetricsTable } from '../../synthetic/components/network-metrics-table.tsx';
import { SummaryCard } from '../../synthetic/components/summary-card.tsx';
import { GSM_SCREEN_TEXTS as T } from '../../texts.ts';

type Softphone = NonNullable<JobDetails['softphoneSummary']>;

function SoftphoneCards({
  softphone,
  events,
}: {
  softphone: Softphone;
  events: JobDetails['softphoneEvents'];
}) {
  const { cpu, memory } = softphone.system;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <SummaryCard
        title={T.softphone}
        items={[
          { label: 'ISP', value: softphone.agentISP ?? '-' },
          { label: 'Local IP', value: softphone.agentLocalIPAddress ?? '-' },
          { label: 'External IP', value: softphone.agentExternalIPAddress ?? '-' },
          {
            label: 'Browser',
            value: softphone.browser
              ? `${softphone.browser.name} ${softphone.browser.version}`
              : '-',
          },
          { label: 'Country', value: softphone.agentCountry ?? '-' },
          { label: 'Region', value: softphone.agentRegion ?? '-' },
          { label: 'Network Type', value: softphone.networkType ?? '-' },
        ]}
      />
      <SummaryCard
        title="System"
        items={[
          { label: 'CPU Model', value: cpu.model ?? '-' },
          {
            label: 'CPU (min / avg / max)',
            value: [cpu.min, cpu.avg, cpu.max].map((v) => measureText(v, '%')).join(' / '),
          },
          {
            label: 'Memory (min / avg / max)',
            value: [memory.min, memory.avg, memory.max].map((v) => measureText(v, '%')).join(' / '),
          },
          { label: 'Memory Total', value: megabytesText(memory.total) },
          {
            label: 'ICE Servers',
            value:
              softphone.iceServers.map((s) => `${s.turnIpAddress}:${s.port}`).join(', ') || '-',
          },
        ]}
      />
      <SummaryCard
        title="Softphone Events"
        items={[
          { label: 'Connected', value: clockText(events.connected) },
          { label: 'Accepted', value: clockText(events.accepted) },
          { label: 'Ended', value: clockText(events.ended) },
        ]}
      />
      <SummaryCard title="Network Metrics" items={[]}>
        <NetworkMetricsTable softphone={softphone} />
      </SummaryCard>
    </Box>
  );
}

/**
 * Agent Network (spec 002 §3): the agent softphone's summary (ISP, addresses, browser, place,
 * network, measures, CPU and memory, ICE servers) and the call's per-second stats.
 */
export function AgentNetworkTab({
  details,
  stats,
}: {
  details: JobDetails;
  stats: JobStats | undefined;
}) {
  return (
    <Stack spacing={2}>
      {details.softphoneSummary ? (
        <SoftphoneCards softphone={details.softphoneSummary} events={details.softphoneEvents} />
      ) : (
        <EmptyText text={SYNTHETIC_TEXTS.noData} />
      )}
      {stats && stats.length > 0 && <JobStatsCharts stats={stats} />}
    </Stack>
  );
}
