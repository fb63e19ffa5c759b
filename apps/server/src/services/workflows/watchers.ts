import { desc, eq, ne } from 'drizzle-orm';
import {
  actionErrorsForTrigger,
  allowedActionsFor,
  findTrigger,
  isKnownApplication,
  NEW_WORKFLOW_ID,
  normalizeTriggerThreshold,
  WORKFLOW_TEXTS,
  type ConditionValue,
  type Watcher,
  type WatcherFamily,
  type WorkflowAction,
  type WorkflowSave,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { eventSources, workflows } from '../../db/schema/index.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { recordAudit, auditActor } from '../audit/audit-log.ts';
import { actionEnabled, applicationEnabled, groupOffer, triggerPermitted } from './catalogue.ts';

type Row = typeof workflows.$inferSelect;

/** What the watcher services need: the database and a hook told of every change (cache). */
export interface WatcherDeps {
  db: Db;
  onChange(groupId: string): void;
}

const T = WORKFLOW_TEXTS;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored watcher as the API answers it (spec 001 §3 "Watcher as received"). */
export function toWatcher(row: Row): Watcher {
  return {
    _id: row.id,
    family: row.family,
    systemManaged: !isKnownApplication(row.application),
    _source: {
      status: { state: { active: row.active }, execution_state: row.executionState },
      metadata: {
        application: row.application,
        trigger: row.trigger,
        actions: row.actions.map((a) => ({
          ...a,
          type: String(a.type),
        })) as Watcher['_source']['metadata']['actions'],
        name: row.name,
        workflowName: row.name,
        description: row.description,
        className: row.className,
        triggerThreshold: row.triggerThreshold,
        tags: row.tags,
      },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
    },
  };
}

/** The group's watchers of one family, newest first. */
export async function listWatchers(scope: GroupScope, family: WatcherFamily): Promise<Watcher[]> {
  const rows = await scope.db
    .select()
    .from(workflows)
    .where(scope.owns(workflows, eq(workflows.family, family)))
    .orderBy(desc(workflows.createdAt));
  return rows.map(toWatcher);
}

async function findRow(scope: GroupScope, family: WatcherFamily, id: string): Promise<Row> {
  if (!UUID.test(id)) throw notFound(T.notFound);
  const [row] = await scope.db
    .select()
    .from(workflows)
    .where(scope.owns(workflows, eq(workflows.id, id), eq(workflows.family, family)))
    .limit(1);
  if (!row) throw notFound(T.notFound);
  return row;
}

/** The webhook URL's parts, stored with the action (spec 001 §3). */
function webhookParts(url: string) {
  const u = new URL(url);
  const scheme = u.protocol.replace(':', '');
  return {
    scheme,
    host: u.hostname,
    port: u.port ? Number(u.port) : scheme === 'https' ? 443 : 80,
    path: `${u.pathname}${u.search}`,
  };
}

/**
 * Checks a save against the catalogue, the caller, the group's features and event sources, and
 * answers what is stored: the action (webhooks with URL parts) and the condition values.
 */
async function checkSave(
  scope: GroupScope,
  caller: Caller,
  family: WatcherFamily,
  input: WorkflowSave,
): Promise<{ action: Record<string, unknown>; threshold: Record<string, ConditionValue> }> {
  if (!isKnownApplication(input.application))
    throw badRequest(T.selectApplication, { application: T.selectApplication });
  const trigger = findTrigger(input.trigger);
  if (!trigger || trigger.application !== input.application)
    throw badRequest(T.unknownTrigger, { trigger: T.unknownTrigger });
  if (!triggerPermitted(caller, trigger)) throw forbidden(T.triggerNotPermitted);
  const offer = await groupOffer(scope);
  if (!applicationEnabled(offer, input.application))
    throw badRequest(T.applicationDisabled, { application: T.applicationDisabled });
  if (trigger.watchdogWatcher !== (family === 'watchdog')) {
    const message = family === 'group' ? T.wrongFamilyGroup : T.wrongFamilyWatchdog;
    throw badRequest(message, { trigger: message });
  }
  const action: WorkflowAction | undefined = input.actions[0];
  if (!action) throw badRequest(T.selectAction, { actions: T.selectAction });
  if (!allowedActionsFor(trigger.id).includes(action.type))
    throw badRequest(T.actionNotAllowed, { 'actions.0.type': T.actionNotAllowed });
  if (!actionEnabled(offer, action.type))
    throw badRequest(T.actionDisabled, { 'actions.0.type': T.actionDisabled });

  const fields: Record<string, string> = { ...actionErrorsForTrigger(trigger, action) };
  const { values, errors } = normalizeTriggerThreshold(trigger, input.triggerThreshold);
  for (const [field, text] of Object.entries(errors)) fields[`triggerThreshold.${field}`] = text;
  if (Object.keys(fields).length > 0) {
    throw badRequest(Object.values(fields)[0] ?? T.saveFailed, fields);
  }

  if (action.type === 'eventbridge') {
    const source = UUID.test(action.eventSource)
      ? (
          await scope.db
            .select()
            .from(eventSources)
            .where(
              scope.owns(
                eventSources,
                eq(eventSources.id, action.eventSource),
                ne(eventSources.status, 'deleted'),
              ),
            )
            .limit(1)
        )[0]
      : undefined;
    if (!source)
      throw badRequest(T.eventSourceNotFound, { 'actions.0.eventSource': T.eventSourceNotFound });
    // The spec's conditions of an EventBridge workflow: the source's name and region.
    values.ebSource = source.eventSourceName;
    values.ebRegion = source.awsRegion;
  }
  const stored: Record<string, unknown> =
    action.type === 'invoke-webhook' ? { ...action, ...webhookParts(action.url) } : { ...action };
  return { action: stored, threshold: values };
}

const auditDetails = (row: Row) => ({
  name: row.name,
  application: row.application,
  trigger: row.trigger,
  family: row.family,
  action: row.actions[0]?.type ?? null,
  active: row.active,
});

/**
 * Creates (workflowId "-1") or updates a watcher of the family in the caller's group, audited.
 * `pathId` is the id of PUT /watchdog/watcher/{id}; it wins over the body's workflowId.
 */
export async function saveWatcher(
  deps: WatcherDeps,
  caller: Caller,
  family: WatcherFamily,
  input: WorkflowSave,
  pathId?: string,
): Promise<{ watcher: Watcher; created: boolean }> {
  const scope = forGroup(deps.db, caller.groupId);
  const id = pathId ?? input.workflowId;
  const existing = id === NEW_WORKFLOW_ID ? null : await findRow(scope, family, id);
  if (existing && !isKnownApplication(existing.application)) throw conflict(T.systemManagedLocked);
  const { action, threshold } = await checkSave(scope, caller, family, input);
  const values = {
    application: input.application,
    trigger: input.trigger,
    name: input.workflowName,
    description: input.description ?? null,
    className: input.className ?? null,
    actions: [action],
    triggerThreshold: threshold,
    tags: [...new Set(input.tags)],
  };
  const row = await deps.db.transaction(async (tx) => {
    const [saved] = existing
      ? await tx
          .update(workflows)
          .set({ ...values, updatedAt: new Date() })
          .where(scope.owns(workflows, eq(workflows.id, existing.id)))
          .returning()
      : await tx
          .insert(workflows)
          .values(scope.row(workflows, { ...values, family, createdBy: caller.userId }))
          .returning();
    if (!saved) throw new Error('workflow not saved');
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'workflows',
      action: existing ? 'updateWorkflow' : 'createWorkflow',
      targetId: saved.id,
      result: 'success',
      message: `${existing ? 'Updated' : 'Created'} workflow "${saved.name}"`,
      details: auditDetails(saved),
    });
    return saved;
  });
  deps.onChange(caller.groupId);
  return { watcher: toWatcher(row), created: !existing };
}

/** Deletes a watcher of the caller's group (system-managed ones are refused), audited. */
export async function deleteWatcher(
  deps: WatcherDeps,
  caller: Caller,
  family: WatcherFamily,
  id: string,
): Promise<void> {
  const scope = forGroup(deps.db, caller.groupId);
  const row = await findRow(scope, family, id);
  if (!isKnownApplication(row.application)) throw conflict(T.systemManagedLocked);
  await deps.db.transaction(async (tx) => {
    await tx.delete(workflows).where(scope.owns(workflows, eq(workflows.id, row.id)));
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'workflows',
      action: 'deleteWorkflow',
      targetId: row.id,
      result: 'success',
      message: `Deleted workflow "${row.name}"`,
      details: auditDetails(row),
    });
  });
  deps.onChange(caller.groupId);
}

/** Activates or deactivates a watcher of the caller's group, audited. */
export async function setWatcherActive(
  deps: WatcherDeps,
  caller: Caller,
  family: WatcherFamily,
  id: string,
  active: boolean,
): Promise<Watcher> {
  const scope = forGroup(deps.db, caller.groupId);
  const row = await findRow(scope, family, id);
  if (!isKnownApplication(row.application)) throw conflict(T.systemManagedLocked);
  const updated = await deps.db.transaction(async (tx) => {
    const [u] = await tx
      .update(workflows)
      .set({ active, updatedAt: new Date() })
      .where(scope.owns(workflows, eq(workflows.id, row.id)))
      .returning();
    if (!u) throw notFound(T.notFound);
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'workflows',
      action: active ? 'activateWorkflow' : 'deactivateWorkflow',
      targetId: row.id,
      result: 'success',
      message: `${active ? 'Activated' : 'Deactivated'} workflow "${row.name}"`,
      details: auditDetails(u),
    });
    return u;
  });
  deps.onChange(caller.groupId);
  return toWatcher(updated);
}
