/** Business constants of spec 000 §9 for the config catalogue. */
export const SOFTPHONE_TYPES = ['NATIVE', 'CUSTOM', 'AUTO'] as const;
export const DEFAULT_SOFTPHONE_TYPE = 'NATIVE';
export const CCP_LOG_LEVELS = [
  'off',
  'TRACE',
  'DEBUG',
  'INFO',
  'LOG',
  'WARN',
  'ERROR',
  'CRITICAL',
] as const;
export const SSO_PROVIDERS = ['off', 'OKTA', 'AZURE'] as const;
export const TEST_ACCENTS = ['US', 'AU', 'UK'] as const;
export const DEFAULT_TEST_ACCENT = 'US';
export const DEFAULT_TEST_STATUS = 'Agent Test';
export const CONNECT_RTC_VERSIONS = ['v1.1.7', 'v1.1.6', 'v1.1.5', 'v1.1.4'] as const;
export const STREAMS_VERSIONS = ['1.5.1', '1.5.0', '1.4.9', '1.4.8'] as const;
export const HIERARCHY_LEVELS = [1, 2, 3, 4, 5] as const;

/** Threshold bounds of spec 000 §5 and §9. */
export const MOS_BOUNDS = { min: 1, max: 5 } as const;
export const PERFORMANCE_BOUNDS = { min: 0, max: 99 } as const;

/** Extension alert defaults of spec 000 §9. */
export const ALERT_DEFAULTS = {
  mosLow: 3.5,
  mosVeryLow: 2,
  mosDurationSeconds: 10,
  performanceLowPercent: 80,
  performanceVeryLowPercent: 90,
  performanceDurationSeconds: 30,
  backgroundNoiseHighDb: 70,
  backgroundNoiseBaseDb: 55,
  crosstalkHighPercent: 90,
  crosstalkBasePercent: 50,
  crosstalkLatencyThresholdMs: 200,
  audioExposureHighDb: 85,
} as const;

/** Watcher trigger defaults of spec 000 §9 (also the network alert defaults). */
export const WATCHER_TRIGGER_DEFAULTS = {
  mosAtMost: 3.5,
  packetLossPercentAtLeast: 1,
  jitterMsAtLeast: 30,
  latencyMsAtLeast: 400,
} as const;
