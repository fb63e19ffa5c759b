/** The file name of every table's CSV download (spec 001 §9). */
export const CSV_FILE_NAME = 'tableDownload.csv';

export { toCsv } from '@callsight/shared';

/** Saves text as a file through a temporary link (the browser's download). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
