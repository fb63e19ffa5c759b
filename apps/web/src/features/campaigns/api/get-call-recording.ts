import { authorizedFetch } from './authorized-fetch.ts';

/** GET {recordingUrl}: a call's WAV recording, fetched with the API's auth headers. */
export async function getCallRecording(recordingUrl: string, signal?: AbortSignal): Promise<Blob> {
  const response = await authorizedFetch(recordingUrl, { signal });
  return response.blob();
}
