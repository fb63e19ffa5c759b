import Typography from '@mui/material/Typography';

/** A section's empty text ('No data received'), centred where its content would be. */
export function EmptyText({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
      {text}
    </Typography>
  );
}
