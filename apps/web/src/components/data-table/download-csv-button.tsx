import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import { isApiError } from '../../lib/api-client.ts';
import { useSnackbar } from '../snackbar/index.ts';
import { CSV_FILE_NAME, downloadText, toCsv } from './csv.ts';

interface Props<Row> {
  columns: readonly { headerName: string; text?: (row: Row) => string }[];
  fetchRows: () => Promise<readonly Row[]>;
  disabled: boolean;
}

/** "Download CSV": the rows as tableDownload.csv, comma-separated; a failed fetch is reported. */
export function DownloadCsvButton<Row>({ columns, fetchRows, disabled }: Props<Row>) {
  const [busy, setBusy] = useState(false);
  const snackbar = useSnackbar();
  async function download() {
    setBusy(true);
    try {
      const rows = await fetchRows();
      const csv = toCsv(
        columns.map((c) => c.headerName),
        rows.map((row) => columns.map((c) => c.text?.(row) ?? '')),
      );
      downloadText(CSV_FILE_NAME, csv, 'text/csv;charset=utf-8');
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
      size="small"
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadRoundedIcon />}
      disabled={disabled || busy}
      onClick={() => void download()}
    >
      Download CSV
    </Button>
  );
}
