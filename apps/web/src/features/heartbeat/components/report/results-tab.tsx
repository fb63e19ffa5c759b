import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import {
  AGENT_LEG_HOPS,
  agentTypeLabel,
  hasAgentLeg,
  type AudioHopLocation,
  type JobDetails,
  type JobInsights,
  type JobStats,
} from '@callsight/shared';
import { clockText, dayText, hopLabel, mosText, msText } from '../../../gsm/synthetic/format.ts';
import {
  hopScore,
  networkScoreMeasures,
  scoreHeadline,
  scoreMeasures,
  telephonyItems,
  type ScoreMeasures,
} from '../../../gsm/synthetic/report-items.ts';
import { JobStatsCharts } from '../../../gsm/synthetic/components/job-stats-charts.tsx';
import { StatusChip } from '../../../gsm/synthetic/components/status-chip.tsx';
import { SummaryCard } from '../../../gsm/synthetic/components/summary-card.tsx';
import { TagChips } from '../../../gsm/synthetic/components/tag-chips.tsx';

/**
 * The measures a score is made of (decision G11, jobScores): two hops and the round trip; a hop
 * of the agent leg only where the call has one (issue 33).
 */
function scoreItems(details: JobDetails, hops: readonly AudioHopLocation[]): ScoreMeasures {
  const echo = details.audioLatency.find((l) => l.recordingType === 'echo')?.averageLatencyMs;
  const agentLeg = hasAgentLeg(details.job.agentType);
  return scoreMeasures([
    ...hops
      .filter((location) => agentLeg || !AGENT_LEG_HOPS.includes(location))
      .map((location) => {
        const score = hopScore(details.polqaScores, location);
        return { label: hopLabel(location), value: score, text: mosText(score) };
      }),
    { label: 'Round Trip Latency', value: echo, text: msText(echo) },
  ]);
}

/** A score's card: its headline out of 10 and what it is made of. */
function ScoreCard({
  title,
  status,
  score,
  measures,
}: {
  title: string;
  status: string;
  score: number | null;
  measures: ScoreMeasures;
}) {
  return (
    <SummaryCard
      title={title}
      headline={scoreHeadline(status, score, measures.measured)}
      items={measures.items}
    />
  );
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
        <ScoreCard
          title="CX Score"
          status={job.status}
          score={job.cxScore}
          measures={scoreItems(details, ['connect_to_dialler', 'agent_to_connect'])}
        />
        <ScoreCard
          title="AX Score"
          status={job.status}
          score={job.axScore}
          measures={scoreItems(details, ['dialler_to_connect', 'connect_to_agent'])}
        />
        <ScoreCard
          title="Network Score"
          status={job.status}
          score={job.networkScore}
          measures={networkScoreMeasures(details)}
        />
      </Box>
      {stats && stats.length > 0 && <JobStatsCharts stats={stats} />}
    </Stack>
  );
}
