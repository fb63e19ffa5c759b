import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CampaignRun } from '@callsight/shared';
import { dateText } from '../format.ts';
import { SummaryList, campaignItems, type SummaryItem } from './summary-list.tsx';

const DIALLERS = { sip: 'Built-in SIP dialler', twilio: 'Twilio' } as const;

/** The run's own facts: its description and tags, status, times, dialler and its pacing. */
function runItems(run: CampaignRun): SummaryItem[] {
  return [
    { label: 'Run Description', value: run.runDescription },
    { label: 'Run Tags', value: run.runTags.join(', ') },
    { label: 'Status', value: run.status },
    { label: 'Outcome', value: run.outcome ?? '' },
    { label: 'Created', value: dateText(run.createdOn) },
    { label: 'Started', value: dateText(run.startedAt) },
    { label: 'Ended', value: dateText(run.endedAt) },
    { label: 'Cancelled At', value: dateText(run.canceledAt) },
    { label: 'Dialler', value: run.dialler ? DIALLERS[run.dialler] : '' },
    { label: 'Rate Reached', value: rateText(run) },
    { label: 'Calls Held Back', value: heldBackText(run) },
  ];
}

/** The call rate the dialler reached beside the one asked (ours, issue 31). */
function rateText(run: CampaignRun): string {
  if (run.rateReached === null) return '';
  const digits = run.rateReached < 10 ? 1 : 0;
  return `${run.rateReached.toFixed(digits)} of ${run.callsPerSecond} calls/s`;
}

/** Calls the dialler held back beyond its capacity: placed later, never failed for it. */
function heldBackText(run: CampaignRun): string {
  if (run.heldBackCalls === 0) return run.startedAt ? 'None' : '';
  return `${run.heldBackCalls} (the dialler paced down at its capacity; they were placed later, not failed)`;
}

/** The Run Details tab (spec 001 §2): a read-only summary of the campaign and the run. */
export function RunDetailsTab({ run }: { run: CampaignRun }) {
  return (
    <Stack spacing={2}>
      {(
        [
          ['Run', runItems(run)],
          ['Campaign', campaignItems(run)],
        ] as const
      ).map(([title, items]) => (
        <Paper key={title} variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
            {title}
          </Typography>
          <SummaryList label={title} items={items} />
        </Paper>
      ))}
    </Stack>
  );
}
