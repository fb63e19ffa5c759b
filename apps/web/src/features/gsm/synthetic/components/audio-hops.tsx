import Box from '@mui/material/Box';
import type { PolqaScore } from '@callsight/shared';
import { HopCard } from './hop-card.tsx';

/** The hops' audio quality cards side by side, two a row on wide screens. */
export function AudioHops({ hops, zoom }: { hops: readonly PolqaScore[]; zoom: number }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {hops.map((hop) => (
        <HopCard key={hop.location} hop={hop} zoom={zoom} />
      ))}
    </Box>
  );
}
