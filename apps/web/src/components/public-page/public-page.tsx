import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Logo } from '../brand/index.ts';
import { useDocumentTitle } from '../page-header/index.ts';

interface PublicPageProps {
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
}

/** A centred card on the brand background, for the pages outside the group (no sign-in). */
export function PublicPage({ title, icon, children }: PublicPageProps) {
  useDocumentTitle(title);
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
        p: 2,
        background: 'radial-gradient(circle at 20% 0%, #1e3a8a 0%, #0b1730 55%, #071022 100%)',
      }}
    >
      <Logo size={36} color="#fff" />
      <Paper sx={{ width: '100%', maxWidth: 520, p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        {icon && <Box sx={{ mb: 2, display: 'flex', justifyContent: 'center' }}>{icon}</Box>}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
