import { asc, eq, isNotNull, lte } from 'drizzle-orm';
import {
  CONNECT_REGION_CODES,
  ConnectNumberListSchema,
  GSM_CONNECT_NUMBERS,
} from '@callsight/shared';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { acrossGroups, forGroup, type GroupScope } from '../../db/group-scope.ts';
import { gsmMonitors, heartbeatTests, syntheticJobs } from '../../db/schema/index.ts';
import { fieldOf, readValue } from '../config/config-entries.ts';
import { dueSlot, nextSlotAfter } from './schedule.ts';

type Log = { error(obj: unknown, msg?: string): void };
type JobRow = ReturnType<GroupScope['row']> & PgInsertValue<typeof syntheticJobs>;

/** Sources taken per tick and kind: a backlog is worked through over a few ticks. */
const BATCH = 200;

/** The number that reaches the contact centre in a connect region (Heartbeat Tagging, To Numbers). */
async function connectNumbers(scope: GroupScope): Promise<Map<string, string>> {
  const parsed = ConnectNumberListSchema.safeParse(
    await readValue(scope, fieldOf(GSM_CONNECT_NUMBERS)),
  );
  return new Map((parsed.success ? parsed.data : []).map((n) => [n.region, n.number]));
}

/**
 * Where a heartbeat test's calls enter the contact centre: every region of
 * HEARTBEAT_CONNECT_REGIONS (codes such as ap-southeast-2, or region names), in order and once
 * each; Sydney when none is set (decision G17).
 */
export async function heartbeatRegions(scope: GroupScope): Promise<string[]> {
  const value = await readValue(scope, fieldOf('HEARTBEAT_CONNECT_REGIONS'));
  const regions = (Array.isArray(value) ? value : []).flatMap((v) => {
    if (typeof v !== 'string' || !v.trim()) return [];
    const byCode = Object.entries(CONNECT_REGION_CODES).find(([, code]) => code === v)?.[0];
    return [byCode ?? v.trim()];
  });
  const unique = [...new Set(regions)];
  return unique.length ? unique : ['Sydney'];
}

/** The probe's caller id for a connect region (a number of the built-in probe range). */
export function probeNumber(region: string): string {
  const index = Object.keys(CONNECT_REGION_CODES).indexOf(region);
  return `+6129000${String(300 + Math.max(0, index)).padStart(4, '0')}`;
}

async function monitorJobs(
  tx: DbOrTx,
  m: typeof gsmMonitors.$inferSelect,
  slot: Date,
): Promise<JobRow[]> {
  const scope = forGroup(tx, m.groupId);
  const numbers = await connectNumbers(scope);
  return m.connectRegions.flatMap((connectRegion) =>
    m.agentRegions.map((agentRegion) =>
      scope.row(syntheticJobs, {
        kind: 'monitor',
        monitorId: m.id,
        slotAt: slot,
        agentType: 'HUMAN_AGENT',
        agentId: `monitor-agent-${agentRegion.toLowerCase().replaceAll(' ', '-')}`,
        connectRegion,
        agentRegion,
        fromNumber: probeNumber(connectRegion),
        toNumber:
          numbers.get(CONNECT_REGION_CODES[connectRegion] ?? '') ?? probeNumber(connectRegion),
        description: m.description,
      }),
    ),
  );
}

async function testJobs(
  tx: DbOrTx,
  t: typeof heartbeatTests.$inferSelect,
  slot: Date,
): Promise<JobRow[]> {
  const scope = forGroup(tx, t.groupId);
  const regions = await heartbeatRegions(scope);
  return regions.flatMap((region) =>
    t.agentIds.map((agentId) =>
      scope.row(syntheticJobs, {
        kind: 'heartbeat',
        heartbeatId: t.id,
        slotAt: slot,
        agentType: t.agentType,
        agentId,
        connectRegion: region,
        agentRegion: region,
        fromNumber: t.sourcePhoneNumber,
        toNumber: t.targetPhoneNumber,
        description: t.description,
      }),
    ),
  );
}

/**
 * The synthetic-test scheduler (issue 18). Schedules live in the database: each monitor and
 * test keeps its next slot. Every tick, in one transaction per kind, the due ones are locked
 * (FOR UPDATE SKIP LOCKED, so two processes share the work), their jobs for the slot due now are
 * inserted (a unique index on the slot makes a second insert a no-op, so a slot runs once), and
 * the next slot is set after now: missed slots after downtime are skipped, not piled up.
 */
export class SyntheticScheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;

  constructor(
    private readonly opts: {
      db: Db;
      log: Log;
      /** Called when new jobs were queued (wakes the probes). */
      onQueued?: (count: number) => void;
      tickMs?: number;
      now?: () => Date;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.opts.tickMs ?? 250);
    void this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One pass: queues the jobs of every due source; answers how many jobs were queued. */
  async tick(): Promise<number> {
    if (this.ticking) return 0;
    this.ticking = true;
    try {
      const now = this.opts.now?.() ?? new Date();
      const queued =
        (await this.dueOf(gsmMonitors, now, monitorJobs)) +
        (await this.dueOf(heartbeatTests, now, testJobs));
      if (queued > 0) this.opts.onQueued?.(queued);
      return queued;
    } catch (err) {
      this.opts.log.error(err, 'synthetic scheduler tick failed');
      return 0;
    } finally {
      this.ticking = false;
    }
  }

  /** Both source tables have the same schedule columns (gsm_monitors' shape stands for both). */
  private async dueOf<
    Row extends { id: string; groupId: string; createdOn: Date; scheduleMinutes: number },
  >(
    source: typeof gsmMonitors | typeof heartbeatTests,
    now: Date,
    plan: (tx: DbOrTx, row: Row, slot: Date) => Promise<JobRow[]>,
  ): Promise<number> {
    const table = source as typeof gsmMonitors;
    return this.opts.db.transaction(async (tx) => {
      const due = (await tx
        .select()
        .from(table)
        .where(
          acrossGroups.where(
            eq(table.active, true),
            isNotNull(table.nextRun),
            lte(table.nextRun, now),
          ),
        )
        .orderBy(asc(table.nextRun))
        .limit(BATCH)
        .for('update', { skipLocked: true })) as unknown as Row[];
      let queued = 0;
      for (const row of due) {
        const slot = dueSlot(row.createdOn, row.scheduleMinutes, now);
        const jobs = await plan(tx, row, slot);
        if (jobs.length > 0) {
          const inserted = await tx
            .insert(syntheticJobs)
            .values(acrossGroups.rows(syntheticJobs, jobs))
            .onConflictDoNothing()
            .returning({ id: syntheticJobs.id });
          queued += inserted.length;
        }
        await tx
          .update(table)
          .set({ lastRun: slot, nextRun: nextSlotAfter(row.createdOn, row.scheduleMinutes, now) })
          .where(forGroup(tx, row.groupId).owns(table, eq(table.id, row.id)));
      }
      return queued;
    });
  }
}
