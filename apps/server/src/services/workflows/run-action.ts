import { wholeGroup } from '../telemetry-store/call-scope.ts';
import { eq } from 'drizzle-orm';
import { findTrigger, renderTemplate, type Breach } from '@callsight/shared';
import { callSummaries, eventSources } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import type { AgentPushAdapter } from '../../adapters/agent-push/agent-push.ts';
import type { EventBridgeAdapter } from '../../adapters/eventbridge/index.ts';
import { attemptsOf, withRetries, type RetryPolicy } from '../../adapters/http/retry.ts';
import type { WebhookAdapter } from '../../adapters/http/webhook-adapter.ts';
import type { MailAdapter } from '../../adapters/mail/index.ts';
import type { SlackAdapter } from '../../adapters/slack/slack-adapter.ts';
import type { CallSummaryRow } from '../telemetry/call-summaries.ts';
import type { TelemetryStore } from '../telemetry-store/telemetry-store.ts';

/** The snapshot a firing queues: the watcher as it was, the call and why it fired. */
export interface WorkflowJobPayload {
  workflowId: string;
  workflowName: string;
  application: string;
  trigger: string;
  action: Record<string, unknown>;
  contactId: string;
  agent: string | null;
  breach: Breach;
  fields: Record<string, string | number | boolean | null>;
  firedAt: string;
}

/** How an action run ended: recorded in the action history and the audit log. */
export interface ActionOutcome {
  result: 'success' | 'failure';
  response: string;
  attempts: number;
  agent: string | null;
}

export interface ActionDeps {
  webhook: WebhookAdapter;
  slack: SlackAdapter;
  mail: MailAdapter;
  agentPush: AgentPushAdapter;
  eventBridge: EventBridgeAdapter;
  retry: RetryPolicy;
  /**
   * A call's summary from the process's telemetry store (PostgreSQL or ClickHouse; decision
   * CH41); without it, PostgreSQL's call_summaries.
   */
  callSummary?: TelemetryStore['callSummary'];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The call fields templates read (agent, direction, times) of the stored call, if any. */
async function storedCall(
  deps: Pick<ActionDeps, 'callSummary'>,
  scope: GroupScope,
  contactId: string,
): Promise<Pick<CallSummaryRow, 'agent' | 'direction' | 'startTime' | 'endTime'> | undefined> {
  if (deps.callSummary)
    return (await deps.callSummary(wholeGroup(scope.groupId), contactId)) ?? undefined;
  const [call] = await scope.db
    .select({
      agent: callSummaries.agent,
      direction: callSummaries.direction,
      startTime: callSummaries.startTime,
      endTime: callSummaries.endTime,
    })
    .from(callSummaries)
    .where(scope.owns(callSummaries, eq(callSummaries.contactId, contactId)))
    .limit(1);
  return call;
}

/** The template fields of a firing: the call's stored fields, then what the firing saw. */
export async function fieldsOf(
  deps: Pick<ActionDeps, 'callSummary'>,
  scope: GroupScope,
  job: WorkflowJobPayload,
) {
  const call = await storedCall(deps, scope, job.contactId);
  const trigger = findTrigger(job.trigger);
  return {
    groupId: scope.groupId,
    contactId: job.contactId as string | number | boolean | null,
    agent: call?.agent ?? job.agent,
    direction: call?.direction ?? null,
    startTime: call?.startTime.toISOString() ?? null,
    endTime: call?.endTime?.toISOString() ?? null,
    ...job.fields,
    ...(job.fields.agent ? {} : { agent: call?.agent ?? job.agent }),
    application: job.application,
    trigger: job.trigger,
    triggerName: trigger?.displayText ?? job.trigger,
    workflowId: job.workflowId,
    workflowName: job.workflowName,
    metric: job.breach.metric,
    value: job.breach.value,
    threshold: job.breach.threshold,
  };
}

type Fields = Awaited<ReturnType<typeof fieldsOf>>;

/** One line saying what happened, for Slack, e-mail and agent texts without a template. */
function summaryLine(f: Fields): string {
  const what =
    f.value === null || f.value === undefined
      ? f.triggerName
      : `${f.triggerName}: ${String(f.metric)} ${String(f.value)}${f.threshold === null ? '' : ` (threshold ${String(f.threshold)})`}`;
  const agent = f.agent ? `, agent ${String(f.agent)}` : '';
  return `Workflow "${f.workflowName}" fired — ${what} on contact ${String(f.contactId ?? '-')}${agent}.`;
}

const httpText = (r: { status: number; body: string }) =>
  `HTTP ${r.status}${r.body ? `: ${r.body}` : ''}`;

/**
 * Runs a queued action through its adapter (time-outs and retries live in the adapters) and
 * answers the outcome; a failure is an outcome too, never thrown.
 */
export async function runAction(
  deps: ActionDeps,
  scope: GroupScope,
  job: WorkflowJobPayload,
): Promise<ActionOutcome> {
  let agent = job.agent;
  try {
    const f = await fieldsOf(deps, scope, job);
    agent = typeof f.agent === 'string' ? f.agent : null;
    const a = job.action;
    const done = (response: string, attempts = 1): ActionOutcome => ({
      result: 'success',
      response,
      attempts,
      agent,
    });
    switch (a.type) {
      case 'invoke-webhook': {
        const headers = {
          'content-type': 'application/json',
          ...(a.headers as Record<string, string>),
        };
        const method = a.method === 'put' ? 'put' : 'post';
        const r = await deps.webhook.send({
          url: String(a.url),
          method,
          headers,
          body: renderTemplate(String(a.body ?? ''), f, { json: true }),
        });
        return done(httpText(r), r.attempts);
      }
      case 'slack': {
        const r = await deps.slack.post(
          String(a.url),
          a.method === 'put' ? 'put' : 'post',
          summaryLine(f),
        );
        return done(httpText(r), r.attempts);
      }
      case 'send-email': {
        const subject = str(a.subject)?.trim()
          ? renderTemplate(String(a.subject), f)
          : `Callsight: ${f.workflowName} (${f.triggerName})`;
        const text = str(a.body)?.trim() ? renderTemplate(String(a.body), f) : summaryLine(f);
        const r = await deps.mail.send({ to: String(a.toEmail), subject, text });
        return done(r.response, r.attempts);
      }
      case 'agent-notification':
      case 'agent-alert':
      case 'app-specific': {
        if (!agent)
          return { result: 'failure', response: 'The call has no agent yet', attempts: 1, agent };
        const body = str(a.body)?.trim() ? renderTemplate(String(a.body), f) : summaryLine(f);
        const r = await deps.agentPush.send(scope.groupId, agent, {
          type: a.type,
          workflowId: job.workflowId,
          workflowName: job.workflowName,
          contactId: typeof f.contactId === 'string' ? f.contactId : null,
          messageType: str(a.messageType),
          actionButton: str(a.actionButton),
          link: str(a.link),
          body,
          sentAt: new Date().toISOString(),
        });
        return done(r.response);
      }
      case 'eventbridge': {
        const [source] = await scope.db
          .select()
          .from(eventSources)
          .where(scope.owns(eventSources, eq(eventSources.id, String(a.eventSource))))
          .limit(1);
        if (!source || source.status === 'deleted')
          return { result: 'failure', response: 'Event source not found.', attempts: 1, agent };
        const { value, attempts } = await withRetries(deps.retry, () =>
          deps.eventBridge.putEvents({ region: source.awsRegion, name: source.eventSourceName }, [
            { detailType: `Callsight ${f.triggerName}`, detail: { ...f } },
          ]),
        );
        return done(`PutPartnerEvents: ${value.join(', ')}`, attempts);
      }
      case 'test-action':
        return done(
          `Test action: ${str(a.body)?.trim() ? renderTemplate(String(a.body), f) : summaryLine(f)}`,
        );
      default:
        return {
          result: 'failure',
          response: `Unknown action ${String(a.type)}`,
          attempts: 1,
          agent,
        };
    }
  } catch (err) {
    return {
      result: 'failure',
      response: err instanceof Error ? err.message : String(err),
      attempts: attemptsOf(err),
      agent,
    };
  }
}
