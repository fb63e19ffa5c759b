/**
 * Workflows (watchers), spec 001 §3, §4, §5, §9 and spec 000 §9: the applications, the trigger
 * catalogue with its conditions, the actions, the trigger → action limits and the texts.
 * Pure data shared by the server (validation, evaluation) and the web wizard.
 */
import type { FeatureFlag } from '../access/features.ts';
import { VALIDATION_TEXTS } from '../common/validation.ts';
import type { Permission } from '../access/permissions.ts';

/** The known applications; a watcher of any other application is "System Managed". */
export const WORKFLOW_APPLICATIONS = [
  { id: 'aws-connect', label: 'Amazon Connect', icon: 'aws-connect', feature: null },
  { id: 'genesys', label: 'Genesys Cloud', icon: 'genesys', feature: 'genesys' },
  { id: 'twilio', label: 'Twilio Flex', icon: 'twilio', feature: 'twilio' },
  { id: 'cisco', label: 'Cisco Webex Contact Center', icon: 'cisco', feature: 'cisco' },
] as const satisfies readonly {
  id: string;
  label: string;
  icon: string;
  /** The group feature flag that enables the application; null: always enabled. */
  feature: FeatureFlag | null;
}[];
export type WorkflowApplicationId = (typeof WORKFLOW_APPLICATIONS)[number]['id'];
export const WORKFLOW_APPLICATION_IDS = WORKFLOW_APPLICATIONS.map((a) => a.id);

/** True when the application is one of the known list (otherwise the watcher is system managed). */
export function isKnownApplication(application: string): application is WorkflowApplicationId {
  return (WORKFLOW_APPLICATION_IDS as readonly string[]).includes(application);
}

/** Action kinds (spec 001 §9 "Workflow actions"), in the wizard's order. */
export const WORKFLOW_ACTIONS = [
  { id: 'send-email', label: 'Send Email', icon: 'email', feature: null },
  { id: 'invoke-webhook', label: 'Invoke Webhook', icon: 'webhook', feature: null },
  {
    id: 'agent-notification',
    label: 'Agent Assist Notification',
    icon: 'notification',
    feature: null,
  },
  { id: 'test-action', label: 'Callsight Test', icon: 'test', feature: 'testActions' },
  { id: 'slack', label: 'Slack', icon: 'slack', feature: 'slack' },
  { id: 'agent-alert', label: 'Agent Alert', icon: 'alert', feature: null },
  { id: 'app-specific', label: 'App Specific', icon: 'app', feature: 'appSpecific' },
  { id: 'eventbridge', label: 'Amazon Eventbridge', icon: 'eventbridge', feature: 'eventbridge' },
] as const satisfies readonly {
  id: string;
  label: string;
  icon: string;
  /** The group feature flag that offers the action; null: always offered. */
  feature: FeatureFlag | null;
}[];
export type WorkflowActionKind = (typeof WORKFLOW_ACTIONS)[number]['id'];
export const WORKFLOW_ACTION_KINDS = WORKFLOW_ACTIONS.map((a) => a.id) as [
  WorkflowActionKind,
  ...WorkflowActionKind[],
];

/** What a trigger reacts to; the engine evaluates by kind, the id names it in the catalogue. */
export const TRIGGER_KINDS = [
  'mos',
  'packet-loss',
  'jitter',
  'latency',
  'contact-ended',
  'agent-readiness-test',
  'agent-issue-reported',
  'heartbeat-telephony',
  'eb-summary-data',
  'eb-sod-test-data',
] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];

/** One condition of a trigger (spec 001 §3 "Trigger definition"). */
export interface TriggerCondition {
  field: string;
  thresholdDesc: string;
  type: 'number' | 'checkbox' | 'select';
  required: boolean;
  defaultThreshold: number | boolean | string;
  /** Select options (value and label); absent for number and checkbox. */
  options?: readonly { value: string; label: string }[];
  /** Number bounds, where the measure has them. */
  min?: number;
  max?: number;
  /** The comparison a number condition makes against the measure: <= or >=. */
  comparison?: 'lte' | 'gte';
  unit?: string;
}

/** A trigger of the catalogue (spec 001 §3): one per application and kind. */
export interface TriggerDefinition {
  /** The stored `trigger` / `type` of a workflow, e.g. aws-connect-mos, eb-summary-data. */
  id: string;
  kind: TriggerKind;
  application: WorkflowApplicationId;
  displayText: string;
  description: string;
  icon: string;
  triggerConditions: readonly TriggerCondition[];
  /** True: a watchdog watcher (saved through /api/watchdog/watcher); false: a group watcher. */
  watchdogWatcher: boolean;
  /** Who may choose it; `*` is anyone who may edit workflows. */
  permittedTo: readonly (Permission | '*')[];
}

/** Watcher trigger defaults (spec 001 §9, spec 000 §9). */
export const WATCHER_DEFAULTS = {
  mos: 3.5,
  packetLossPercent: 1,
  jitterMs: 30,
  latencyMs: 400,
} as const;

const SCOPE_CONDITION: TriggerCondition = {
  field: 'scope',
  thresholdDesc: 'Evaluate',
  type: 'select',
  required: true,
  defaultThreshold: 'second',
  options: [
    { value: 'second', label: 'Any second of the call' },
    { value: 'call', label: 'Call average (when the call summary arrives)' },
  ],
};

const AGENT_ISSUE_SEVERITIES = ['Terrible', 'Difficult', 'Minor'] as const;
const HEARTBEAT_STATUSES = [
  'Agent Error',
  'Call Failed',
  'Call Not Accepted by Agent',
  'Poor Call Quality',
] as const;
const anyOption = { value: 'any', label: 'Any' };

interface KindSpec {
  kind: TriggerKind;
  displayText: string;
  description: string;
  icon: string;
  conditions: readonly TriggerCondition[];
  watchdogWatcher: boolean;
  permittedTo: readonly (Permission | '*')[];
}

const QUALITY_KINDS: readonly KindSpec[] = [
  {
    kind: 'mos',
    displayText: 'MOS',
    description: 'Fires when the call quality score (MOS) falls to or below the threshold.',
    icon: 'mos',
    conditions: [
      {
        field: 'threshold',
        thresholdDesc: 'MOS at or below',
        type: 'number',
        required: true,
        defaultThreshold: WATCHER_DEFAULTS.mos,
        min: 1,
        max: 5,
        comparison: 'lte',
      },
      SCOPE_CONDITION,
    ],
    watchdogWatcher: false,
    permittedTo: ['*'],
  },
  {
    kind: 'packet-loss',
    displayText: 'Packet Loss',
    description: 'Fires when the packet loss of either direction reaches the threshold.',
    icon: 'packet-loss',
    conditions: [
      {
        field: 'threshold',
        thresholdDesc: 'Packet loss at or above (%)',
        type: 'number',
        required: true,
        defaultThreshold: WATCHER_DEFAULTS.packetLossPercent,
        min: 0,
        max: 100,
        comparison: 'gte',
        unit: '%',
      },
      SCOPE_CONDITION,
    ],
    watchdogWatcher: false,
    permittedTo: ['*'],
  },
  {
    kind: 'jitter',
    displayText: 'Jitter',
    description: 'Fires when the jitter reaches the threshold.',
    icon: 'jitter',
    conditions: [
      {
        field: 'threshold',
        thresholdDesc: 'Jitter at or above (ms)',
        type: 'number',
        required: true,
        defaultThreshold: WATCHER_DEFAULTS.jitterMs,
        min: 0,
        max: 60_000,
        comparison: 'gte',
        unit: 'ms',
      },
      SCOPE_CONDITION,
    ],
    watchdogWatcher: false,
    permittedTo: ['*'],
  },
  {
    kind: 'latency',
    displayText: 'Latency',
    description: 'Fires when the round-trip time (latency) reaches the threshold.',
    icon: 'latency',
    conditions: [
      {
        field: 'threshold',
        thresholdDesc: 'Latency (round-trip time) at or above (ms)',
        type: 'number',
        required: true,
        defaultThreshold: WATCHER_DEFAULTS.latencyMs,
        min: 0,
        max: 60_000,
        comparison: 'gte',
        unit: 'ms',
      },
      SCOPE_CONDITION,
    ],
    watchdogWatcher: false,
    permittedTo: ['*'],
  },
  {
    kind: 'contact-ended',
    displayText: 'Contact Ended',
    description: 'Fires when a call summary with an end time arrives.',
    icon: 'contact-ended',
    conditions: [
      {
        field: 'direction',
        thresholdDesc: 'Call direction',
        type: 'select',
        required: true,
        defaultThreshold: 'any',
        options: [
          anyOption,
          { value: 'INBOUND', label: 'Inbound' },
          { value: 'OUTBOUND', label: 'Outbound' },
        ],
      },
      {
        field: 'onlyPoorQuality',
        thresholdDesc: 'Only calls with a quality warning',
        type: 'checkbox',
        required: false,
        defaultThreshold: false,
      },
    ],
    watchdogWatcher: false,
    permittedTo: ['*'],
  },
  {
    kind: 'agent-readiness-test',
    displayText: 'Agent Readiness Test',
    description: 'Fires when an agent readiness test result arrives (event agent-readiness-test).',
    icon: 'readiness',
    conditions: [
      {
        field: 'onlyFailures',
        thresholdDesc: 'Only failed tests',
        type: 'checkbox',
        required: false,
        defaultThreshold: true,
      },
    ],
    watchdogWatcher: false,
    permittedTo: ['*'],
  },
];

const AWS_ONLY_KINDS: readonly KindSpec[] = [
  {
    kind: 'agent-issue-reported',
    displayText: 'Agent Issue Reported',
    description: 'Fires when an agent reports a call issue (event agent-issue-reported).',
    icon: 'issue',
    conditions: [
      {
        field: 'severity',
        thresholdDesc: 'Severity',
        type: 'select',
        required: true,
        defaultThreshold: 'any',
        options: [anyOption, ...AGENT_ISSUE_SEVERITIES.map((s) => ({ value: s, label: s }))],
      },
    ],
    watchdogWatcher: true,
    permittedTo: ['*'],
  },
  {
    kind: 'heartbeat-telephony',
    displayText: 'Heartbeat Telephony',
    description: 'Fires when a heartbeat test call ends with a failure status.',
    icon: 'heartbeat',
    conditions: [
      {
        field: 'status',
        thresholdDesc: 'Heartbeat status',
        type: 'select',
        required: true,
        defaultThreshold: 'any',
        options: [anyOption, ...HEARTBEAT_STATUSES.map((s) => ({ value: s, label: s }))],
      },
    ],
    watchdogWatcher: true,
    permittedTo: ['user:super', 'user:admin'],
  },
  {
    kind: 'eb-summary-data',
    displayText: 'EventBridge Summary Data',
    description: 'Sends every call summary to an EventBridge event source.',
    icon: 'eventbridge',
    conditions: [],
    watchdogWatcher: true,
    permittedTo: ['*'],
  },
  {
    kind: 'eb-sod-test-data',
    displayText: 'EventBridge Start-of-Day Test Data',
    description: 'Sends every agent readiness (start-of-day) test result to an EventBridge source.',
    icon: 'eventbridge',
    conditions: [],
    watchdogWatcher: true,
    permittedTo: ['*'],
  },
];

/** The stored trigger id: app-wide triggers keep their spec names, the rest are prefixed. */
function triggerId(application: WorkflowApplicationId, kind: TriggerKind): string {
  if (kind === 'heartbeat-telephony' || kind === 'eb-summary-data' || kind === 'eb-sod-test-data')
    return kind;
  return `${application}-${kind}`;
}

/** The whole trigger catalogue: quality triggers per application, AWS-only ones for Amazon Connect. */
export const TRIGGER_CATALOGUE: readonly TriggerDefinition[] = WORKFLOW_APPLICATIONS.flatMap(
  (app) =>
    [...QUALITY_KINDS, ...(app.id === 'aws-connect' ? AWS_ONLY_KINDS : [])].map(
      (k): TriggerDefinition => ({
        id: triggerId(app.id, k.kind),
        kind: k.kind,
        application: app.id,
        displayText: k.displayText,
        description: k.description,
        icon: k.icon,
        triggerConditions: k.conditions,
        watchdogWatcher: k.watchdogWatcher,
        permittedTo: k.permittedTo,
      }),
    ),
);

const TRIGGERS_BY_ID = new Map(TRIGGER_CATALOGUE.map((t) => [t.id, t]));

/** The catalogue entry of a stored trigger id, or null. */
export function findTrigger(id: string): TriggerDefinition | null {
  return TRIGGERS_BY_ID.get(id) ?? null;
}

/** Triggers whose actions are limited (spec 001 §4); the four load the event-source config. */
export const TRIGGER_ACTION_LIMITS: Readonly<Record<string, readonly WorkflowActionKind[]>> = {
  'eb-summary-data': ['eventbridge'],
  'eb-sod-test-data': ['eventbridge'],
  'aws-connect-agent-issue-reported': ['send-email', 'invoke-webhook', 'slack', 'eventbridge'],
  'heartbeat-telephony': ['send-email', 'invoke-webhook', 'slack', 'eventbridge'],
};

/**
 * The actions a trigger allows: its limit list, otherwise every action but EventBridge (only the
 * four limited triggers load the event-source config the EventBridge action needs).
 */
export function allowedActionsFor(triggerId: string): readonly WorkflowActionKind[] {
  return (
    TRIGGER_ACTION_LIMITS[triggerId] ?? WORKFLOW_ACTION_KINDS.filter((k) => k !== 'eventbridge')
  );
}

/** True when reaching step 3 (Action) of the wizard loads the event-source config. */
export function triggerLoadsEventSources(triggerId: string): boolean {
  return triggerId in TRIGGER_ACTION_LIMITS;
}

/** Agent notification message types and action buttons (spec 001 §5). */
export const AGENT_MESSAGE_TYPES = [
  'Network Issue',
  'Audio Issue',
  'Audio Delay',
  'Crosstalk',
  'Background Noise',
] as const;
export const AGENT_ACTION_BUTTONS = [
  'Thumbs Up/Down',
  'Yes/No',
  'No Buttons',
  'Run Network Test',
  'Link',
] as const;
/** Webhook methods (spec 001 §9): post or put. */
export const WEBHOOK_METHODS = ['post', 'put'] as const;

/** Page sizes and limits of the lists (spec 001 §9). */
export const WORKFLOW_LIMITS = {
  historyPageSize: 10,
  auditPageSize: 100,
  auditPageSizes: [10, 100, 500],
  auditDownloadPageSize: 1000,
  maxPageSize: 1000,
  maxTags: 20,
  tagMaxLength: 50,
  nameMaxLength: 120,
  descriptionMaxLength: 1000,
  bodyMaxLength: 10_000,
  /** Webhook headers: how many, and the length of a name and of a value. */
  maxHeaders: 50,
  headerNameMaxLength: 256,
  headerValueMaxLength: 8_192,
  /** A watcher fires once per call; again for the same call only after this cool-down. */
  cooldownMs: 15 * 60 * 1000,
} as const;

/** The answer header carrying the total of a paged list (spec 001 §7). */
export const RECORD_COUNT_HEADER = 'recordcount';

/** Workflow ids: "-1" in a save payload means create (spec 001 §7). */
export const NEW_WORKFLOW_ID = '-1';

/**
 * The label of each action field, as the wizard's Configure step shows it: its field errors name
 * the field by this label ("Required (To Email)", spec 000 §5), on the server and in the form.
 */
export const ACTION_FIELD_LABELS = {
  'invoke-webhook': { url: 'URL', method: 'Method', headers: 'Headers (JSON)', body: 'Body' },
  'agent-notification': {
    messageType: 'Message Type',
    actionButton: 'Action Button',
    link: 'Link',
    body: 'Message',
  },
  'send-email': { toEmail: 'To Email', subject: 'Subject', body: 'Body' },
  slack: { url: 'Incoming Webhook URL', method: 'Method' },
  eventbridge: { eventSource: 'Event Source' },
  'agent-alert': { messageType: 'Message Type', body: 'Message' },
  'test-action': { body: 'Message' },
  'app-specific': { body: 'Message' },
} as const satisfies Record<WorkflowActionKind, Record<string, string>>;

/** Labels of the workflow's own fields (steps 0, 1 and 4 of the wizard). */
export const WORKFLOW_FIELD_LABELS = {
  application: 'Application',
  trigger: 'Trigger',
  workflowName: 'Workflow Name',
  description: 'Description',
  tags: 'Tags',
} as const;

/** Texts of spec 001 §4, §5 and §8, letter for letter where quoted; the rest are ours. */
export const WORKFLOW_TEXTS = {
  createTitle: 'Create New Workflow',
  editTitle: 'Edit Workflow',
  selectApplication: 'Please select an Application',
  selectTrigger: 'Please select a Trigger',
  selectAction: 'Please select an Action',
  workflowNameRequired: 'Please enter a Workflow Name',
  invalidJson: 'Invalid JSON',
  invalidNumber: 'Invalid number',
  invalidUrl: 'Invalid URL',
  invalidEmail: 'Invalid email address',
  /** Spec 000 §5 "Required ({Field name})", with the field's label (ACTION_FIELD_LABELS). */
  required: VALIDATION_TEXTS.required,
  created: 'Workflow created successfully.',
  updated: 'Workflow updated successfully.',
  saveFailed: 'An error occurred while creating the workflow',
  historyFailed: 'An error occurred while retrieving actions history',
  enableTitle: 'Enable Action',
  disableTitle: 'Disable Action',
  enableText: 'Are you sure you want to enable this action?',
  disableText: 'Are you sure you want to disable this action?',
  deleteTitle: 'Delete Workflow',
  deleteText: 'Are you sure you want to delete this Workflow?',
  systemManaged: 'System Managed',
  noEventSources: 'No event sources configured',
  notFound: 'Workflow not found.',
  systemManagedLocked: 'System managed workflows cannot be changed.',
  unknownTrigger: 'Unknown trigger for this application',
  triggerNotPermitted: 'You are not allowed to use this trigger.',
  applicationDisabled: 'This application is not enabled for this group.',
  actionNotAllowed: 'This action cannot be used with the chosen trigger.',
  actionDisabled: 'This action is not enabled for this group.',
  wrongFamilyGroup: 'This trigger makes a watchdog watcher: save it through /api/watchdog/watcher.',
  wrongFamilyWatchdog:
    'This trigger makes a group watcher: save it through /api/groups/{group}/watchers.',
  eventSourceNotFound: 'Event source not found.',
} as const;

/**
 * Push page of one agent's collector: agent:{name}, bytes outside [A-Za-z0-9.-] written as _XX
 * (push page names allow only a few characters); the collector subscribes to the same page.
 */
export function agentPushPage(agent: string): string {
  let out = 'agent:';
  for (const byte of new TextEncoder().encode(agent)) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9.-]/.test(ch) ? ch : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
