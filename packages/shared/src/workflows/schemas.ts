/**
 * API contract of workflows (watchers), their action history and the audit logs (spec 001 §7).
 * See docs/workflows-api.md for the endpoint map.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../common/validation.ts';
import { PermissionSchema } from '../access/permissions.ts';
import { WINDOW_QUERY_PARAMS, pageInt } from '../common/window-query.ts';
import {
  ACTION_FIELD_LABELS,
  AGENT_ACTION_BUTTONS,
  AGENT_MESSAGE_TYPES,
  NEW_WORKFLOW_ID,
  TRIGGER_KINDS,
  WEBHOOK_METHODS,
  WORKFLOW_ACTION_KINDS,
  WORKFLOW_FIELD_LABELS,
  WORKFLOW_LIMITS,
  WORKFLOW_TEXTS,
} from './constants.ts';
import { parseHeadersText, parseThresholdText } from './validation.ts';

const T = WORKFLOW_TEXTS;
const L = ACTION_FIELD_LABELS;
const W = WORKFLOW_FIELD_LABELS;

/** A required text; `field` is the label the form shows, which its messages name. */
const required = (field: string, max = 10_000, message = T.required(field)) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${field} must be at most ${max} characters`);

const UrlSchema = (field: string) =>
  required(field, 2000).refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, T.invalidUrl);

/** Why webhook headers are refused (too many, a name or a value too long), or null. */
function headersProblem(headers: Record<string, string>): string | null {
  const L = WORKFLOW_LIMITS;
  const entries = Object.entries(headers);
  if (entries.length > L.maxHeaders) return `headers may hold at most ${L.maxHeaders} headers`;
  if (entries.some(([name]) => name.length > L.headerNameMaxLength))
    return `Header names must be at most ${L.headerNameMaxLength} characters`;
  if (entries.some(([, value]) => value.length > L.headerValueMaxLength))
    return `Header values must be at most ${L.headerValueMaxLength} characters`;
  return null;
}

// ---------- actions (spec 001 §3 "Actions by kind", §5) ----------

/** Invoke webhook: POST or PUT a JSON body template to a URL with JSON headers. */
export const WebhookActionSchema = z.object({
  type: z.literal('invoke-webhook'),
  actionId: z.string().max(100).optional(),
  url: UrlSchema(L['invoke-webhook'].url),
  method: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(WEBHOOK_METHODS, { error: T.required(L['invoke-webhook'].method) }),
  ),
  /** JSON text or an object of header names to values; empty is saved as {}. */
  headers: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .optional()
    .transform((value, ctx) => {
      const parsed = parseHeadersText(value);
      const problem = parsed === null ? T.invalidJson : headersProblem(parsed);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
      return parsed ?? z.NEVER;
    }),
  /** The body template: {{field}} placeholders take the call's fields (WEBHOOK_TEMPLATE_FIELDS). */
  body: required(L['invoke-webhook'].body, WORKFLOW_LIMITS.bodyMaxLength),
  displayText: z.string().max(200).optional(),
});

/** Agent assist notification: shown on the agent's softphone through the collector. */
export const AgentNotificationActionSchema = z.object({
  type: z.literal('agent-notification'),
  messageType: z.enum(AGENT_MESSAGE_TYPES, {
    error: T.required(L['agent-notification'].messageType),
  }),
  actionButton: z.enum(AGENT_ACTION_BUTTONS, {
    error: T.required(L['agent-notification'].actionButton),
  }),
  body: required(L['agent-notification'].body, 2000),
  /** With the Link button: where it leads. */
  link: UrlSchema(L['agent-notification'].link).optional(),
});

/** Send e-mail: subject and body are required only for group (legacy) watchers. */
export const EmailActionSchema = z.object({
  type: z.literal('send-email'),
  toEmail: z
    .string({ error: T.required(L['send-email'].toEmail) })
    .trim()
    .min(1, T.required(L['send-email'].toEmail))
    .max(
      EMAIL_MAX_LENGTH,
      `${L['send-email'].toEmail} must be at most ${EMAIL_MAX_LENGTH} characters`,
    )
    .regex(EMAIL_PATTERN, T.invalidEmail),
  subject: z.string().trim().max(500).optional(),
  body: z.string().max(WORKFLOW_LIMITS.bodyMaxLength).optional(),
});

/** Send to Slack through an incoming-webhook URL. */
export const SlackActionSchema = z.object({
  type: z.literal('slack'),
  url: UrlSchema(L.slack.url),
  method: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(WEBHOOK_METHODS).default('post'),
  ),
});

/** PutEvents to one of the group's EventBridge event sources. */
export const EventBridgeActionSchema = z.object({
  type: z.literal('eventbridge'),
  eventSource: required(L.eventbridge.eventSource, 200),
});

/** Agent alert: a softphone alert for the call's agent (text optional, a default is used). */
export const AgentAlertActionSchema = z.object({
  type: z.literal('agent-alert'),
  messageType: z.enum(AGENT_MESSAGE_TYPES).optional(),
  body: z.string().trim().max(2000).optional(),
});

/** Callsight test action: records a firing without calling out (to try a trigger). */
export const TestActionSchema = z.object({
  type: z.literal('test-action'),
  body: z.string().max(2000).optional(),
});

/** App specific: a message to the softphone integration of the application (through the collector). */
export const AppSpecificActionSchema = z.object({
  type: z.literal('app-specific'),
  body: z.string().max(WORKFLOW_LIMITS.bodyMaxLength).optional(),
});

export const WorkflowActionSchema = z.discriminatedUnion(
  'type',
  [
    WebhookActionSchema,
    AgentNotificationActionSchema,
    EmailActionSchema,
    SlackActionSchema,
    EventBridgeActionSchema,
    AgentAlertActionSchema,
    TestActionSchema,
    AppSpecificActionSchema,
  ],
  { error: T.selectAction },
);
export type WorkflowActionInput = z.input<typeof WorkflowActionSchema>;
export type WorkflowAction = z.output<typeof WorkflowActionSchema>;

/** A stored action as answered (webhooks also carry scheme, host, port and path of the URL). */
export const StoredWorkflowActionSchema = z
  .object({ type: z.enum(WORKFLOW_ACTION_KINDS) })
  .catchall(z.unknown());

// ---------- save payload (spec 001 §7) ----------

/** Condition values: an object, or its JSON text. Checked against the trigger on the server. */
export const TriggerThresholdSchema = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.null()])
  .optional()
  .transform((value, ctx) => {
    const parsed = parseThresholdText(value);
    if (parsed === null) {
      ctx.addIssue({ code: 'custom', message: T.invalidJson });
      return z.NEVER;
    }
    return parsed;
  });

/**
 * PUT /api/groups/{group}/watchers, POST /api/watchdog/watcher, PUT /api/watchdog/watcher/{id}.
 * workflowId "-1" (or absent) creates; any other id updates. Only the first action is used.
 */
export const WorkflowSaveSchema = z.object({
  workflowId: z
    .union([z.string(), z.number()])
    .transform(String)
    .default(NEW_WORKFLOW_ID)
    .describe('"-1" creates; otherwise the id of the workflow to update'),
  application: required(W.application, 100, T.selectApplication),
  trigger: required(W.trigger, 100, T.selectTrigger),
  actions: z
    .array(WorkflowActionSchema, { error: T.selectAction })
    .min(1, T.selectAction)
    .max(1, 'Only one action per workflow'),
  className: z.string().max(200).optional(),
  workflowName: required(W.workflowName, WORKFLOW_LIMITS.nameMaxLength, T.workflowNameRequired),
  description: z.string().trim().max(WORKFLOW_LIMITS.descriptionMaxLength).optional(),
  tags: z
    .array(z.string().trim().min(1).max(WORKFLOW_LIMITS.tagMaxLength))
    .max(WORKFLOW_LIMITS.maxTags)
    .default([]),
  triggerThreshold: TriggerThresholdSchema,
});
export type WorkflowSaveInput = z.input<typeof WorkflowSaveSchema>;
export type WorkflowSave = z.output<typeof WorkflowSaveSchema>;

// ---------- answers ----------

export const WatcherFamilySchema = z.enum(['group', 'watchdog']);
export type WatcherFamily = z.infer<typeof WatcherFamilySchema>;

/** Last outcome of a watcher: awaits_execution until it first fires. */
export const EXECUTION_STATES = ['awaits_execution', 'executed', 'failed'] as const;

/** A watcher as received (spec 001 §3): `_id` and `_source`, plus its family and system flag. */
export const WatcherSchema = z.object({
  _id: z.string(),
  family: WatcherFamilySchema,
  /** Application not in the known list: shown "System Managed", no toggle, Edit or Delete. */
  systemManaged: z.boolean(),
  _source: z.object({
    status: z.object({
      state: z.object({ active: z.boolean() }),
      execution_state: z.string(),
    }),
    metadata: z.object({
      application: z.string(),
      trigger: z.string(),
      actions: z.array(StoredWorkflowActionSchema),
      name: z.string(),
      workflowName: z.string(),
      description: z.string().nullable(),
      className: z.string().nullable(),
      triggerThreshold: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])),
      tags: z.array(z.string()),
    }),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
    lastFiredAt: z.iso.datetime({ offset: true }).nullable(),
  }),
});
export type Watcher = z.infer<typeof WatcherSchema>;
export const WatcherListSchema = z.array(WatcherSchema);

/** The workflow as the list and wizard use it (spec 001 §3 "Workflow"), from a watcher. */
export interface Workflow {
  id: string;
  name: string;
  description: string | null;
  application: string;
  /** The trigger id. */
  type: string;
  actions: z.infer<typeof StoredWorkflowActionSchema>[];
  triggerThreshold: Record<string, number | boolean | string>;
  tags: string[];
  enabled: boolean;
  status: string;
  family: WatcherFamily;
  systemManaged: boolean;
}

/** Flattens a received watcher into a workflow. */
export function watcherToWorkflow(w: Watcher): Workflow {
  const m = w._source.metadata;
  return {
    id: w._id,
    name: m.workflowName,
    description: m.description,
    application: m.application,
    type: m.trigger,
    actions: m.actions,
    triggerThreshold: m.triggerThreshold,
    tags: m.tags,
    enabled: w._source.status.state.active,
    status: w._source.status.execution_state,
    family: w.family,
    systemManaged: w.systemManaged,
  };
}

/** The two lists fetched together and merged (spec 001 §7), newest first, each id once. */
export function mergeWatchers(group: readonly Watcher[], watchdog: readonly Watcher[]): Watcher[] {
  const byId = new Map<string, Watcher>();
  for (const w of [...group, ...watchdog]) byId.set(w._id, w);
  return [...byId.values()].sort((a, b) => b._source.createdAt.localeCompare(a._source.createdAt));
}

// ---------- catalogue ----------

export const TriggerConditionSchema = z.object({
  field: z.string(),
  thresholdDesc: z.string(),
  type: z.enum(['number', 'checkbox', 'select']),
  required: z.boolean(),
  defaultThreshold: z.union([z.number(), z.boolean(), z.string()]),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  comparison: z.enum(['lte', 'gte']).optional(),
  unit: z.string().optional(),
});

export const TriggerDefinitionSchema = z.object({
  id: z.string(),
  kind: z.enum(TRIGGER_KINDS),
  application: z.string(),
  displayText: z.string(),
  description: z.string(),
  icon: z.string(),
  triggerConditions: z.array(TriggerConditionSchema),
  watchdogWatcher: z.boolean(),
  permittedTo: z.array(z.union([PermissionSchema, z.literal('*')])),
  /** The actions this trigger allows (spec 001 §4), already narrowed by the group's features. */
  allowedActions: z.array(z.enum(WORKFLOW_ACTION_KINDS)),
  /** True: reaching step 3 loads the event-source config. */
  loadsEventSources: z.boolean(),
});
export type TriggerDefinitionView = z.infer<typeof TriggerDefinitionSchema>;

/** GET /api/workflows/catalogue: applications, the triggers the caller may use, actions. */
export const WorkflowCatalogueSchema = z.object({
  applications: z.array(
    z.object({ id: z.string(), label: z.string(), icon: z.string(), disabled: z.boolean() }),
  ),
  triggers: z.array(TriggerDefinitionSchema),
  actions: z.array(
    z.object({
      id: z.enum(WORKFLOW_ACTION_KINDS),
      label: z.string(),
      icon: z.string(),
      disabled: z.boolean(),
    }),
  ),
});
export type WorkflowCatalogue = z.infer<typeof WorkflowCatalogueSchema>;

/** GET /api/workflows/event-sources: the event-source config of step 3 (spec 001 §3). */
export const EventSourceConfigSchema = z.object({
  eventSourceId: z.string(),
  /** The full name; the wizard shows only its last path segment. */
  eventSourceName: z.string(),
  awsRegion: z.string(),
  status: z.string(),
});
export const EventSourceConfigListSchema = z.array(EventSourceConfigSchema);
export type EventSourceConfig = z.infer<typeof EventSourceConfigSchema>;

// ---------- history and audit logs ----------

/** One firing (spec 001 §3 "Workflow action history item") as received: `_id` and `_source`. */
export const ActionHistoryItemSchema = z.object({
  _id: z.string(),
  _source: z.object({
    timestamp: z.iso.datetime({ offset: true }),
    workflowId: z.string().nullable(),
    workflowName: z.string(),
    application: z.string(),
    trigger: z.string(),
    action: z.string(),
    contactId: z.string().nullable(),
    agentName: z.string().nullable(),
    /** What the outside answered (status and text), or the failure. */
    response: z.string(),
    result: z.enum(['success', 'failure']),
    attempts: z.number().int(),
  }),
});
export type ActionHistoryItem = z.infer<typeof ActionHistoryItemSchema>;
export const ActionHistoryListSchema = z.array(ActionHistoryItemSchema);

/** One audit-log row (spec 001 §3 "Audit log item"); id is the job or object id. */
export const AuditLogItemSchema = z.object({
  timestamp: z.iso.datetime({ offset: true }),
  service: z.string(),
  id: z.string(),
  message: z.string(),
  exception: z.string().nullable(),
  action: z.string(),
  actor: z.string().nullable(),
  result: z.enum(['success', 'failure']),
});
export type AuditLogItem = z.infer<typeof AuditLogItemSchema>;

/** GET /api/auditLogs: { data }, with the total in the recordcount header. */
export const AuditLogListSchema = z.object({ data: z.array(AuditLogItemSchema) });

/** GET /api/groups/{group}/watchers/actions/history (default window: last 15 minutes). */
export const ActionHistoryQuerySchema = z.strictObject({
  ...WINDOW_QUERY_PARAMS,
  size: pageInt('size', 1, WORKFLOW_LIMITS.maxPageSize).default(WORKFLOW_LIMITS.historyPageSize),
  workflowId: z.string().trim().min(1).max(100).optional(),
});
export type ActionHistoryQuery = z.output<typeof ActionHistoryQuerySchema>;

/** GET /api/auditLogs (default window: last 1 hour); service and id filter exactly. */
export const AuditLogQuerySchema = z.strictObject({
  ...WINDOW_QUERY_PARAMS,
  size: pageInt('size', 1, WORKFLOW_LIMITS.maxPageSize).default(WORKFLOW_LIMITS.auditPageSize),
  service: z.string().trim().min(1).max(100).optional(),
  id: z.string().trim().min(1).max(200).optional(),
});
export type AuditLogQuery = z.output<typeof AuditLogQuerySchema>;

// ---------- params ----------

export const WatcherGroupParamsSchema = z.object({
  group: z.uuid({ error: 'group must be a group id' }),
});
export const GroupWatcherParamsSchema = z.object({
  group: z.uuid({ error: 'group must be a group id' }),
  id: z.string().min(1).max(100),
});
export const WatchdogWatcherParamsSchema = z.object({ id: z.string().min(1).max(100) });
