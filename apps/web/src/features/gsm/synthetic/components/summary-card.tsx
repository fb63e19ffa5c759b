import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface SummaryItem {
  label: string;
  value: ReactNode;
}

interface Props {
  title: string;
  items: readonly SummaryItem[];
  /** A figure beside the title (a score "8/10"). */
  headline?: string;
  children?: ReactNode;
}

/** A titled card of label and value pairs (a section of a job report); '-' for empty values. */
export function SummaryCard({ title, items, headline, children }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5 }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {headline && (
          <Typography variant="h6" component="p" aria-label={`${title} value`}>
            {headline}
          </Typography>
        )}
      </Stack>
      {items.length > 0 && (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            columnGap: 2,
            rowGap: 1,
            gridTemplateColumns: 'minmax(120px, 45%) minmax(0, 1fr)',
          }}
        >
          {items.map((item) => (
            <Box key={item.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {item.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {item.value === '' || item.value === null ? '-' : item.value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {children}
    </Paper>
  );
}
