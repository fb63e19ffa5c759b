import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client.ts';

/** Saves a blob as a file through a temporary link (the browser's download). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** GET /api/canvas/v1/upload/{importId}/download, saved as `<importId>.zip`. */
export async function downloadImport(importId: string): Promise<void> {
  const blob = await apiBlob(`/canvas/v1/upload/${encodeURIComponent(importId)}/download`);
  saveBlob(`${importId}.zip`, blob);
}

export function useDownloadImport() {
  return useMutation({ mutationFn: downloadImport });
}
