import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import {
  agentTypeLabel,
  type JobDetails,
  type JobInsights,
  type JobStats,
} from '@callsight/shared';
import { clockText, dayText, hopLabel, mosText, msText } from '../../../gsm/synthetic/format.ts';
import {
  hopScore,
  networkAverageItems,
  scoreHeadline,
  telephonyItems,
} from '../../../gsm/synthetic/report-items.ts';
import { JobStatsCharts } from '../../../gsm/synthetic/components/job-stats-charts.tsx';
import { StatusChip } from '../../../gsm/synthetic/components/status-chip.tsx';
import { SummaryCard, type SummaryItem } from '../../../gsm/synthetic/components/summary-card.tsx';
import { TagChips } from '../../../gsm/synthetic/components/tag-chips.tsx';

/** The measures a score is made of (decision G-scores of jobScores): two hops and the round trip. */
function scoreItems(details: JobDetails, hops: readonly string[]): SummaryItem[] {
  const echo = details.audioLatency.find((l) => l.recordingType === 'echo')?.averageLatencyMs;
  return [
    ...hops.map((location) => ({
      label: hopLabel(location),
      value: mosText(hopScore(details.polqaScores, location)),
    })),
    { label: 'Round Trip Latency', value: msText(echo) },
  ];
}

/**
 * Results (spec 002 §2.9): the summary (agent type, start, end, date, heartbeat ID, top
 * insights), Telephony, and the CX, AX and Network scores out of 10 with what each is made of.
 */
export function ResultsTab({
  details,
  insights,
  stats,
}: {
  details: JobDetails;
  insights: JobInsights | undefined;
  stats: JobStats | undefined;
}) {
  const { job, softphoneEvents } = details;
  const start = softphoneEvents.connected ?? job.createdOn;
  const end = softphoneEvents.ended ?? job.updatedOn;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <SummaryCard
          title="Summary"
          items={[
            { label: 'Agent Type', value: job.agentType ? agentTypeLabel(job.agentType) : '-' },
            { label: 'Agent ID', value: job.agentId ?? '-' },
            { label: 'Start', value: clockText(start) },
            { label: 'End', value: clockText(end) },
            { label: 'Date', value: dayText(start) },
            { label: 'Heartbeat ID', value: job.heartbeatId ?? '-' },
            {
              label: 'Top Insights',
              value: (
                <TagChips tags={details.tags} cells={details.tagStatus} label="Top Insights" />
              ),
            },
          ]}
        />
        <SummaryCard
          title="Telephony"
          items={[
            { label: 'Status', value: <StatusChip status={job.status} /> },
            ...telephonyItems(details, insights),
          ]}
        />
        <SummaryCard
          title="CX Score"
          headline={scoreHeadline(job.status, job.cxScore)}
          items={scoreItems(details, ['connect_to_dialler', 'agent_to_connect'])}
        />
        <SummaryCard
          title="AX Score"
          headline={scoreHeadline(job.status, job.axScore)}
          items={scoreItems(details, ['dialler_to_connect', 'connect_to_agent'])}
        />
        <SummaryCard
          title="Network Score"
          headline={scoreHeadline(job.status, job.networkScore)}
          items={networkAverageItems(details.softphoneSummary)}
        />
      </Box>
      {stats && stats.length > 0 && <JobStatsCharts stats={stats} />}
    </Stack>
  );
}
