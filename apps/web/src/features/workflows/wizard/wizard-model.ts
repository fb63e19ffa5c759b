import { z } from 'zod';
import {
  actionErrorsForTrigger,
  findTrigger,
  hasPermission,
  normalizeTriggerThreshold,
  NEW_WORKFLOW_ID,
  WEBHOOK_METHODS,
  WORKFLOW_TEXTS,
  WorkflowActionSchema,
  WorkflowSaveSchema,
  type TriggerDefinition,
  type WorkflowCatalogue,
  type Workflow,
  type WorkflowActionKind,
  type WorkflowSave,
} from '@callsight/shared';

/** The wizard's steps (spec 001 §2), indexed 0 to 4 as spec 001 §4 counts them. */
export const WIZARD_STEPS = ['Application', 'Trigger', 'Action', 'Configure', 'Details'] as const;
export const STEP = { application: 0, trigger: 1, action: 2, configure: 3, details: 4 } as const;

/** The fields each step shows, in step order (Next validates them; server errors return there). */
export const STEP_FIELDS = [
  ['application'],
  ['trigger'],
  ['actionType'],
  [
    'conditions',
    'url',
    'method',
    'headers',
    'body',
    'toEmail',
    'subject',
    'messageType',
    'actionButton',
    'link',
    'eventSource',
  ],
  ['workflowName', 'description', 'tags'],
] as const satisfies readonly (readonly (keyof WizardValues)[])[];

type WebhookMethod = (typeof WEBHOOK_METHODS)[number];

/** Everything the wizard edits, flat so that each field has one name for its error. */
export interface WizardValues {
  application: string;
  trigger: string;
  actionType: WorkflowActionKind | '';
  url: string;
  method: WebhookMethod;
  headers: string;
  body: string;
  toEmail: string;
  subject: string;
  messageType: string;
  actionButton: string;
  link: string;
  eventSource: string;
  /** Condition values by field: text for number and select conditions, booleans for checkboxes. */
  conditions: Record<string, string | boolean>;
  workflowName: string;
  description: string;
  tags: string[];
}

/** Field names of the form that can carry an error. */
export type WizardField = Exclude<keyof WizardValues, 'conditions'> | `conditions.${string}`;
export type FieldErrors = Partial<Record<WizardField, string>>;

export interface StepCheck {
  /** Errors shown under the fields of the step. */
  errors: FieldErrors;
  /** A message for the snackbar (the spec's texts of steps 0 to 2). */
  message: string | null;
}

export function emptyWizardValues(): WizardValues {
  return {
    application: '',
    trigger: '',
    actionType: '',
    url: '',
    method: 'post',
    headers: '',
    body: '',
    toEmail: '',
    subject: '',
    messageType: '',
    actionButton: '',
    link: '',
    eventSource: '',
    conditions: {},
    workflowName: '',
    description: '',
    tags: [],
  };
}

/** The condition fields of a trigger at their defaults, as the form holds them. */
export function conditionDefaults(
  trigger: Pick<TriggerDefinition, 'triggerConditions'> | null,
): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const c of trigger?.triggerConditions ?? []) {
    out[c.field] =
      typeof c.defaultThreshold === 'boolean' ? c.defaultThreshold : String(c.defaultThreshold);
  }
  return out;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** The wizard's values for editing a stored workflow (its first action is the one used). */
export function wizardValuesFromWorkflow(workflow: Workflow): WizardValues {
  const action = workflow.actions[0];
  const trigger = findTrigger(workflow.type);
  const conditions = conditionDefaults(trigger);
  for (const [field, value] of Object.entries(workflow.triggerThreshold)) {
    conditions[field] = typeof value === 'boolean' ? value : String(value);
  }
  const headers = action?.headers;
  const method = text(action?.method).toLowerCase();
  return {
    ...emptyWizardValues(),
    application: workflow.application,
    trigger: workflow.type,
    actionType: action?.type ?? '',
    url: text(action?.url),
    method: method === 'put' ? 'put' : 'post',
    headers:
      typeof headers === 'string'
        ? headers
        : headers && typeof headers === 'object' && Object.keys(headers).length > 0
          ? JSON.stringify(headers, null, 2)
          : '',
    body: text(action?.body),
    toEmail: text(action?.toEmail),
    subject: text(action?.subject),
    messageType: text(action?.messageType),
    actionButton: text(action?.actionButton),
    link: text(action?.link),
    eventSource: text(action?.eventSource),
    conditions,
    workflowName: workflow.name,
    description: workflow.description ?? '',
    tags: [...workflow.tags],
  };
}

/** Applications of the catalogue; disabled ones are shown but cannot be chosen (spec 001 §4). */
export function selectableApplication(catalogue: WorkflowCatalogue, id: string): boolean {
  return catalogue.applications.some((a) => a.id === id && !a.disabled);
}

/** The application's triggers the user may use: each trigger's permittedTo against the user. */
export function triggersFor(
  catalogue: WorkflowCatalogue,
  application: string,
  permissions: readonly string[],
): WorkflowCatalogue['triggers'] {
  return catalogue.triggers.filter(
    (t) => t.application === application && hasPermission(permissions, t.permittedTo),
  );
}

/** The actions a trigger allows (spec 001 §4 trigger → action limits), in the catalogue's order. */
export function actionsForTrigger(
  catalogue: WorkflowCatalogue,
  triggerId: string,
): WorkflowCatalogue['actions'] {
  const trigger = catalogue.triggers.find((t) => t.id === triggerId);
  if (!trigger) return [];
  return catalogue.actions.filter((a) => trigger.allowedActions.includes(a.id));
}

/** Values after choosing another trigger: conditions at its defaults, a disallowed action dropped. */
export function withTrigger(
  values: WizardValues,
  catalogue: WorkflowCatalogue,
  triggerId: string,
): WizardValues {
  if (values.trigger === triggerId) return values;
  const allowed = actionsForTrigger(catalogue, triggerId).map((a) => a.id);
  const keepAction = values.actionType !== '' && allowed.includes(values.actionType);
  return {
    ...values,
    trigger: triggerId,
    actionType: keepAction ? values.actionType : '',
    conditions: conditionDefaults(findTrigger(triggerId)),
  };
}

/** The first action of the save payload, from the fields of the chosen kind. */
export function buildAction(values: WizardValues): Record<string, unknown> | null {
  const opt = (value: string) => (value.trim() === '' ? undefined : value);
  switch (values.actionType) {
    case 'invoke-webhook':
      return {
        type: 'invoke-webhook',
        url: values.url,
        method: values.method,
        headers: values.headers,
        body: values.body,
      };
    case 'agent-notification':
      return {
        type: 'agent-notification',
        messageType: values.messageType,
        actionButton: values.actionButton,
        body: values.body,
        ...(values.actionButton === 'Link' ? { link: values.link } : {}),
      };
    case 'send-email':
      return {
        type: 'send-email',
        toEmail: values.toEmail,
        subject: opt(values.subject),
        body: opt(values.body),
      };
    case 'slack':
      return { type: 'slack', url: values.url, method: values.method };
    case 'eventbridge':
      return { type: 'eventbridge', eventSource: values.eventSource };
    case 'agent-alert':
      return {
        type: 'agent-alert',
        messageType: opt(values.messageType),
        body: opt(values.body),
      };
    case 'test-action':
      return { type: 'test-action', body: opt(values.body) };
    case 'app-specific':
      return { type: 'app-specific', body: opt(values.body) };
    default:
      return null;
  }
}

const FORM_FIELDS: readonly string[] = Object.keys(emptyWizardValues());

/**
 * The form field of an error path: a zod issue path inside the action ("url"), or a server
 * field name ("actions.0.url", "triggerThreshold.threshold", "workflowName").
 */
export function formFieldOf(path: string): WizardField | null {
  const parts = path.split('.');
  if (parts[0] === 'actions') {
    const field = parts[2] ?? 'actionType';
    return field === 'type' ? 'actionType' : formFieldOf(field);
  }
  if (parts[0] === 'triggerThreshold' && parts[1]) return `conditions.${parts[1]}`;
  if (parts[0] === 'application' || parts[0] === 'trigger') return parts[0];
  if (parts[0] && FORM_FIELDS.includes(parts[0]) && parts[0] !== 'conditions') {
    return parts[0] as WizardField;
  }
  return null;
}

/** The step that shows a field, so that a refused save can return to it. */
export function stepOfField(field: WizardField): number {
  if (field === 'application') return STEP.application;
  if (field === 'trigger') return STEP.trigger;
  if (field === 'actionType') return STEP.action;
  if (field === 'workflowName' || field === 'description' || field === 'tags') return STEP.details;
  return STEP.configure;
}

function configureErrors(values: WizardValues): FieldErrors {
  const errors: FieldErrors = {};
  const trigger = findTrigger(values.trigger);
  const action = buildAction(values);
  if (action) {
    const parsed = WorkflowActionSchema.safeParse(action);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = formFieldOf(issue.path.map(String).join('.') || 'actionType');
        if (field && !errors[field]) errors[field] = issue.message;
      }
    }
    if (trigger) {
      const legacy = { type: values.actionType, subject: values.subject, body: values.body };
      for (const [path, message] of Object.entries(actionErrorsForTrigger(trigger, legacy))) {
        const field = formFieldOf(path);
        if (field && !errors[field]) errors[field] = message;
      }
    }
  }
  if (trigger) {
    const { errors: conditionErrors } = normalizeTriggerThreshold(trigger, values.conditions);
    for (const [field, message] of Object.entries(conditionErrors)) {
      errors[`conditions.${field}`] = message;
    }
  }
  return errors;
}

/**
 * Checks one step before Next (spec 001 §4, §5): steps 0 to 2 answer the spec's snackbar
 * text, step 3 the action's and conditions' field errors, step 4 the workflow name.
 */
export function validateStep(step: number, values: WizardValues): StepCheck {
  const none: StepCheck = { errors: {}, message: null };
  switch (step) {
    case STEP.application:
      return values.application ? none : { errors: {}, message: WORKFLOW_TEXTS.selectApplication };
    case STEP.trigger:
      return values.trigger ? none : { errors: {}, message: WORKFLOW_TEXTS.selectTrigger };
    case STEP.action:
      return values.actionType ? none : { errors: {}, message: WORKFLOW_TEXTS.selectAction };
    case STEP.configure:
      return { errors: configureErrors(values), message: null };
    case STEP.details:
      return values.workflowName.trim()
        ? none
        : { errors: { workflowName: WORKFLOW_TEXTS.workflowNameRequired }, message: null };
    default:
      return none;
  }
}

export type SaveCheck =
  { ok: true; payload: WorkflowSave } | { ok: false; step: number; check: StepCheck };

/**
 * Checks every step in order and builds the save payload through the shared WorkflowSaveSchema:
 * the first failing step is where the wizard returns to.
 */
export function toSavePayload(values: WizardValues, workflowId = NEW_WORKFLOW_ID): SaveCheck {
  for (let step = 0; step < WIZARD_STEPS.length; step++) {
    const check = validateStep(step, values);
    if (check.message || Object.keys(check.errors).length > 0) return { ok: false, step, check };
  }
  const trigger = findTrigger(values.trigger);
  const thresholds = trigger ? normalizeTriggerThreshold(trigger, values.conditions).values : {};
  const input = {
    workflowId,
    application: values.application,
    trigger: values.trigger,
    actions: [buildAction(values) ?? { type: 'test-action' }],
    workflowName: values.workflowName,
    ...(values.description.trim() ? { description: values.description } : {}),
    tags: values.tags,
    triggerThreshold: thresholds,
  };
  const parsed = WorkflowSaveSchema.safeParse(input);
  if (parsed.success) return { ok: true, payload: parsed.data };
  const errors: FieldErrors = {};
  let step: number = STEP.details;
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path.map(String).join('.'));
    if (!field) continue;
    errors[field] ??= issue.message;
    step = Math.min(step, stepOfField(field));
  }
  return { ok: false, step, check: { errors, message: null } };
}

/** Adds a tag typed in the tag field (Enter): trimmed, once, within the shared limits. */
export function addTag(tags: readonly string[], typed: string, max: number): string[] {
  const tag = typed.trim();
  if (!tag || tags.includes(tag) || tags.length >= max) return [...tags];
  return [...tags, tag];
}

/** Where the snackbar text of steps 0 to 2 is held as a field error (no field shows it). */
const CHOICE_FIELD: readonly WizardField[] = ['application', 'trigger', 'actionType'];

/**
 * The wizard's whole value as one schema for react-hook-form's zodResolver: every step's check
 * at its fields, then the save payload through the shared WorkflowSaveSchema.
 */
export function workflowWizardSchema(
  workflowId = NEW_WORKFLOW_ID,
): z.ZodType<WorkflowSave, WizardValues> {
  return z.custom<WizardValues>().transform((values, ctx) => {
    const issues: [string, string][] = [];
    const add = (errors: FieldErrors) => {
      for (const [path, message] of Object.entries(errors))
        if (message) issues.push([path, message]);
    };
    for (let step = 0; step < WIZARD_STEPS.length; step++) {
      const check = validateStep(step, values);
      const choice = CHOICE_FIELD[step];
      if (check.message && choice) issues.push([choice, check.message]);
      add(check.errors);
    }
    if (issues.length === 0) {
      const saved = toSavePayload(values, workflowId);
      if (saved.ok) return saved.payload;
      add(saved.check.errors);
      // No field to show it under: react-hook-form's root error, which the wizard says aloud.
      if (issues.length === 0) issues.push(['root', WORKFLOW_TEXTS.saveFailed]);
    }
    for (const [path, message] of issues) {
      ctx.addIssue({ code: 'custom', path: path.split('.'), message, input: values });
    }
    return z.NEVER;
  });
}
