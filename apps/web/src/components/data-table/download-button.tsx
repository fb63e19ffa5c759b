import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { isApiError } from '../../lib/api-client.ts';
import { useSnackbar } from '../snackbar/index.ts';

interface Props {
  label: string;
  /** Fetches the rows and saves the file. */
  run: () => Promise<void>;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/** A download button that shows progress and reports a failed fetch in the snackbar. */
export function DownloadButton({ label, run, disabled, size }: Props) {
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();
  async function click() {
    setBusy(true);
    try {
      await run();
    } catch (err) {
      console.error('Download failed', err);
      snackbar.show(isApiError(err) ? err.message : 'The download failed. Try again.', 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="outlined"
      size={size}
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadRoundedIcon />}
      disabled={disabled || busy}
      onClick={() => void click()}
    >
      {label}
    </Button>
  );
}
