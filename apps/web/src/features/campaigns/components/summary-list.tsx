import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CampaignType } from '@callsight/shared';
import { campaignTypeLabel } from './campaign-type.tsx';

export interface SummaryItem {
  label: string;
  value: ReactNode;
}

/** Read-only label and value pairs, two columns on wide screens. */
export function SummaryList({ items, label }: { items: readonly SummaryItem[]; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        columnGap: 3,
        rowGap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {item.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {item.value === '' || item.value === null ? '-' : item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The parameters a campaign (or a run, as it ran) is defined by. */
export interface CampaignParameters {
  type: CampaignType;
  name: string;
  description: string;
  tags: readonly string[];
  fromNumber: string;
  toNumber: string | null;
  totalCalls: number;
  callsPerSecond: number;
  noAnswerTimeout: number;
  callDuration: number;
  answerTreatment: string;
}

/** The summary items of a campaign's parameters. */
export function campaignItems(c: CampaignParameters): SummaryItem[] {
  return [
    { label: 'Name', value: c.name },
    { label: 'Type', value: campaignTypeLabel(c.type) },
    { label: 'Description', value: c.description },
    { label: 'Tags', value: c.tags.join(', ') },
    { label: 'From Number', value: c.fromNumber },
    { label: 'To Number', value: c.toNumber ?? '' },
    { label: 'Total Calls', value: String(c.totalCalls) },
    { label: 'Calls Per Second', value: String(c.callsPerSecond) },
    { label: 'No Answer Timeout (s)', value: String(c.noAnswerTimeout) },
    { label: 'Call Duration (s)', value: String(c.callDuration) },
    { label: 'Answer Treatment', value: c.answerTreatment },
  ];
}
