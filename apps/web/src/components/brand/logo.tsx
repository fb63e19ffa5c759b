import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Callsight mark: a call waveform in a rounded square. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden="true"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path
        d="M6 17h3l2-6 4 12 3-9 2 5 2-2h4"
        fill="none"
        stroke="#5eead4"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}

/** Mark plus the product name. */
export function Logo({ size = 32, color = 'inherit' }: { size?: number; color?: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color }}>
      <LogoMark size={size} />
      <Typography
        component="span"
        sx={{ fontWeight: 700, fontSize: size * 0.62, letterSpacing: '-0.02em' }}
      >
        Callsight
      </Typography>
    </Box>
  );
}
