/**
 * Screen texts of the GSM and heartbeat screens that spec 002 does not give (ours); the
 * spec's own texts are SYNTHETIC_TEXTS of @callsight/shared.
 */
export const SYNTHETIC_SCREEN_TEXTS = {
  timestamp: 'Timestamp',
  report: 'Report',
  refresh: 'Refresh',
  callContactId: 'Call Contact ID',
  audioZoom: 'Audio zoom',
  playRecording: 'Play recording',
  recordingFailed: 'The recording could not be played.',
  reference: 'Reference',
  degraded: 'Received',
  good: 'Good',
  disable: 'Disable',
  retest: 'Retest',
  delete: 'Delete',
} as const;
