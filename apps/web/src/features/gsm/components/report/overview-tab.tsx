import Box from '@mui/material/Box';
import type { JobDetails, JobInsights } from '@callsight/shared';
import { jobScoreText, mosText } from '../../synthetic/format.ts';
import { telephonyItems } from '../../synthetic/report-items.ts';
import { StatusChip } from '../../synthetic/components/status-chip.tsx';
import { SummaryCard } from '../../synthetic/components/summary-card.tsx';
import { TagChips } from '../../synthetic/components/tag-chips.tsx';

/** Overview (spec 002 §2.3): status and scores, regions and numbers, telephony, tags. */
export function OverviewTab({
  details,
  insights,
}: {
  details: JobDetails;
  insights: JobInsights | undefined;
}) {
  const { job } = details;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <SummaryCard
        title="Status"
        items={[
          { label: 'Status', value: <StatusChip status={job.status} /> },
          { label: 'MOS', value: mosText(job.mos) },
          { label: 'CX Score', value: jobScoreText(job.status, job.cxScore) },
          { label: 'AX Score', value: jobScoreText(job.status, job.axScore) },
          { label: 'Network Score', value: jobScoreText(job.status, job.networkScore) },
        ]}
      />
      <SummaryCard
        title="Regions and Numbers"
        items={[
          { label: 'Monitor ID', value: job.monitorId ?? '-' },
          { label: 'Connect Region', value: job.connectRegion ?? '-' },
          { label: 'Agent Region', value: job.agentRegion ?? '-' },
          { label: 'From Number', value: job.fromNumber ?? insights?.summary.from.caller ?? '-' },
          { label: 'To Number', value: job.toNumber ?? insights?.summary.to.callee ?? '-' },
          { label: 'Carrier', value: job.carrier ?? insights?.summary.to.carrier ?? '-' },
          { label: 'Carrier Edge', value: insights?.carrier_edge ?? '-' },
        ]}
      />
      <SummaryCard title="Telephony" items={telephonyItems(details, insights)} />
      <SummaryCard title="Tags" items={[]}>
        <TagChips tags={details.tags} cells={details.tagStatus} label="Tags" />
      </SummaryCard>
    </Box>
  );
}
