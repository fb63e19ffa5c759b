import { and, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  type ActionHistoryItem,
  type ActionHistoryQuery,
  type AuditLogItem,
  type AuditLogQuery,
} from '@callsight/shared';
import { auditLog, workflowActionHistory } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { queryWindow } from '../../lib/query-window.ts';

const MINUTE_MS = 60_000;

/** A page of the group's workflow action history, newest first, and the total in the window. */
export async function listActionHistory(
  scope: GroupScope,
  query: ActionHistoryQuery,
  now = new Date(),
): Promise<{ items: ActionHistoryItem[]; total: number }> {
  const { from, to } = queryWindow(query, 15 * MINUTE_MS, now);
  const h = workflowActionHistory;
  const where = scope.owns(
    h,
    gte(h.createdAt, from),
    lte(h.createdAt, to),
    query.workflowId ? sql`${h.workflowId}::text = ${query.workflowId}` : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    scope.db
      .select()
      .from(h)
      .where(where)
      .orderBy(desc(h.createdAt), desc(h.id))
      .limit(query.size)
      .offset(query.from),
    scope.db.select({ n: count() }).from(h).where(where),
  ]);
  return {
    total: totals?.n ?? 0,
    items: rows.map((r) => ({
      _id: r.id,
      _source: {
        timestamp: r.createdAt.toISOString(),
        workflowId: r.workflowId,
        workflowName: r.workflowName,
        application: r.application,
        trigger: r.trigger,
        action: r.action,
        contactId: r.contactId,
        agentName: r.agentName,
        response: r.response,
        result: r.result,
        attempts: r.attempts,
      },
    })),
  };
}

/**
 * A page of the group's audit log (every write and every job outcome), newest first, filtered by
 * service and id (the object or job id, or the row number), with the total in the window.
 */
export async function listAuditLogs(
  scope: GroupScope,
  query: AuditLogQuery,
  now = new Date(),
): Promise<{ items: AuditLogItem[]; total: number }> {
  const { from, to } = queryWindow(query, 60 * MINUTE_MS, now);
  const a = auditLog;
  const filters: (SQL | undefined)[] = [gte(a.createdAt, from), lte(a.createdAt, to)];
  if (query.service) filters.push(eq(a.service, query.service));
  if (query.id) {
    const rowId = /^\d{1,15}$/.test(query.id) ? Number(query.id) : null;
    filters.push(
      rowId === null
        ? eq(a.targetId, query.id)
        : or(eq(a.targetId, query.id), and(sql`${a.targetId} is null`, eq(a.id, rowId))),
    );
  }
  const where = scope.owns(a, ...filters);
  const [rows, [totals]] = await Promise.all([
    scope.db
      .select()
      .from(a)
      .where(where)
      .orderBy(desc(a.createdAt), desc(a.id))
      .limit(query.size)
      .offset(query.from),
    scope.db.select({ n: count() }).from(a).where(where),
  ]);
  return {
    total: totals?.n ?? 0,
    items: rows.map((r) => ({
      timestamp: r.createdAt.toISOString(),
      service: r.service,
      id: r.targetId ?? String(r.id),
      message: r.message ?? `${r.action}: ${r.result}`,
      exception: r.exception,
      action: r.action,
      actor: r.actor,
      result: r.result,
    })),
  };
}
