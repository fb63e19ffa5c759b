/** The 21 selectable AWS regions of spec 000 §9, from us-east-1 to sa-east-1. */
export const EVENTBRIDGE_REGIONS = [
  { value: 'us-east-1', label: 'US East (N. Virginia)' },
  { value: 'us-east-2', label: 'US East (Ohio)' },
  { value: 'us-west-1', label: 'US West (N. California)' },
  { value: 'us-west-2', label: 'US West (Oregon)' },
  { value: 'af-south-1', label: 'Africa (Cape Town)' },
  { value: 'ap-east-1', label: 'Asia Pacific (Hong Kong)' },
  { value: 'ap-south-1', label: 'Asia Pacific (Mumbai)' },
  { value: 'ap-northeast-3', label: 'Asia Pacific (Osaka)' },
  { value: 'ap-northeast-2', label: 'Asia Pacific (Seoul)' },
  { value: 'ap-southeast-1', label: 'Asia Pacific (Singapore)' },
  { value: 'ap-southeast-2', label: 'Asia Pacific (Sydney)' },
  { value: 'ap-northeast-1', label: 'Asia Pacific (Tokyo)' },
  { value: 'ca-central-1', label: 'Canada (Central)' },
  { value: 'eu-central-1', label: 'Europe (Frankfurt)' },
  { value: 'eu-west-1', label: 'Europe (Ireland)' },
  { value: 'eu-west-2', label: 'Europe (London)' },
  { value: 'eu-south-1', label: 'Europe (Milan)' },
  { value: 'eu-west-3', label: 'Europe (Paris)' },
  { value: 'eu-north-1', label: 'Europe (Stockholm)' },
  { value: 'me-south-1', label: 'Middle East (Bahrain)' },
  { value: 'sa-east-1', label: 'South America (São Paulo)' },
] as const;

export type EventBridgeRegion = (typeof EVENTBRIDGE_REGIONS)[number]['value'];
export const EVENTBRIDGE_REGION_VALUES = EVENTBRIDGE_REGIONS.map((r) => r.value) as [
  EventBridgeRegion,
  ...EventBridgeRegion[],
];

/** Statuses an event source may have (spec 000 §3, §4); anything else reads as unknown. */
export const EVENT_SOURCE_STATUSES = ['pending', 'active', 'deleted'] as const;
export type EventSourceStatus = (typeof EVENT_SOURCE_STATUSES)[number];

export const EVENTBRIDGE = {
  /** Letters, digits, dot, hyphen and underscore (spec 000 §5). */
  namePattern: /^[A-Za-z0-9._-]+$/,
  nameMaxLength: 100,
  /** Account number: exactly 12 digits (spec 000 §9). */
  accountPattern: /^\d{12}$/,
  namePrefix: 'aws.partner',
  defaultPartnerDomain: 'callsight.local',
} as const;

/** Texts of spec 000 §2.5, §5 and §8 for EventBridge, letter for letter where quoted. */
export const EVENTBRIDGE_TEXTS = {
  title: 'EventBridge',
  addButton: 'Add Event Source',
  emptyState: 'No event sources configured',
  invalidName:
    'Event Source Name is required and can only contain alphanumeric characters, hyphens (-), underscores (_), and periods (.)',
  invalidAccount: 'Invalid Account Number',
  regionRequired: 'Required (AWS Region)',
  created: 'Event source is created successfully.',
  createFailed: 'Error - Unable to create event source.',
  deleted: 'Event source is deleted successfully.',
  deleteFailed: 'Error - Unable to delete event source.',
  namePatternFailure: 'Event source name should contain only the following characters...',
  notAllowlisted:
    'Invalid AWS Account: this AWS account is not allowed to receive events from us. Please check the account number and try again.',
  alreadyExists:
    'Event source name already exists with given AWS account. Please try again with a unique name.',
  createHttpError: 'An error occurred while creating event source. Please try again.',
  createUnexpected: 'Unexpected error occurred while creating EventBridge source.',
  fetchUnexpected: 'Unexpected error occurred while fetching EventBridge sources.',
  pendingTooltip:
    'An event bus must be associated with this event source before it receives events: in your AWS account, open EventBridge → Partner event sources and associate it with an event bus.',
  notEnabled: 'EventBridge is not enabled for this group.',
  notFound: 'Event source not found.',
  associateWithAws:
    'This event source lives in AWS: associate it with an event bus in the AWS account that owns it (EventBridge console → Partner event sources).',
} as const;

/** The full partner event source name: aws.partner/{domain}/{groupId}/{name} (spec 000 §5, §9). */
export function fullEventSourceName(domain: string, groupId: string, name: string): string {
  return `${EVENTBRIDGE.namePrefix}/${domain}/${groupId}/${name}`;
}

/** The status as shown: the known three, otherwise unknown (spec 000 §3). */
export function eventSourceStatusOf(
  status: string | null | undefined,
): EventSourceStatus | 'unknown' {
  const s = (status ?? '').toLowerCase();
  return (EVENT_SOURCE_STATUSES as readonly string[]).includes(s)
    ? (s as EventSourceStatus)
    : 'unknown';
}

export const EVENT_SOURCE_STATUS_LABELS: Record<EventSourceStatus | 'unknown', string> = {
  pending: 'Pending',
  active: 'Active',
  deleted: 'Deleted',
  unknown: 'Unknown',
};
