import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CALL_DETAIL_TEXTS } from '@callsight/shared';

/** Not resolved yet (spec 002 §4): "Loading..." over placeholders. */
export function DetailLoading({ rows = 3 }: { rows?: number }) {
  return (
    <Box aria-busy="true">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {CALL_DETAIL_TEXTS.loading}
      </Typography>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={56} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

/** A part of the call that could not be read ("Unable to retrieve ..."). */
export function DetailUnavailable({ text }: { text: string }) {
  return (
    <Alert severity="error" variant="outlined">
      {text}
    </Alert>
  );
}

/** An empty part ("No logs available", "No summary available" ...). */
export function DetailEmpty({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}
