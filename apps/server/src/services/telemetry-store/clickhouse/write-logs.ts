import type { IngestResult } from '@callsight/shared';
import { chForGroup } from '../../../db/clickhouse/group-scope.ts';
import type { CallSummaryRow } from '../../telemetry/call-summaries.ts';
import { announceCalls } from '../../telemetry/ingest-context.ts';
import { checkedLogLines } from '../../telemetry/ingest-logs.ts';
import { ingestResult } from '../../telemetry/validate-batch.ts';
import { refreshAndSave, underCallLocks, type ClickHouseIngestDeps } from './ingest-deps.ts';
import { insertLogs, storedLogIds, type LogLine } from './logs.ts';
import { countErrorLines, summariesOf } from './summaries.ts';
import { markCalls, touchedStarts } from './usage-marks.ts';

/** The calls the batch's ERROR lines name, each with its earliest line's time (a new row's start). */
function errorSeeds(lines: readonly LogLine[]): Map<string, number> {
  const seeds = new Map<string, number>();
  for (const l of lines) {
    if (l.level !== 'ERROR' || !l.contactId) continue;
    seeds.set(l.contactId, Math.min(seeds.get(l.contactId) ?? Infinity, l.time));
  }
  return seeds;
}

/**
 * POST /api/ingest/v1/logs on ClickHouse, as ingestLogs: a resent line is kept once (stored ids
 * are looked up first), and a call's ERROR lines make its "Softphone Error" count. The count is
 * the ERROR lines stored for the call, recounted (PostgreSQL adds the new ones in its transaction:
 * the same number), so a batch that failed after its lines were stored is made good by its resend.
 */
export async function writeLogs(
  deps: ClickHouseIngestDeps,
  groupId: string,
  items: readonly unknown[],
): Promise<IngestResult> {
  const { batch, lines } = checkedLogLines(items, deps.now());
  const seeds = errorSeeds(lines);
  const scope = chForGroup(deps.client, groupId);
  const nowMs = deps.now();

  const { inserted, created, starts } = await deps.gate.run(() =>
    underCallLocks(deps, groupId, seeds.keys(), async () => {
      const stored = await storedLogIds(
        scope,
        lines.map((l) => l.storedId),
      );
      const fresh = lines.filter((l) => !stored.has(l.storedId));
      await insertLogs(scope, fresh);
      if (seeds.size === 0)
        return { inserted: fresh.length, created: new Set<string>(), starts: [] as Date[] };
      const counts = await countErrorLines(scope, [...seeds.keys()]);
      const summaries = await summariesOf(scope, seeds, nowMs, counts);
      const changed: CallSummaryRow[] = [];
      for (const [contactId, row] of summaries.rows) {
        const count = counts.get(contactId) ?? 0;
        if (!summaries.created.has(contactId) && row.errorLogCount === count) continue;
        row.errorLogCount = count;
        changed.push(row);
      }
      await refreshAndSave(scope, summaries, changed, nowMs);
      const starts = touchedStarts(summaries, changed, seeds);
      return { inserted: fresh.length, created: summaries.created, starts };
    }),
  );
  await markCalls(deps, groupId, starts);

  announceCalls(deps, groupId, created, seeds);
  return ingestResult(batch.valid.length, batch.valid.length - inserted, batch.rejected);
}
