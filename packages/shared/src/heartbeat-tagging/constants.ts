/** Heartbeat Tagging texts of spec 000 §2.5, §5 and §9, letter for letter. */
export const TAGGING_TEXTS = {
  numbersTab: 'To Numbers',
  taggingTab: 'Tagging',
  numbersHeading: 'Set the dial number for connect regions',
  newConfig: 'New Config',
  numberLength: (region: string) => `${region} could not be set. Check the number length`,
  atLeastOneCondition: 'Add at least one condition',
  sameOperator: 'All conditions must share one operator',
  duplicateName: (name: string) => `A tagging config named ${name} already exists`,
  thresholdNumber: 'Threshold must be a number',
  duplicateRegion: (region: string) => `${region} is listed more than once`,
  unknownRegion: (region: string) => `${region} is not an Amazon Connect region`,
} as const;

/** Connect number length, spec 000 §9. */
export const CONNECT_NUMBER_LENGTH = { min: 10, max: 15 } as const;

/** Longest region name a dial number may be sent for (the known ones are 9 to 14 characters). */
export const CONNECT_REGION_MAX_LENGTH = 50;

/** Tagging operators of spec 000 §9. */
export const TAGGING_OPERATORS = [
  { value: '<', label: 'Less Than (<)' },
  { value: '>', label: 'Greater Than (>)' },
] as const;
export type TaggingOperator = (typeof TAGGING_OPERATORS)[number]['value'];

/** Config keys where tagging configs and connect numbers are stored per group. */
export const CALL_TAG_CONFIGURATIONS = 'CALL_TAG_CONFIGURATIONS';
export const GSM_CONNECT_NUMBERS = 'GSM_CONNECT_NUMBERS';

/** The Amazon Connect regions (commercial partitions), each with its place name. */
export const CONNECT_REGIONS = [
  { value: 'us-east-1', label: 'US East (N. Virginia)' },
  { value: 'us-west-2', label: 'US West (Oregon)' },
  { value: 'af-south-1', label: 'Africa (Cape Town)' },
  { value: 'ap-northeast-1', label: 'Asia Pacific (Tokyo)' },
  { value: 'ap-northeast-2', label: 'Asia Pacific (Seoul)' },
  { value: 'ap-southeast-1', label: 'Asia Pacific (Singapore)' },
  { value: 'ap-southeast-2', label: 'Asia Pacific (Sydney)' },
  { value: 'ca-central-1', label: 'Canada (Central)' },
  { value: 'eu-central-1', label: 'Europe (Frankfurt)' },
  { value: 'eu-west-2', label: 'Europe (London)' },
] as const;
export type ConnectRegion = (typeof CONNECT_REGIONS)[number]['value'];

/**
 * Heartbeat job measures a tagging config may test (job and log fields of spec 002 §3, and the
 * warning tags of §9: call quality, latency, post dial delay, ringing time, CPU, memory,
 * softphone error, unsupported browser, packet loss, jitter, RTT, MOS). CPU and memory are the
 * agent machine's average use; softphone error and unsupported browser are 1 (yes) or 0 (no).
 */
export const TAGGING_FIELDS = [
  { value: 'mos', label: 'MOS' },
  { value: 'cxScore', label: 'CX score' },
  { value: 'axScore', label: 'AX score' },
  { value: 'networkScore', label: 'Network score' },
  { value: 'jitter', label: 'Jitter (ms)' },
  { value: 'packetLoss', label: 'Packet loss (%)' },
  { value: 'rtt', label: 'Round-trip time (ms)' },
  { value: 'audioLatency', label: 'Audio latency (ms)' },
  { value: 'postDialDelay', label: 'Post dial delay (ms)' },
  { value: 'ringingTime', label: 'Ringing time (ms)' },
  { value: 'cpu', label: 'CPU usage (%)' },
  { value: 'memory', label: 'Memory usage (%)' },
  { value: 'softphoneError', label: 'Softphone error (1 yes, 0 no)' },
  { value: 'unsupportedBrowser', label: 'Unsupported browser (1 yes, 0 no)' },
] as const;
export type TaggingField = (typeof TAGGING_FIELDS)[number]['value'];

/** Fields measured as 1 (yes) or 0 (no): a condition "Greater Than (>) 0" names the yes. */
export const YES_NO_TAGGING_FIELDS: readonly TaggingField[] = [
  'softphoneError',
  'unsupportedBrowser',
];

/** A config's status text when a job has none of its tags (spec 002 §9: Normal for latency). */
export const TAGGING_DEFAULT_TEXT = { default: 'Good', latency: 'Normal' } as const;

/** Latency fields: their configs read "Normal" rather than "Good" without a tag. */
export const LATENCY_TAGGING_FIELDS: readonly string[] = ['audioLatency'];
