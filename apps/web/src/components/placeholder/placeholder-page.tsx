import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import { PageHeader } from '../page-header/index.ts';

interface PlaceholderPageProps {
  title: string;
  /** What the screen will do, in one line. */
  description?: string;
  /** Extra facts about the request (ids from the URL, the active filter). */
  children?: ReactNode;
}

/** A titled screen whose content a later issue fills in. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  return (
    <Box data-testid="placeholder-page">
      <PageHeader title={title} subtitle={description} />
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, md: 6 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 1.5,
          borderStyle: 'dashed',
          bgcolor: 'background.paper',
        }}
      >
        <Box
          sx={{
            width: 56,
            height: 56,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1),
            color: 'primary.main',
          }}
        >
          <ConstructionRoundedIcon />
        </Box>
        <Typography variant="h6" component="p">
          {title} is coming soon
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 480 }}>
          This screen is part of an upcoming release. Everything around it (navigation, permissions
          and links) already works.
        </Typography>
        {children && <Box sx={{ mt: 1, color: 'text.secondary' }}>{children}</Box>}
      </Paper>
    </Box>
  );
}
