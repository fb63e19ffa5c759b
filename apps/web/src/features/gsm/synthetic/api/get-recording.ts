import { apiBlob } from '../../../../lib/api-client.ts';

/** GET {url} of a hop (polqaScores[].url): its WAV recording, fetched with the API's auth. */
export function getRecording(url: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(url, { signal });
}
