import { desc, eq, gte, lte } from 'drizzle-orm';
import {
  SYNTHETIC_LIMITS,
  SYNTHETIC_TEXTS,
  type HeartbeatTest,
  type HeartbeatTestCreateInput,
  type Monitor,
  type MonitorCreateInput,
  type SyntheticListQuery,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import { gsmMonitors, heartbeatTests } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import { notFound } from '../../lib/errors.ts';
import { queryWindow } from '../../lib/query-window.ts';
import { auditActor, recordAudit } from '../audit/audit-log.ts';

type MonitorRow = typeof gsmMonitors.$inferSelect;
type TestRow = typeof heartbeatTests.$inferSelect;

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

function toMonitor(r: MonitorRow): Monitor {
  return {
    monitorId: r.id,
    description: r.description,
    connectRegions: r.connectRegions,
    agentRegions: r.agentRegions,
    schedule: r.scheduleMinutes,
    active: r.active,
    createdOn: r.createdOn.toISOString(),
    lastRun: isoOrNull(r.lastRun),
    nextRun: r.active ? isoOrNull(r.nextRun) : null,
  };
}

function toTest(r: TestRow): HeartbeatTest {
  return {
    heartbeatId: r.id,
    agentType: r.agentType === 'HUMAN_AGENT' ? 'HUMAN_AGENT' : 'VIRTUAL_AGENT',
    agentIds: r.agentIds,
    sourcePhoneNumber: r.sourcePhoneNumber,
    targetPhoneNumber: r.targetPhoneNumber,
    description: r.description,
    schedule: r.scheduleMinutes,
    active: r.active,
    createdOn: r.createdOn.toISOString(),
    lastRun: isoOrNull(r.lastRun),
    nextRun: r.active ? isoOrNull(r.nextRun) : null,
  };
}

/** GET /gsm/monitors: created in the window (default the last 30 days), newest first. */
export async function listMonitors(scope: GroupScope, query: SyntheticListQuery, now = new Date()) {
  const { from, to } = queryWindow(query, SYNTHETIC_LIMITS.monitorsWindowMs, now);
  const rows = await scope.db
    .select()
    .from(gsmMonitors)
    .where(
      scope.owns(gsmMonitors, gte(gsmMonitors.createdOn, from), lte(gsmMonitors.createdOn, to)),
    )
    .orderBy(desc(gsmMonitors.createdOn))
    .limit(query.size);
  return rows.map(toMonitor);
}

/** GET /gsm/heartbeat: tests created in the window (default the last 7 days), newest first. */
export async function listTests(scope: GroupScope, query: SyntheticListQuery, now = new Date()) {
  const { from, to } = queryWindow(query, SYNTHETIC_LIMITS.logsWindowMs, now);
  const rows = await scope.db
    .select()
    .from(heartbeatTests)
    .where(
      scope.owns(
        heartbeatTests,
        gte(heartbeatTests.createdOn, from),
        lte(heartbeatTests.createdOn, to),
      ),
    )
    .orderBy(desc(heartbeatTests.createdOn))
    .limit(query.size);
  return rows.map(toTest);
}

/**
 * POST /gsm/monitors: the first slot is now (a Run Once runs once, now; a schedule runs now and
 * every N minutes after); the scheduler makes its jobs.
 */
export async function createMonitor(db: Db, caller: Caller, input: MonitorCreateInput) {
  const scope = forGroup(db, caller.groupId);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(gsmMonitors)
      .values(
        scope.row(gsmMonitors, {
          description: input.description,
          connectRegions: input.connectRegions,
          agentRegions: input.agentRegions,
          scheduleMinutes: input.schedule ?? 0,
          createdOn: now,
          nextRun: now,
          createdBy: caller.userId,
        }),
      )
      .returning();
    if (!row) throw new Error('monitor not inserted');
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'gsm',
      action: 'create-monitor',
      targetId: row.id,
      result: 'success',
      message: `Monitor ${row.description} created`,
    });
    return toMonitor(row);
  });
}

/** POST /gsm/heartbeat: as monitors; a Run Once test makes its job at once. */
export async function createTest(db: Db, caller: Caller, input: HeartbeatTestCreateInput) {
  const scope = forGroup(db, caller.groupId);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(heartbeatTests)
      .values(
        scope.row(heartbeatTests, {
          description: input.description,
          agentType: input.agentType,
          agentIds: input.agentIds,
          sourcePhoneNumber: input.sourcePhoneNumber,
          targetPhoneNumber: input.targetPhoneNumber,
          scheduleMinutes: input.schedule ?? 0,
          createdOn: now,
          nextRun: now,
          createdBy: caller.userId,
        }),
      )
      .returning();
    if (!row) throw new Error('test not inserted');
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'heartbeat',
      action: 'create-test',
      targetId: row.id,
      result: 'success',
      message: `Heartbeat test ${row.description} created`,
    });
    return toTest(row);
  });
}

/** Disable: no more runs (next run shows Disabled). */
export async function disableMonitor(db: Db, caller: Caller, id: string) {
  const scope = forGroup(db, caller.groupId);
  const [row] = await db
    .update(gsmMonitors)
    .set({ active: false })
    .where(scope.owns(gsmMonitors, eq(gsmMonitors.id, id)))
    .returning();
  if (!row) throw notFound(SYNTHETIC_TEXTS.monitorNotFound);
  await recordAudit(db, {
    ...auditActor(caller),
    service: 'gsm',
    action: 'disable-monitor',
    targetId: id,
    result: 'success',
  });
  return toMonitor(row);
}

export async function disableTest(db: Db, caller: Caller, id: string) {
  const scope = forGroup(db, caller.groupId);
  const [row] = await db
    .update(heartbeatTests)
    .set({ active: false })
    .where(scope.owns(heartbeatTests, eq(heartbeatTests.id, id)))
    .returning();
  if (!row) throw notFound(SYNTHETIC_TEXTS.testNotFound);
  await recordAudit(db, {
    ...auditActor(caller),
    service: 'heartbeat',
    action: 'disable-test',
    targetId: id,
    result: 'success',
  });
  return toTest(row);
}

/** Delete a monitor or test with its jobs. */
export async function deleteMonitor(db: Db, caller: Caller, id: string) {
  const scope = forGroup(db, caller.groupId);
  const gone = await db
    .delete(gsmMonitors)
    .where(scope.owns(gsmMonitors, eq(gsmMonitors.id, id)))
    .returning({ id: gsmMonitors.id });
  if (gone.length === 0) throw notFound(SYNTHETIC_TEXTS.monitorNotFound);
  await recordAudit(db, {
    ...auditActor(caller),
    service: 'gsm',
    action: 'delete-monitor',
    targetId: id,
    result: 'success',
  });
}

export async function deleteTest(db: Db, caller: Caller, id: string) {
  const scope = forGroup(db, caller.groupId);
  const gone = await db
    .delete(heartbeatTests)
    .where(scope.owns(heartbeatTests, eq(heartbeatTests.id, id)))
    .returning({ id: heartbeatTests.id });
  if (gone.length === 0) throw notFound(SYNTHETIC_TEXTS.testNotFound);
  await recordAudit(db, {
    ...auditActor(caller),
    service: 'heartbeat',
    action: 'delete-test',
    targetId: id,
    result: 'success',
  });
}
