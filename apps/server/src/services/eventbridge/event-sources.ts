import { eq, ne } from 'drizzle-orm';
import {
  EVENTBRIDGE_TEXTS,
  fullEventSourceName,
  isFeatureEnabled,
  type EventSource,
  type EventSourceAssociateInput,
  type EventSourceCreateInput,
  type EventSourceStatus,
} from '@callsight/shared';
import { ERROR_CODES } from '@callsight/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { acrossGroups, forGroup, type GroupScope } from '../../db/group-scope.ts';
import { eventSources } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';
import {
  EventBridgeAdapterError,
  type EventBridgeAdapter,
  type PartnerSourceRef,
} from '../../adapters/eventbridge/index.ts';
import { namedLiveSource } from '../../adapters/eventbridge/local-eventbridge.ts';
import { recordAudit, auditActor } from '../audit/audit-log.ts';
import { enabledFeatures } from '../groups/features.ts';

export interface EventSourceDeps {
  db: Db;
  adapter: EventBridgeAdapter;
  partnerDomain: string;
  /** Minimum time between two status checks of one source (AWS calls on list). */
  statusRefreshMs: number;
  log: FastifyBaseLogger;
  /** Per-process memory of when each source's status was last asked. */
  refreshedAt: Map<string, number>;
}

type Row = typeof eventSources.$inferSelect;

const refOf = (row: Row): PartnerSourceRef => ({
  region: row.awsRegion,
  name: row.eventSourceName,
  accountId: row.accountId,
});

function toEventSource(row: Row): EventSource {
  return {
    eventSourceId: row.id,
    awsRegion: row.awsRegion,
    eventSourceName: row.eventSourceName,
    accountId: row.accountId,
    status: row.status,
    eventBusName: row.eventBusName,
    createdOn: row.createdAt.toISOString(),
  };
}

const upstreamError = (message: string) => new AppError(502, ERROR_CODES.internal, message);

/** EventBridge is a per-group feature (spec 000 §3): refused while the flag is off. */
export async function requireEventBridge(db: Db, groupId: string): Promise<void> {
  const features = await enabledFeatures(db, groupId);
  if (!isFeatureEnabled(features, groupId, 'eventbridge'))
    throw forbidden(EVENTBRIDGE_TEXTS.notEnabled);
}

async function liveRow(scope: GroupScope, id: string): Promise<Row> {
  const [row] = await scope.db
    .select()
    .from(eventSources)
    .where(scope.owns(eventSources, eq(eventSources.id, id), ne(eventSources.status, 'deleted')))
    .limit(1);
  if (!row) throw notFound(EVENTBRIDGE_TEXTS.notFound);
  return row;
}

/** Asks the adapter for a live source's status (at most once per interval) and saves a change. */
async function refreshStatus(deps: EventSourceDeps, row: Row): Promise<Row> {
  const now = Date.now();
  const last = deps.refreshedAt.get(row.id);
  if (last !== undefined && now - last < deps.statusRefreshMs) return row;
  deps.refreshedAt.set(row.id, now);
  let status: EventSourceStatus | null;
  try {
    status = await deps.adapter.status(refOf(row));
  } catch (err) {
    deps.log.warn({ err, eventSourceId: row.id }, 'could not refresh event source status');
    return row;
  }
  if (!status || status === row.status) return row;
  return deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(eventSources)
      .set({ status, updatedAt: new Date() })
      .where(forGroup(tx, row.groupId).owns(eventSources, eq(eventSources.id, row.id)))
      .returning();
    await recordAudit(tx, {
      groupId: row.groupId,
      service: 'eventbridge',
      action: 'refreshEventSourceStatus',
      targetId: row.id,
      result: 'success',
      details: { from: row.status, to: status, adapter: deps.adapter.kind },
    });
    return updated ?? row;
  });
}

/** The group's event sources, live ones with a fresh status; deleted ones too when asked. */
export async function listEventSources(
  deps: EventSourceDeps,
  caller: Caller,
  includeDeleted: boolean,
): Promise<EventSource[]> {
  await requireEventBridge(deps.db, caller.groupId);
  const scope = forGroup(deps.db, caller.groupId);
  const rows = await deps.db
    .select()
    .from(eventSources)
    .where(
      scope.owns(eventSources, includeDeleted ? undefined : ne(eventSources.status, 'deleted')),
    )
    .orderBy(eventSources.createdAt, eventSources.eventSourceName);
  const fresh = await Promise.all(
    rows.map((r) => (r.status === 'deleted' ? r : refreshStatus(deps, r))),
  );
  return fresh.filter((r) => includeDeleted || r.status !== 'deleted').map(toEventSource);
}

/** Creates a partner event source for the group: outside first, then our row and its audit. */
export async function createEventSource(
  deps: EventSourceDeps,
  caller: Caller,
  input: EventSourceCreateInput,
): Promise<EventSource> {
  await requireEventBridge(deps.db, caller.groupId);
  const ref: PartnerSourceRef = {
    region: input.awsRegion,
    name: fullEventSourceName(deps.partnerDomain, caller.groupId, input.eventSourceName),
    accountId: input.accountId,
  };
  // A partner source is named by region, account and name alone, as in AWS.
  const [existing] = await deps.db
    .select({ id: eventSources.id })
    .from(eventSources)
    .where(acrossGroups.where(namedLiveSource(ref)))
    .limit(1);
  if (existing) throw conflict(EVENTBRIDGE_TEXTS.alreadyExists);
  try {
    await deps.adapter.create(ref);
  } catch (err) {
    throw createFailure(deps, err);
  }
  const row = await insertSource(deps, caller, ref);
  deps.refreshedAt.set(row.id, Date.now());
  return toEventSource(row);
}

/** True for a unique-constraint violation (two creates of one name at once), whichever driver. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function insertSource(
  deps: EventSourceDeps,
  caller: Caller,
  ref: PartnerSourceRef,
): Promise<Row> {
  try {
    return await insertAudited(deps, caller, ref);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EVENTBRIDGE_TEXTS.alreadyExists);
    throw err;
  }
}

function insertAudited(deps: EventSourceDeps, caller: Caller, ref: PartnerSourceRef): Promise<Row> {
  return deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(eventSources)
      .values(
        forGroup(tx, caller.groupId).row(eventSources, {
          awsRegion: ref.region,
          eventSourceName: ref.name,
          accountId: ref.accountId,
          status: 'pending',
        }),
      )
      .returning();
    if (!inserted) throw new Error('event source not inserted');
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'eventbridge',
      action: 'createEventSource',
      targetId: inserted.id,
      result: 'success',
      details: {
        awsRegion: ref.region,
        eventSourceName: ref.name,
        accountId: ref.accountId,
        adapter: deps.adapter.kind,
      },
    });
    return inserted;
  });
}

/** The API answer for a failed create (spec 000 §8 texts). */
function createFailure(deps: EventSourceDeps, err: unknown): Error {
  if (!(err instanceof EventBridgeAdapterError))
    return err instanceof Error ? err : new Error(String(err));
  deps.log.warn({ kind: err.kind, awsMessage: err.awsMessage }, 'EventBridge create failed');
  switch (err.kind) {
    case 'alreadyExists':
      return conflict(EVENTBRIDGE_TEXTS.alreadyExists);
    case 'notAllowlisted':
      return badRequest(EVENTBRIDGE_TEXTS.notAllowlisted, {
        accountId: EVENTBRIDGE_TEXTS.invalidAccount,
      });
    case 'invalidName':
      return badRequest(EVENTBRIDGE_TEXTS.namePatternFailure, {
        eventSourceName: EVENTBRIDGE_TEXTS.invalidName,
      });
    default:
      return upstreamError(EVENTBRIDGE_TEXTS.createHttpError);
  }
}

/** Deletes a live source of the group: withdrawn outside, then marked deleted here. */
export async function deleteEventSource(
  deps: EventSourceDeps,
  caller: Caller,
  id: string,
): Promise<void> {
  await requireEventBridge(deps.db, caller.groupId);
  const row = await liveRow(forGroup(deps.db, caller.groupId), id);
  try {
    await deps.adapter.delete(refOf(row));
  } catch (err) {
    if (!(err instanceof EventBridgeAdapterError)) throw err;
    deps.log.warn({ kind: err.kind, awsMessage: err.awsMessage }, 'EventBridge delete failed');
    throw upstreamError(
      `Could not delete the event source in AWS (${err.awsMessage}). Please try again.`,
    );
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(eventSources)
      .set({ status: 'deleted', updatedAt: new Date() })
      .where(forGroup(tx, row.groupId).owns(eventSources, eq(eventSources.id, row.id)));
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'eventbridge',
      action: 'deleteEventSource',
      targetId: row.id,
      result: 'success',
      details: {
        awsRegion: row.awsRegion,
        eventSourceName: row.eventSourceName,
        accountId: row.accountId,
        adapter: deps.adapter.kind,
      },
    });
  });
  deps.refreshedAt.delete(row.id);
}

/** Associates an event bus with a source (local adapter): pending becomes active. */
export async function associateEventSource(
  deps: EventSourceDeps,
  caller: Caller,
  id: string,
  input: EventSourceAssociateInput,
): Promise<EventSource> {
  await requireEventBridge(deps.db, caller.groupId);
  const row = await liveRow(forGroup(deps.db, caller.groupId), id);
  const eventBusName = input.eventBusName ?? row.eventSourceName;
  try {
    await deps.adapter.associate(refOf(row), eventBusName);
  } catch (err) {
    if (!(err instanceof EventBridgeAdapterError)) throw err;
    if (err.kind === 'unsupported') throw conflict(err.awsMessage);
    if (err.kind === 'notFound') throw notFound(EVENTBRIDGE_TEXTS.notFound);
    throw upstreamError(`Could not associate the event bus (${err.awsMessage}).`);
  }
  const updated = await deps.db.transaction(async (tx) => {
    const [u] = await tx
      .update(eventSources)
      .set({ status: 'active', eventBusName, updatedAt: new Date() })
      .where(forGroup(tx, row.groupId).owns(eventSources, eq(eventSources.id, row.id)))
      .returning();
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'eventbridge',
      action: 'associateEventBus',
      targetId: row.id,
      result: 'success',
      details: { eventBusName, from: row.status },
    });
    return u ?? row;
  });
  return toEventSource(updated);
}
