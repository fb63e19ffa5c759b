import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isApiError } from '../../../lib/api-client.ts';

/** A failed list fetch: the server's message (it names the field) and Retry. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {isApiError(error) ? error.message : 'The list could not be loaded.'}
    </Alert>
  );
}
