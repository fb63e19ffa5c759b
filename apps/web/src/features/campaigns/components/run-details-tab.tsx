import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CampaignRun } from '@callsight/shared';
import { dateText } from '../format.ts';
import { SummaryList, campaignItems, type SummaryItem } from './summary-list.tsx';

const DIALLERS = { sip: 'Built-in SIP dialler', twilio: 'Twilio' } as const;

/** The run's own facts: its description and tags, status, times and dialler. */
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
  ];
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
