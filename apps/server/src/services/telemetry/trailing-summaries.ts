import type { FastifyBaseLogger } from 'fastify';
import {
  findTrailingSummaries,
  LIVE_SUMMARY_REFRESH_MS,
  refreshTrailingSummaries,
} from './call-summaries.ts';
import { ingestTransaction, type IngestDeps, type TrailingCalls } from './ingest-context.ts';

/** How often idle calls are looked for. */
const TICK_MS = 5_000;
/** Calls refreshed per transaction. */
const REFRESH_BATCH = 1_000;
/** How far back the start-up sweep looks for calls left trailing by a stopped process. */
const SWEEP_WITHIN_MS = 24 * 60 * 60 * 1000;

/**
 * Live calls whose shown summary columns trail their accumulator (decisions.md P8): the samples
 * path wrote only their accumulator. A call is refreshed once no batch of it has come for
 * LIVE_SUMMARY_REFRESH_MS (its collector stopped without a summary, say), so that no call is
 * left showing less than its stored seconds. At start, calls left so by a stopped process are
 * found in the database and refreshed.
 */
export class TrailingSummaries implements TrailingCalls {
  /** group → contact → when a batch last left it trailing (deps.now). */
  private readonly trailing = new Map<string, Map<string, number>>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: IngestDeps,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** After a commit: these calls' shown columns trail (only their accumulator was written). */
  trail(groupId: string, contactIds: Iterable<string>): void {
    let calls = this.trailing.get(groupId);
    if (!calls) this.trailing.set(groupId, (calls = new Map()));
    const at = this.deps.now();
    for (const contactId of contactIds) calls.set(contactId, at);
  }

  /** After a commit: these calls' shown columns are current. */
  caughtUp(groupId: string, contactIds: Iterable<string>): void {
    const calls = this.trailing.get(groupId);
    if (!calls) return;
    for (const contactId of contactIds) calls.delete(contactId);
    if (calls.size === 0) this.trailing.delete(groupId);
  }

  /** How many calls are trailing now (for tests and health figures). */
  get size(): number {
    let n = 0;
    for (const calls of this.trailing.values()) n += calls.size;
    return n;
  }

  /**
   * Refreshes the calls no batch has come for in `idleMs` (all of them with 0) and answers how
   * many rows were rewritten. A failed refresh keeps its calls for the next tick.
   */
  refreshIdle(idleMs = LIVE_SUMMARY_REFRESH_MS): Promise<number> {
    const run = this.running.then(() => this.refresh(idleMs));
    this.running = run.catch(() => {});
    return run;
  }

  private async refresh(idleMs: number): Promise<number> {
    const now = this.deps.now();
    let rewritten = 0;
    for (const [groupId, calls] of [...this.trailing]) {
      const due = [...calls].filter(([, at]) => now - at >= idleMs).map(([id]) => id);
      rewritten += await this.refreshCalls(groupId, due);
      // Forgotten only if no batch left them trailing again meanwhile.
      for (const id of due) if ((calls.get(id) ?? Infinity) <= now - idleMs) calls.delete(id);
      if (calls.size === 0 && this.trailing.get(groupId) === calls) this.trailing.delete(groupId);
    }
    return rewritten;
  }

  /** Refreshes the calls a stopped process left trailing (started in the last day). */
  async sweepStored(): Promise<number> {
    const found = await findTrailingSummaries(this.deps.db, SWEEP_WITHIN_MS);
    const byGroup = new Map<string, string[]>();
    for (const { groupId, contactId } of found) {
      const ids = byGroup.get(groupId);
      if (ids) ids.push(contactId);
      else byGroup.set(groupId, [contactId]);
    }
    let rewritten = 0;
    for (const [groupId, ids] of byGroup) rewritten += await this.refreshCalls(groupId, ids);
    return rewritten;
  }

  /** Refreshes these calls of a group, REFRESH_BATCH per transaction; answers the rows rewritten. */
  private async refreshCalls(groupId: string, ids: readonly string[]): Promise<number> {
    let rewritten = 0;
    for (let i = 0; i < ids.length; i += REFRESH_BATCH) {
      const part = ids.slice(i, i + REFRESH_BATCH);
      rewritten += await ingestTransaction(this.deps, (tx) =>
        refreshTrailingSummaries(tx, groupId, part),
      );
    }
    return rewritten;
  }

  /** Sweeps the stored calls once, then refreshes idle calls every few seconds until stop(). */
  start(): void {
    if (this.timer) return;
    const warn = (what: string) => (err: unknown) => this.log?.warn({ err }, what);
    this.running = this.sweepStored().catch(warn('could not refresh trailing call summaries'));
    this.timer = setInterval(() => {
      this.refreshIdle().catch(warn('could not refresh idle call summaries'));
    }, TICK_MS);
    this.timer.unref();
  }

  /** Stops the timer, waits for a refresh in progress and refreshes the calls still trailing. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.refreshIdle(0).catch((err: unknown) =>
      this.log?.warn({ err }, 'could not refresh trailing call summaries'),
    );
  }
}
