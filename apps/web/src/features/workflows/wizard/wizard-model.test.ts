import { describe, expect, it } from 'vitest';
import {
  ACTION_FIELD_LABELS,
  WORKFLOW_ACTION_KINDS,
  WORKFLOW_TEXTS,
  type Workflow,
} from '@callsight/shared';
import { makeCatalogue } from '../test/catalogue.ts';
import {
  actionsForTrigger,
  addTag,
  emptyWizardValues,
  formFieldOf,
  STEP,
  toSavePayload,
  triggersFor,
  validateStep,
  withTrigger,
  wizardValuesFromWorkflow,
  workflowWizardSchema,
  STEP_FIELDS,
  type WizardValues,
} from './wizard-model.ts';

const catalogue = makeCatalogue();
const actionIds = (trigger: string) => actionsForTrigger(catalogue, trigger).map((a) => a.id);

function webhookValues(overrides: Partial<WizardValues> = {}): WizardValues {
  return {
    ...emptyWizardValues(),
    application: 'aws-connect',
    trigger: 'aws-connect-mos',
    actionType: 'invoke-webhook',
    url: 'http://127.0.0.1:9999/hook',
    method: 'post',
    body: '{"contact":"{{contactId}}"}',
    conditions: { threshold: '3.5', scope: 'second' },
    workflowName: 'Bad MOS',
    ...overrides,
  };
}

describe('"Required ({Field name})" names the label the form shows (spec 000 §5)', () => {
  /** The Configure step's errors of an action with every field left empty. */
  const emptyAction = (actionType: WizardValues['actionType']) =>
    validateStep(
      STEP.configure,
      webhookValues({ actionType, url: '', body: '', method: '' as WizardValues['method'] }),
    ).errors;

  it('for every action kind, each required field by its label, never by its key', () => {
    const required: Record<string, Record<string, string>> = {};
    for (const kind of WORKFLOW_ACTION_KINDS) {
      const errors = emptyAction(kind);
      const labels: Record<string, string> = ACTION_FIELD_LABELS[kind];
      for (const [field, message] of Object.entries(errors)) {
        if (!message?.startsWith('Required (')) continue;
        // The text names the field as the form labels it for this action.
        expect(message, `${kind}.${field}`).toBe(`Required (${labels[field] ?? '?'})`);
        required[kind] = { ...required[kind], [field]: message };
      }
    }
    expect(required).toEqual({
      'invoke-webhook': {
        url: 'Required (URL)',
        method: 'Required (Method)',
        body: 'Required (Body)',
      },
      'agent-notification': {
        messageType: 'Required (Message Type)',
        actionButton: 'Required (Action Button)',
        body: 'Required (Message)',
      },
      'send-email': {
        toEmail: 'Required (To Email)',
        subject: 'Required (Subject)',
        body: 'Required (Body)',
      },
      slack: { url: 'Required (Incoming Webhook URL)' },
      eventbridge: { eventSource: 'Required (Event Source)' },
    });
  });

  it('the save payload check (what the server answers) uses the same labels', () => {
    const slack = toSavePayload(webhookValues({ actionType: 'slack', url: '' }));
    expect(!slack.ok && slack.check.errors).toEqual({ url: 'Required (Incoming Webhook URL)' });
  });
});

describe('step checks', () => {
  it('answers the spec texts for steps 0 to 2', () => {
    const empty = emptyWizardValues();
    expect(validateStep(STEP.application, empty).message).toBe('Please select an Application');
    expect(validateStep(STEP.trigger, empty).message).toBe('Please select a Trigger');
    expect(validateStep(STEP.action, empty).message).toBe('Please select an Action');
    expect(validateStep(STEP.application, { ...empty, application: 'genesys' }).message).toBeNull();
  });

  it('checks a webhook: URL, body, and headers as JSON', () => {
    const errors = validateStep(
      STEP.configure,
      webhookValues({ url: 'not a url', body: '', headers: '{"a":' }),
    ).errors;
    expect(errors.url).toBe(WORKFLOW_TEXTS.invalidUrl);
    expect(errors.headers).toBe('Invalid JSON');
    expect(errors.body).toBeTruthy();
    expect(validateStep(STEP.configure, webhookValues()).errors).toEqual({});
  });

  it('says "Invalid number" for a threshold that is not numeric; empty takes the default', () => {
    const bad = validateStep(STEP.configure, webhookValues({ conditions: { threshold: 'abc' } }));
    expect(bad.errors['conditions.threshold']).toBe('Invalid number');
    const result = toSavePayload(webhookValues({ conditions: { threshold: '' } }));
    expect(result.ok && result.payload.triggerThreshold).toEqual({
      threshold: 3.5,
      scope: 'second',
    });
  });

  it('requires e-mail subject and body only when the trigger is not a watchdog watcher', () => {
    const email = { actionType: 'send-email' as const, toEmail: 'ops@example.com', body: '' };
    const legacy = validateStep(STEP.configure, webhookValues(email)).errors;
    expect(legacy.subject).toBe('Required (Subject)');
    expect(legacy.body).toBe('Required (Body)');
    const watchdog = validateStep(
      STEP.configure,
      webhookValues({ ...email, trigger: 'heartbeat-telephony', conditions: { status: 'any' } }),
    ).errors;
    expect(watchdog).toEqual({});
    const badAddress = validateStep(STEP.configure, webhookValues({ ...email, toEmail: 'ops' }));
    expect(badAddress.errors.toEmail).toBe(WORKFLOW_TEXTS.invalidEmail);
  });

  it('requires the agent notification fields and a workflow name', () => {
    const errors = validateStep(
      STEP.configure,
      webhookValues({ actionType: 'agent-notification', body: '' }),
    ).errors;
    expect(Object.keys(errors).sort()).toEqual(['actionButton', 'body', 'messageType']);
    expect(validateStep(STEP.details, webhookValues({ workflowName: ' ' })).errors).toEqual({
      workflowName: WORKFLOW_TEXTS.workflowNameRequired,
    });
  });
});

describe('trigger → action limits', () => {
  it('offers only EventBridge for the EventBridge data triggers', () => {
    expect(actionIds('eb-summary-data')).toEqual(['eventbridge']);
    expect(actionIds('eb-sod-test-data')).toEqual(['eventbridge']);
  });

  it('offers e-mail, webhook, Slack and EventBridge for agent issues and heartbeat telephony', () => {
    const four = ['send-email', 'invoke-webhook', 'slack', 'eventbridge'];
    expect(actionIds('aws-connect-agent-issue-reported')).toEqual(four);
    expect(actionIds('heartbeat-telephony')).toEqual(four);
    expect(actionIds('aws-connect-mos')).toContain('agent-notification');
    expect(actionIds('aws-connect-mos')).not.toContain('eventbridge');
  });

  it('drops a chosen action the new trigger does not allow and resets its conditions', () => {
    const chosen = webhookValues({ actionType: 'agent-notification' });
    const moved = withTrigger(chosen, catalogue, 'eb-summary-data');
    expect(moved.actionType).toBe('');
    expect(moved.conditions).toEqual({});
    const kept = withTrigger(webhookValues(), catalogue, 'heartbeat-telephony');
    expect(kept.actionType).toBe('invoke-webhook');
    expect(kept.conditions).toEqual({ status: 'any' });
  });

  it('filters triggers by permittedTo: heartbeat telephony is for admin and super', () => {
    const ids = (p: string) => triggersFor(catalogue, 'aws-connect', [p]).map((t) => t.id);
    expect(ids('user:admin')).toContain('heartbeat-telephony');
    expect(ids('user:viewer')).not.toContain('heartbeat-telephony');
    expect(ids('user:viewer')).toContain('aws-connect-mos');
  });
});

describe('save payload', () => {
  it('builds the payload through the shared schema, empty headers as {}', () => {
    const result = toSavePayload(webhookValues({ tags: ['ops'] }));
    if (!result.ok) throw new Error('expected a payload');
    expect(result.payload).toMatchObject({
      workflowId: '-1',
      application: 'aws-connect',
      trigger: 'aws-connect-mos',
      workflowName: 'Bad MOS',
      tags: ['ops'],
      actions: [{ type: 'invoke-webhook', method: 'post', headers: {} }],
    });
  });

  it('returns to the first step that fails', () => {
    const result = toSavePayload(webhookValues({ trigger: '', workflowName: '' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.step).toBe(STEP.trigger);
  });

  it('as the wizard schema: each step text at a field of its step, else the payload', () => {
    const schema = workflowWizardSchema('w7');
    const empty = schema.safeParse(emptyWizardValues());
    const issues = new Map(
      (empty.success ? [] : empty.error.issues).map((i) => [i.path.join('.'), i.message]),
    );
    expect(issues.get('application')).toBe('Please select an Application');
    expect(issues.get('trigger')).toBe('Please select a Trigger');
    expect(issues.get('actionType')).toBe('Please select an Action');
    expect(issues.get('workflowName')).toBe(WORKFLOW_TEXTS.workflowNameRequired);
    const bad = schema.safeParse(webhookValues({ conditions: { threshold: 'abc' } }));
    const threshold = bad.success ? undefined : bad.error.issues[0]?.path.join('.');
    expect(threshold).toBe('conditions.threshold');
    expect(STEP_FIELDS[STEP.configure]).toContain('conditions');

    const good = schema.safeParse(webhookValues());
    expect(good.success && good.data).toMatchObject({ workflowId: 'w7', workflowName: 'Bad MOS' });
  });

  it('maps server field names to form fields', () => {
    expect(formFieldOf('actions.0.url')).toBe('url');
    expect(formFieldOf('triggerThreshold.threshold')).toBe('conditions.threshold');
    expect(formFieldOf('workflowName')).toBe('workflowName');
    expect(formFieldOf('somethingElse')).toBeNull();
  });

  it('reads a stored workflow back into the wizard', () => {
    const stored: Workflow = {
      id: 'w1',
      name: 'Loss',
      description: null,
      application: 'genesys',
      type: 'genesys-packet-loss',
      actions: [
        {
          type: 'invoke-webhook',
          url: 'https://x.test/h',
          method: 'put',
          headers: { a: 'b' },
          body: 'b',
        },
      ],
      triggerThreshold: { threshold: 2 },
      tags: ['t'],
      enabled: true,
      status: 'executed',
      family: 'group',
      systemManaged: false,
    };
    const values = wizardValuesFromWorkflow(stored);
    expect(values).toMatchObject({
      trigger: 'genesys-packet-loss',
      method: 'put',
      headers: '{\n  "a": "b"\n}',
      conditions: { threshold: '2', scope: 'second' },
    });
  });
});

describe('tags', () => {
  it('adds a trimmed tag once and keeps the limit', () => {
    expect(addTag(['a'], ' b ', 20)).toEqual(['a', 'b']);
    expect(addTag(['a'], 'a', 20)).toEqual(['a']);
    expect(addTag(['a'], '  ', 20)).toEqual(['a']);
    expect(addTag(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
  });
});
