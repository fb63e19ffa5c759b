import type { DbOrTx } from '../../db/client.ts';
import { acrossGroups } from '../../db/group-scope.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface AuditEntry {
  groupId?: string | null;
  userId?: string | null;
  actor?: string | null;
  service: string;
  action: string;
  targetId?: string | null;
  result: 'success' | 'failure';
  message?: string | null;
  exception?: string | null;
  details?: Record<string, unknown> | null;
}

/** The "who" of an audit row written for a signed-in caller acting in their current group. */
export function auditActor(caller: { groupId: string; userId: string; email: string }) {
  return { groupId: caller.groupId, userId: caller.userId, actor: caller.email };
}

/**
 * Writes one audit-log row: who did what, when, in which group, with what result. Not scoped:
 * the entry names its group, or none for installation-wide events (bootstrap, failed sign-in).
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(
    acrossGroups.rows(auditLog, [
      {
        groupId: entry.groupId ?? null,
        userId: entry.userId ?? null,
        actor: entry.actor ?? null,
        service: entry.service,
        action: entry.action,
        targetId: entry.targetId ?? null,
        result: entry.result,
        message: entry.message ?? null,
        exception: entry.exception ?? null,
        details: entry.details ?? null,
      },
    ]),
  );
}
