import { DownloadButton } from './download-button.tsx';
import { CSV_FILE_NAME, downloadText, toCsv } from './csv.ts';

interface Props<Row> {
  columns: readonly { headerName: string; csvHeader?: string; text?: (row: Row) => string }[];
  fetchRows: () => Promise<readonly Row[]>;
  disabled: boolean;
}

/** "Download CSV": the rows as tableDownload.csv, comma-separated; a failed fetch is reported. */
export function DownloadCsvButton<Row>({ columns, fetchRows, disabled }: Props<Row>) {
  async function download() {
    const rows = await fetchRows();
    const csv = toCsv(
      columns.map((c) => c.csvHeader ?? c.headerName),
      rows.map((row) => columns.map((c) => c.text?.(row) ?? '')),
    );
    downloadText(CSV_FILE_NAME, csv, 'text/csv;charset=utf-8');
  }
  return <DownloadButton label="Download CSV" size="small" run={download} disabled={disabled} />;
}
