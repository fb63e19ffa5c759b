import { and, asc, count, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  BILLING_MINUTES_TYPES,
  USAGE_START_DAY,
  monthKey,
  zonedParts,
  type BillingMinutesType,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { acrossGroups } from '../../db/group-scope.ts';
import {
  billingAuditLogs,
  billingUsageRecords,
  customers,
  marketplaceSubscriptions,
  usageDirty,
} from '../../db/schema/index.ts';
import {
  chunks,
  METERING_BATCH_SIZE,
  truncateToHour,
  usageRecordKey,
  type BatchMeterUsageResult,
  type MeteringAdapter,
} from '../../adapters/marketplace-metering/metering-adapter.ts';
import { monthBounds, monthMinutes } from '../usage/usage-read.ts';
import { timeZoneOfRegion } from '../usage/rollup.ts';
import { customerTimeZone, groupsOfCustomers, type BillingGroup } from './marketplace.ts';

/** Sends of one record before it is left failed for staff to look at. */
export const BILLING_MAX_ATTEMPTS = 5;
/** The marketplace refuses a record 6 hours after its hour; an unsent one is re-stamped before. */
export const BILLING_SEND_WINDOW_MS = 5 * 3_600_000;
/** A month is billed once it ended this long ago, so late call data and the rollup settle. */
export const BILLING_SETTLE_MS = 3_600_000;
/** A record being sent is left alone this long by other runs (another process's included). */
export const BILLING_SEND_LEASE_MS = 2 * 60_000;
/** The hourly tick of the billing job. */
export const BILLING_JOB_EVERY_MS = 3_600_000;

const USAGE_START_MONTH = USAGE_START_DAY.slice(0, 7);

export interface BillingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface BillingRunOptions {
  /** How long after a month's end it is billed (default BILLING_SETTLE_MS). */
  settleMs?: number;
  log?: BillingLog | null;
}

export interface BillingRunResult {
  /** Usage records created for a month just due. */
  created: number;
  /** Records the marketplace accepted in this run. */
  sent: number;
  /** Records whose send failed in this run (retried next run while attempts remain). */
  failed: number;
  /** Subscriptions whose month waits for the usage rollup to catch up. */
  deferred: number;
}

/** The figures a record's quantity came from, repeated in each of its audit rows. */
interface RecordFigures {
  minutes: number;
  includedMinutes: number;
}

/** The month before the one `now` falls in, in a time zone: 'YYYY-MM'. */
export function previousMonth(now: Date, timeZone: string): string {
  const { year, month } = zonedParts(now, timeZone);
  return month === 1 ? monthKey(year - 1, 12) : monthKey(year, month - 1);
}

/** True while the rollup still holds marks of these groups' hours before `before`. */
async function rollupPending(db: Db, groupIds: readonly string[], before: Date): Promise<boolean> {
  if (groupIds.length === 0) return false;
  // Billing reads the usage of a customer's groups, whichever they are.
  const [row] = await db
    .select({ n: count() })
    .from(usageDirty)
    .where(
      acrossGroups.where(inArray(usageDirty.groupId, [...groupIds]), lt(usageDirty.hour, before)),
    );
  return (row?.n ?? 0) > 0;
}

/**
 * Creates the usage record of every active linked subscription whose previous month (in its
 * customer's time zone) is due and not yet recorded: quantity = minutes − included minutes (at
 * least 0), usage hour = this hour, fixed so that every resend is the same marketplace record.
 */
async function createDueRecords(
  db: Db,
  now: Date,
  settleMs: number,
  figures: Map<string, RecordFigures>,
): Promise<{ created: number; deferred: number }> {
  const subs = await db
    .select()
    .from(marketplaceSubscriptions)
    .where(
      and(
        eq(marketplaceSubscriptions.status, 'active'),
        isNotNull(marketplaceSubscriptions.customerId),
      ),
    );
  if (subs.length === 0) return { created: 0, deferred: 0 };
  const groupsBy = await groupsOfCustomers(db, [
    ...new Set(subs.flatMap((s) => (s.customerId ? [s.customerId] : []))),
  ]);
  const recorded = await db
    .select({
      subscriptionId: billingUsageRecords.subscriptionId,
      month: billingUsageRecords.month,
    })
    .from(billingUsageRecords)
    .where(
      inArray(
        billingUsageRecords.subscriptionId,
        subs.map((s) => s.id),
      ),
    );
  const done = new Set(recorded.map((r) => `${r.subscriptionId}/${r.month}`));
  let created = 0;
  let deferred = 0;
  for (const sub of subs) {
    if (!sub.customerId) continue;
    const customerGroups = groupsBy.get(sub.customerId) ?? [];
    const timeZone = customerTimeZone(customerGroups);
    const month = previousMonth(now, timeZone);
    if (month < USAGE_START_MONTH || done.has(`${sub.id}/${month}`)) continue;
    const { from, to } = monthBounds(month, timeZone);
    // Each group's month is its own time zone's (decision B2): due once it ended in all of them.
    const end = Math.max(
      to.getTime(),
      ...customerGroups.map((g) => monthBounds(month, timeZoneOfRegion(g.region)).to.getTime()),
    );
    if (now.getTime() < end + settleMs) continue;
    // Not subscribed during the month: nothing to bill for it.
    if (sub.createdAt.getTime() >= to.getTime()) continue;
    if (sub.subscriptionEnd && sub.subscriptionEnd.getTime() <= from.getTime()) continue;
    const groupIds = customerGroups.map((g) => g.id);
    if (await rollupPending(db, groupIds, new Date(end))) {
      deferred++;
      continue;
    }
    const minutes =
      (await monthMinutes(db, customerGroups, [month], sub.billingMinutesType)).get(month) ?? 0;
    const [row] = await db
      .insert(billingUsageRecords)
      .values({
        subscriptionId: sub.id,
        customerId: sub.customerId,
        customerCode: sub.customerCode,
        productCode: sub.productCode,
        dimension: sub.billingMinutesType,
        month,
        usageHour: truncateToHour(now),
        quantity: Math.max(0, minutes - sub.includedMinutes),
      })
      // Another run (or process) recorded it first: its record, hour and quantity stand.
      .onConflictDoNothing()
      .returning({ id: billingUsageRecords.id });
    if (row) {
      created++;
      figures.set(row.id, { minutes, includedMinutes: sub.includedMinutes });
    }
  }
  return { created, deferred };
}

type RecordRow = typeof billingUsageRecords.$inferSelect;

/** A record's dimension as the usage column it counts (every dimension we create is one). */
function minutesType(dimension: string): BillingMinutesType {
  return BILLING_MINUTES_TYPES.find((t) => t === dimension) ?? 'DurationRoundedMin';
}

/** The figures of records created by an earlier run: from their first audit row, else recomputed. */
async function figuresOf(
  db: Db,
  records: readonly RecordRow[],
  groupsBy: Map<string, BillingGroup[]>,
  figures: Map<string, RecordFigures>,
): Promise<void> {
  const missing = records.filter((r) => !figures.has(r.id));
  if (missing.length === 0) return;
  const recordIdOf = sql<string>`${billingAuditLogs.billingData}->>'recordId'`;
  const audited = await db
    .select({ recordId: recordIdOf, data: billingAuditLogs.billingData })
    .from(billingAuditLogs)
    .where(
      inArray(
        recordIdOf,
        missing.map((r) => r.id),
      ),
    )
    .orderBy(asc(billingAuditLogs.sentAt));
  for (const { recordId, data } of audited) {
    if (figures.has(recordId)) continue;
    const { minutes, includedMinutes } = data;
    if (typeof minutes === 'number' && typeof includedMinutes === 'number') {
      figures.set(recordId, { minutes, includedMinutes });
    }
  }
  for (const r of missing) {
    if (figures.has(r.id)) continue;
    // Created, then never sent (the process stopped): the subscription's terms of now.
    const [sub] = await db
      .select({ includedMinutes: marketplaceSubscriptions.includedMinutes })
      .from(marketplaceSubscriptions)
      .where(eq(marketplaceSubscriptions.id, r.subscriptionId));
    const minutes =
      (
        await monthMinutes(
          db,
          groupsBy.get(r.customerId) ?? [],
          [r.month],
          minutesType(r.dimension),
        )
      ).get(r.month) ?? 0;
    figures.set(r.id, { minutes, includedMinutes: sub?.includedMinutes ?? 0 });
  }
}

/** What happened to one record in a send. */
interface Outcome {
  record: RecordRow;
  status: 'sent' | 'failed';
  /** No further attempts: the marketplace refused it for good, or its hour has passed. */
  final: boolean;
  meteringRecordId?: string;
  error?: string;
}

/** The outcome of each record from the marketplace's answer. */
function outcomesOf(records: readonly RecordRow[], answer: BatchMeterUsageResult): Outcome[] {
  const results = new Map(answer.results.map((r) => [usageRecordKey(r), r]));
  const unprocessed = new Map(answer.unprocessed.map((r) => [usageRecordKey(r), r]));
  return records.map((record): Outcome => {
    const key = usageRecordKey({
      customerIdentifier: record.customerCode,
      dimension: record.dimension,
      timestamp: record.usageHour,
    });
    const result = results.get(key);
    if (result?.status === 'Success') {
      return {
        record,
        status: 'sent',
        final: true,
        ...(result.meteringRecordId ? { meteringRecordId: result.meteringRecordId } : {}),
      };
    }
    // CustomerNotSubscribed, DuplicateRecord (that hour holds another quantity): resending
    // the same record cannot change the answer.
    if (result) return { record, status: 'failed', final: true, error: result.status };
    const reason = unprocessed.get(key)?.reason ?? 'The marketplace did not answer for the record';
    return { record, status: 'failed', final: false, error: reason };
  });
}

/** Records the outcomes and their audit rows in one transaction. */
async function recordOutcomes(
  db: Db,
  adapter: MeteringAdapter,
  now: Date,
  outcomes: readonly Outcome[],
  names: Map<string, string>,
  groupsBy: Map<string, BillingGroup[]>,
  figures: Map<string, RecordFigures>,
): Promise<void> {
  if (outcomes.length === 0) return;
  await db.transaction(async (tx) => {
    for (const o of outcomes) {
      await tx
        .update(billingUsageRecords)
        .set(
          o.status === 'sent'
            ? {
                status: 'sent',
                lastError: null,
                meteringRecordId: o.meteringRecordId ?? null,
                sentAt: now,
              }
            : {
                status: 'failed',
                lastError: (o.error ?? 'failed').slice(0, 2000),
                sentAt: now,
                ...(o.final ? { attempts: BILLING_MAX_ATTEMPTS } : {}),
              },
        )
        .where(eq(billingUsageRecords.id, o.record.id));
    }
    await tx.insert(billingAuditLogs).values(
      outcomes.map((o) => {
        const r = o.record;
        const billed = groupsBy.get(r.customerId)?.[0];
        const f = figures.get(r.id);
        return {
          provider: adapter.provider,
          customerId: r.customerId,
          customerName: names.get(r.customerId) ?? '',
          customerCode: r.customerCode,
          billedGroupId: billed?.id ?? null,
          billedGroupName: billed?.name ?? null,
          sentAt: now,
          status: o.status === 'sent' ? ('success' as const) : ('failed' as const),
          billingData: {
            recordId: r.id,
            month: r.month,
            productCode: r.productCode,
            dimension: r.dimension,
            quantity: r.quantity,
            minutes: f?.minutes ?? null,
            includedMinutes: f?.includedMinutes ?? null,
            usageHour: r.usageHour.toISOString(),
            attempt: r.attempts,
            ...(o.status === 'sent'
              ? { meteringRecordId: o.meteringRecordId ?? null }
              : { error: o.error ?? 'failed' }),
          },
        };
      }),
    );
  });
}

/**
 * Takes a record for this run: one more attempt, its lease starting now. Answers the row as
 * claimed, or null when another run took it first (its attempts moved on) or it was sent.
 */
async function claim(db: Db, record: RecordRow, now: Date): Promise<RecordRow | null> {
  const [row] = await db
    .update(billingUsageRecords)
    .set({ attempts: sql`${billingUsageRecords.attempts} + 1`, sentAt: now })
    .where(
      and(
        eq(billingUsageRecords.id, record.id),
        eq(billingUsageRecords.attempts, record.attempts),
        ne(billingUsageRecords.status, 'sent'),
      ),
    )
    .returning();
  return row ?? null;
}

/** PostgreSQL unique violation, possibly wrapped by the query layer. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : null;
  }
  return false;
}

/**
 * Sends the records not yet sent (pending, or failed with attempts left), 25 per call per
 * product. A record already sent is never sent again. A record whose hour the marketplace no
 * longer accepts is re-stamped to this hour if it was never sent, else left failed for good:
 * a send that may have reached the marketplace is not repeated under another hour.
 */
async function sendDue(
  db: Db,
  adapter: MeteringAdapter,
  now: Date,
  figures: Map<string, RecordFigures>,
  log: BillingLog | null,
): Promise<{ sent: number; failed: number }> {
  const leaseEnd = new Date(now.getTime() - BILLING_SEND_LEASE_MS);
  const due = await db
    .select({ record: billingUsageRecords, customerName: customers.name })
    .from(billingUsageRecords)
    .innerJoin(customers, eq(customers.id, billingUsageRecords.customerId))
    .where(
      and(
        ne(billingUsageRecords.status, 'sent'),
        lt(billingUsageRecords.attempts, BILLING_MAX_ATTEMPTS),
        or(isNull(billingUsageRecords.sentAt), lt(billingUsageRecords.sentAt, leaseEnd)),
      ),
    )
    .orderBy(asc(billingUsageRecords.createdAt), asc(billingUsageRecords.id));
  if (due.length === 0) return { sent: 0, failed: 0 };
  const names = new Map(due.map((d) => [d.record.customerId, d.customerName]));
  const groupsBy = await groupsOfCustomers(db, [...names.keys()]);
  const hour = truncateToHour(now);
  const expired: Outcome[] = [];
  const claimed: RecordRow[] = [];
  for (let { record } of due) {
    if (now.getTime() - record.usageHour.getTime() >= BILLING_SEND_WINDOW_MS) {
      if (record.attempts > 0) {
        const mine = await claim(db, record, now);
        if (mine) {
          expired.push({
            record: mine,
            status: 'failed',
            final: true,
            error: `Not sent: usage hour ${record.usageHour.toISOString()} is older than the marketplace accepts (6 hours) and an earlier send may have reached it; check the marketplace before sending it again`,
          });
        }
        continue;
      }
      try {
        const [restamped] = await db
          .update(billingUsageRecords)
          .set({ usageHour: hour })
          .where(and(eq(billingUsageRecords.id, record.id), eq(billingUsageRecords.attempts, 0)))
          .returning();
        if (!restamped) continue;
        record = restamped;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        log?.warn({ recordId: record.id }, 'usage record hour already taken; not re-stamped');
        continue;
      }
    }
    const mine = await claim(db, record, now);
    if (mine) claimed.push(mine);
  }
  await figuresOf(db, [...claimed, ...expired.map((o) => o.record)], groupsBy, figures);
  await recordOutcomes(db, adapter, now, expired, names, groupsBy, figures);

  let sent = 0;
  let failed = expired.length;
  const byProduct = new Map<string, RecordRow[]>();
  for (const r of claimed)
    byProduct.set(r.productCode, [...(byProduct.get(r.productCode) ?? []), r]);
  for (const [productCode, records] of byProduct) {
    for (const batch of chunks(records, METERING_BATCH_SIZE)) {
      let answer: BatchMeterUsageResult;
      try {
        answer = await adapter.batchMeterUsage(
          productCode,
          batch.map((r) => ({
            customerIdentifier: r.customerCode,
            dimension: r.dimension,
            quantity: r.quantity,
            timestamp: r.usageHour,
          })),
        );
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        answer = {
          results: [],
          unprocessed: batch.map((r) => ({
            customerIdentifier: r.customerCode,
            dimension: r.dimension,
            quantity: r.quantity,
            timestamp: r.usageHour,
            reason,
          })),
        };
      }
      const outcomes = outcomesOf(batch, answer);
      await recordOutcomes(db, adapter, now, outcomes, names, groupsBy, figures);
      for (const o of outcomes) {
        if (o.status === 'sent') sent++;
        else {
          failed++;
          log?.warn(
            {
              recordId: o.record.id,
              customerCode: o.record.customerCode,
              month: o.record.month,
              attempts: o.record.attempts,
              error: o.error,
            },
            'usage record not accepted by the marketplace',
          );
        }
      }
    }
  }
  return { sent, failed };
}

const runs = new WeakMap<object, Promise<unknown>>();

/**
 * The monthly billing run (issue 22): records each active linked subscription's previous month
 * once it is due, then sends what is not sent yet through the marketplace adapter, writing a
 * billing audit row per record sent. Runs on one database never overlap in this process; across
 * processes a record is claimed by one run at a time, and the marketplace's idempotency per
 * customer, dimension and hour covers a send repeated after a crash.
 */
export async function runMonthlyBilling(
  db: Db,
  adapter: MeteringAdapter,
  now: Date = new Date(),
  opts: BillingRunOptions = {},
): Promise<BillingRunResult> {
  const before = runs.get(db) ?? Promise.resolve();
  const run = before
    .catch(() => undefined)
    .then(async (): Promise<BillingRunResult> => {
      const figures = new Map<string, RecordFigures>();
      const { created, deferred } = await createDueRecords(
        db,
        now,
        opts.settleMs ?? BILLING_SETTLE_MS,
        figures,
      );
      const { sent, failed } = await sendDue(db, adapter, now, figures, opts.log ?? null);
      if (created + sent + failed > 0) {
        opts.log?.info(
          { created, sent, failed, deferred, provider: adapter.provider },
          'billing run',
        );
      }
      return { created, sent, failed, deferred };
    });
  runs.set(db, run);
  try {
    return await run;
  } finally {
    if (runs.get(db) === run) runs.delete(db);
  }
}

export interface BillingJob {
  /** Runs now (between ticks); answers the run's result. */
  runNow(): Promise<BillingRunResult>;
  /** Stops the ticks and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * The billing job of this process: a run shortly after start (a month that came due while the
 * server was down is not left waiting an hour), then every hour. Timers are unref'd.
 */
export function startBillingJob(
  db: Db,
  adapter: MeteringAdapter,
  log: BillingLog,
  opts: { everyMs?: number; firstRunMs?: number; now?: () => Date; settleMs?: number } = {},
): BillingJob {
  let running: Promise<BillingRunResult> | null = null;
  let stopped = false;
  const runNow = () => {
    const run = runMonthlyBilling(db, adapter, opts.now?.() ?? new Date(), {
      log,
      ...(opts.settleMs !== undefined ? { settleMs: opts.settleMs } : {}),
    });
    running = run;
    void run
      .finally(() => {
        if (running === run) running = null;
      })
      .catch(() => undefined);
    return run;
  };
  const tick = () => {
    if (stopped) return;
    runNow().catch((err: unknown) => log.error({ err }, 'billing run failed'));
  };
  const first = setTimeout(tick, opts.firstRunMs ?? 60_000);
  first.unref();
  const timer = setInterval(tick, opts.everyMs ?? BILLING_JOB_EVERY_MS);
  timer.unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
