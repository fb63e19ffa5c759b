import { ACCESS, type Permission } from '../access/permissions.ts';

/**
 * Who may do what on the call detail. The spec names no telemetry permission (002 §6): telemetry
 * events carry device and connection details of agents' machines, so admin and super hold it.
 */
export const CALL_DETAIL_ACCESS = {
  view: ACCESS.viewerAdminSuper,
  telemetry: ACCESS.adminSuper,
} as const satisfies Record<string, readonly Permission[]>;

/** Most rows one call detail answer carries per list; a longer list says so in its total. */
export const CALL_DETAIL_LIMITS = {
  /** One day of seconds: no real call is longer. */
  maxSeconds: 86_400,
  maxLogs: 10_000,
  maxTelemetryEvents: 10_000,
} as const;

/** Texts of the call detail (spec 002 §4, §8). */
export const CALL_DETAIL_TEXTS = {
  loading: 'Loading...',
  unableData: 'Unable to retrieve data',
  unableSummary: 'Unable to retrieve Summary Trace',
  unableRtc: 'Unable to retrieve RTC Trace',
  unableLogs: 'Unable to retrieve Softphone Logs',
  unableTelemetry: 'Unable to retrieve Telemetry Logs',
  noData: 'No data Found',
  noLogs: 'No logs available',
  noSummary: 'No summary available',
  notAvailable: 'N/A',
  dash: '-',
  unavailable: 'Unavailable',
  telemetryForbidden: 'You do not have permission to view telemetry of calls',
  regionInvalid: 'Region must be letters, digits and hyphens (for example ap-southeast-2)',
} as const;

/** Tabs of the call detail and their sub-paths (spec 002 §2.10); Charts is the default. */
export const CALL_DETAIL_TABS = [
  { key: 'charts', path: '', label: 'Charts' },
  { key: 'summary', path: 'summary', label: 'Summary' },
  { key: 'rtc', path: 'rtc', label: 'WebRTC' },
  { key: 'logs', path: 'logs', label: 'Softphone Logs' },
  { key: 'telemetry', path: 'telemetry', label: 'Telemetry' },
] as const;
export type CallDetailTabKey = (typeof CALL_DETAIL_TABS)[number]['key'];
