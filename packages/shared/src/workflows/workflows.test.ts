import { describe, expect, it } from 'vitest';
import {
  agentPushPage,
  allowedActionsFor,
  findTrigger,
  TRIGGER_CATALOGUE,
  WATCHER_DEFAULTS,
} from './constants.ts';
import {
  compileRule,
  evaluateCall,
  evaluateEvent,
  evaluateSecond,
  SecondRuleIndex,
  type CallMeasures,
  type SecondMeasures,
  type WatcherRule,
} from './evaluate.ts';
import { WorkflowSaveSchema } from './schemas.ts';
import {
  actionErrorsForTrigger,
  normalizeTriggerThreshold,
  parseHeadersText,
  renderTemplate,
  resolveWindowTime,
} from './validation.ts';

const rule = (trigger: string, threshold: Record<string, number | string | boolean> = {}) => {
  const r = compileRule({ id: trigger, trigger, triggerThreshold: threshold });
  if (!r) throw new Error(`no rule for ${trigger}`);
  return r;
};
const second = (over: Partial<SecondMeasures> = {}): SecondMeasures => ({
  contactId: 'c',
  timeMs: 0,
  mos: 4.3,
  packetLossPercent: 0,
  jitterMs: 4,
  rttMs: 40,
  ...over,
});

describe('trigger catalogue', () => {
  it('has the spec defaults and limits', () => {
    const threshold = (id: string) =>
      findTrigger(id)?.triggerConditions.find((c) => c.field === 'threshold')?.defaultThreshold;
    expect(threshold('aws-connect-mos')).toBe(WATCHER_DEFAULTS.mos);
    expect(threshold('genesys-latency')).toBe(400);
    expect(allowedActionsFor('eb-sod-test-data')).toEqual(['eventbridge']);
    expect(allowedActionsFor('heartbeat-telephony')).toEqual([
      'send-email',
      'invoke-webhook',
      'slack',
      'eventbridge',
    ]);
    expect(allowedActionsFor('aws-connect-mos')).not.toContain('eventbridge');
    expect(new Set(TRIGGER_CATALOGUE.map((t) => t.id)).size).toBe(TRIGGER_CATALOGUE.length);
  });

  it('makes push page names of any agent name', () => {
    expect(agentPushPage('jane.doe')).toBe('agent:jane.doe');
    expect(agentPushPage('Zoë A@b')).toBe('agent:Zo_C3_AB_20A_40b');
  });
});

describe('evaluation', () => {
  it('compares each quality measure with its threshold (MOS at or below, others at or above)', () => {
    expect(evaluateSecond(rule('aws-connect-mos'), second({ mos: 3.5 }))?.value).toBe(3.5);
    expect(evaluateSecond(rule('aws-connect-mos'), second({ mos: 3.51 }))).toBeNull();
    // MOS 0 means no audio, not a rating.
    expect(evaluateSecond(rule('aws-connect-mos'), second({ mos: 0 }))).toBeNull();
    expect(evaluateSecond(rule('aws-connect-jitter'), second({ jitterMs: 30 }))).not.toBeNull();
    expect(
      evaluateSecond(rule('aws-connect-packet-loss'), second({ packetLossPercent: 0.9 })),
    ).toBeNull();
    expect(evaluateSecond(rule('aws-connect-latency'), second({ rttMs: 400 }))?.metric).toBe(
      'rttMs',
    );
    // A call-scope rule ignores seconds.
    expect(
      evaluateSecond(rule('aws-connect-mos', { scope: 'call' }), second({ mos: 2 })),
    ).toBeNull();
  });

  it('indexes second rules so that only the breached ones are visited', () => {
    const rules: { rule: WatcherRule }[] = [1.5, 3.5, 2.5].map((t, i) => ({
      rule: { ...rule('aws-connect-mos', { threshold: t }), id: String(i) },
    }));
    rules.push({ rule: rule('aws-connect-jitter', { threshold: 50 }) });
    const index = new SecondRuleIndex(rules);
    const hit: string[] = [];
    index.forEachBreach(second({ mos: 2.4, jitterMs: 60 }), (item, b) =>
      hit.push(`${item.rule.id}:${b.metric}:${String(b.threshold)}`),
    );
    expect(hit).toEqual(['1:mos:3.5', '2:mos:2.5', 'aws-connect-jitter:jitterMs:50']);
  });

  it('checks call summaries and events', () => {
    const call: CallMeasures = {
      contactId: 'c',
      agent: 'a',
      direction: 'INBOUND',
      endTimeMs: 1,
      mos: 3.2,
      packetLossPercent: 0,
      jitterMs: 2,
      rttMs: 30,
      poorQuality: false,
    };
    expect(evaluateCall(rule('aws-connect-mos', { scope: 'call' }), call)?.value).toBe(3.2);
    expect(
      evaluateCall(rule('aws-connect-contact-ended', { direction: 'OUTBOUND' }), call),
    ).toBeNull();
    expect(
      evaluateCall(rule('aws-connect-contact-ended', { onlyPoorQuality: true }), call),
    ).toBeNull();
    expect(
      evaluateCall(rule('aws-connect-contact-ended'), { ...call, endTimeMs: null }),
    ).toBeNull();
    expect(evaluateCall(rule('eb-summary-data'), call)).not.toBeNull();
    const event = (type: string, data: Record<string, unknown>) => ({
      type,
      contactId: 'c',
      agent: 'a',
      timeMs: 0,
      data,
    });
    expect(
      evaluateEvent(
        rule('aws-connect-agent-readiness-test'),
        event('agent-readiness-test', { passed: true }),
      ),
    ).toBeNull();
    expect(
      evaluateEvent(
        rule('aws-connect-agent-readiness-test'),
        event('agent-readiness-test', { result: 'failed' }),
      ),
    ).not.toBeNull();
    expect(
      evaluateEvent(rule('eb-sod-test-data'), event('agent-readiness-test', { passed: true })),
    ).not.toBeNull();
    const terrible = rule('aws-connect-agent-issue-reported', { severity: 'Terrible' });
    expect(
      evaluateEvent(terrible, event('agent-issue-reported', { severity: 'Minor' })),
    ).toBeNull();
    expect(
      evaluateEvent(terrible, event('agent-issue-reported', { severity: 'Terrible' })),
    ).not.toBeNull();
  });
});

describe('validation', () => {
  it('checks condition values against the trigger', () => {
    const mos = findTrigger('aws-connect-mos');
    if (!mos) throw new Error('no trigger');
    expect(normalizeTriggerThreshold(mos, { threshold: '', scope: 'call', extra: 1 })).toEqual({
      values: { threshold: 3.5, scope: 'call' },
      errors: {},
    });
    expect(normalizeTriggerThreshold(mos, { threshold: 'x' }).errors).toEqual({
      threshold: 'Invalid number',
    });
    expect(normalizeTriggerThreshold(mos, { threshold: 9 }).errors).toEqual({
      threshold: 'Maximum value is 5',
    });
    expect(actionErrorsForTrigger(mos, { type: 'send-email' })).toEqual({
      'actions.0.subject': 'Required (Subject)',
      'actions.0.body': 'Required (Body)',
    });
  });

  it('parses headers and the save payload', () => {
    expect(parseHeadersText(' ')).toEqual({});
    expect(parseHeadersText('{"a":1}')).toEqual({ a: '1' });
    expect(parseHeadersText('[1]')).toBeNull();
    const parsed = WorkflowSaveSchema.safeParse({
      application: 'aws-connect',
      trigger: 'aws-connect-mos',
      workflowName: 'x',
      actions: [{ type: 'invoke-webhook', url: 'https://x.test', method: 'PUT', body: '{}' }],
    });
    expect(parsed.success && parsed.data.workflowId).toBe('-1');
    expect(parsed.success && parsed.data.actions[0]).toMatchObject({ method: 'put', headers: {} });
  });

  it('renders templates and windows', () => {
    expect(
      renderTemplate(
        '{"a":"{{agent}}","v":{{value}}}',
        { agent: 'Ann "A"', value: 2.0600000000000005 },
        { json: true },
      ),
    ).toBe('{"a":"Ann \\"A\\"","v":2.06}');
    const now = new Date('2025-01-15T12:00:00Z');
    expect(resolveWindowTime('now-15m', 'UTC', now)?.toISOString()).toBe(
      '2025-01-15T11:45:00.000Z',
    );
    expect(resolveWindowTime('2025-01-15T10:00:00', 'Europe/Paris', now)?.toISOString()).toBe(
      '2025-01-15T09:00:00.000Z',
    );
    expect(resolveWindowTime('soon', 'UTC', now)).toBeNull();
  });
});
