import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** A failed load, said in words, with a Retry button. */
export function RetryAlert({
  children,
  onRetry,
  testId,
}: {
  children: ReactNode;
  onRetry: () => void;
  testId?: string;
}) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

export interface LoadStateProps {
  failed: boolean;
  failedText: ReactNode;
  onRetry: () => void;
}

/** What stands in for data still loading: a spinner, or the failure with Retry. */
export function LoadState({ failed, failedText, onRetry }: LoadStateProps) {
  return failed ? (
    <RetryAlert onRetry={onRetry}>{failedText}</RetryAlert>
  ) : (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
