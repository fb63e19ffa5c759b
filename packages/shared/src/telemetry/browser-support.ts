import { SUPPORTED_BROWSERS } from './constants.ts';

// Browsers whose version numbers are Chromium's (Opera and Vivaldi number their own).
const CHROMIUM_NAMES = [
  'chrome',
  'google chrome',
  'chromium',
  'edge',
  'microsoft edge',
  'edg',
  'brave',
];

/**
 * Whether a softphone's browser is supported: Chromium-based browsers from version 120 and
 * Firefox from 115 (ESR). Any other browser (Safari, Internet Explorer, unknown names) and a
 * supported one without a readable major version count as unsupported.
 */
export function isSupportedBrowser(name: string, version: string | null): boolean {
  const lower = name.trim().toLowerCase();
  const major = Number.parseInt(version ?? '', 10);
  if (!Number.isFinite(major)) return false;
  if (CHROMIUM_NAMES.some((n) => lower === n || lower.startsWith(`${n} `)))
    return major >= SUPPORTED_BROWSERS.chromium;
  if (lower === 'firefox' || lower.startsWith('firefox ') || lower === 'mozilla firefox')
    return major >= SUPPORTED_BROWSERS.firefox;
  return false;
}
