import { apiBlob } from '../../../lib/api-client.ts';

/** GET {recordingUrl}: a call's WAV recording, fetched with the API's auth headers. */
export function getCallRecording(recordingUrl: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(recordingUrl, { signal });
}
