import { Link, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { agentTypeLabel, SYNTHETIC_TEXTS, type InsightJob } from '@callsight/shared';
import { useJobDetails } from '../../api/get-job-details.ts';
import type { JobKind } from '../../api/job-paths.ts';
import { StatusChip } from '../../components/status-chip.tsx';
import { SummaryCard, type SummaryItem } from '../../components/summary-card.tsx';
import { TagChips } from '../../components/tag-chips.tsx';
import { hopLabel, mosText, msText } from '../../format.ts';
import {
  networkScoreMeasures,
  reportedHops,
  orderedHops,
  telephonyItems,
} from '../../report-items.ts';
import { INSIGHT_TEXTS as T } from '../texts.ts';
import { insightScoreText, isScored } from './insight-columns.tsx';

interface Props {
  kind: JobKind;
  /** The insights row; the job's details (fetched here) add its preview line and From number. */
  job: InsightJob;
  /** The job's report, or null when it has none. */
  reportHref: string | null;
}

/** An expanded row of an insights table (spec 002 §2.4, §2.8): the job's details at a glance. */
export function JobPreview({ kind, job, reportHref }: Props) {
  const { groupId = '' } = useParams();
  const details = useJobDetails(groupId, kind, job.jobId);
  const data = details.data;
  const where: SummaryItem[] =
    kind === 'monitor'
      ? [
          { label: 'Connect Region', value: job.connectRegion ?? '-' },
          { label: 'Agent Region', value: job.agentRegion ?? '-' },
        ]
      : [
          { label: 'Agent Type', value: job.agentType ? agentTypeLabel(job.agentType) : '-' },
          { label: 'Agent ID', value: job.agentId ?? '-' },
          { label: 'From', value: data ? (data.job.fromNumber ?? '-') : '…' },
          { label: 'To', value: job.toNumber ?? '-' },
        ];
  const echo = data?.audioLatency.find((l) => l.recordingType === 'echo')?.averageLatencyMs;

  return (
    <Stack spacing={1.5} data-testid="job-preview" sx={{ whiteSpace: 'normal' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {data?.job.preview ?? job.status}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {reportHref && (
          <Button size="small" variant="outlined" component={Link} to={reportHref}>
            {T.openReport}
          </Button>
        )}
      </Stack>
      {details.isPending && <LinearProgress aria-label={T.loadingPreview} />}
      {details.isError && (
        <Typography variant="body2" color="error">
          {SYNTHETIC_TEXTS.jobDetailsFailed}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <SummaryCard
          title="Job"
          items={[
            { label: 'Status', value: <StatusChip status={job.status} /> },
            ...where,
            { label: 'Carrier', value: job.carrier ?? '-' },
            { label: 'CX / AX / Network', value: scoresLine(job) },
            {
              label: 'Insights',
              value: isScored(job) ? <TagChips tags={job.tags} label="Insights" /> : '-',
            },
            ...(data?.message ? [{ label: 'Message', value: data.message }] : []),
          ]}
        />
        <SummaryCard title="Telephony" items={data ? telephonyItems(data, undefined) : []} />
        <SummaryCard
          title="Audio and Network"
          items={
            data
              ? [
                  ...orderedHops(reportedHops(data)).map((hop) => ({
                    label: hopLabel(hop.location),
                    value: mosText(hop.score),
                  })),
                  { label: 'Round Trip Latency', value: msText(echo) },
                  ...networkScoreMeasures(data).items,
                ]
              : []
          }
        />
      </Box>
    </Stack>
  );
}

const scoresLine = (job: InsightJob) =>
  (['cxScore', 'axScore', 'networkScore'] as const)
    .map((field) => insightScoreText(job, job[field]))
    .join(' / ');
