import { join } from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { eq, inArray, isNull, lt, max, or } from 'drizzle-orm';
import { callDueMs, type CallOutcomeStatus, type RunCallStatus } from '@callsight/shared';
import type {
  CallFinal,
  CallRequest,
  Dialler,
  DiallerEvent,
  PlacedCall,
} from '../../adapters/dialler/dialler.ts';
import { fillAnswerTreatment } from '../../adapters/dialler/media/treatment.ts';
import type { Db } from '../../db/client.ts';
import { acrossGroups, forGroup, type GroupScope } from '../../db/group-scope.ts';
import { campaignCalls, campaignRuns } from '../../db/schema/index.ts';
import { CallLogWriter, type CallRow } from './call-log-writer.ts';
import { countCalls } from './call-log.ts';
import { RunParametersSchema } from './runs.ts';

/** Where a run's dialler comes from: Twilio with the group's account, else the built-in one. */
export interface DiallerSource {
  forGroup(scope: GroupScope): Promise<{ dialler: Dialler; release(): Promise<void> }>;
}

export interface RunEngineOptions {
  db: Db;
  log: {
    info(msg: string): void;
    warn(msg: string): void;
    error(obj: unknown, msg?: string): void;
  };
  diallers: DiallerSource;
  /** Recordings go to <recordingsDir>/<runId>/<seq>.wav. */
  recordingsDir: string;
  /** Calls under way at once in this process, all runs together. */
  maxConcurrentCalls: number;
  /**
   * Calls in setup (placed, not yet answered or ended) at once in this process: the most the
   * pacing allows. Beyond it, and while the event loop lags, due calls are held back, never failed.
   */
  maxCallsInSetup?: number;
  /** The fewest calls in setup the pacing goes down to under lag. */
  minCallsInSetup?: number;
  /** Event-loop lag (worst in a control period) above which the pacing goes down. */
  lagLimitMs?: number;
  /** The pacing's control period. */
  paceControlMs?: number;
  flushMs?: number;
  heartbeatMs?: number;
  /** A run whose heartbeat is older than this is taken over by the recovery sweep. */
  staleAfterMs?: number;
  /** A run cut for less than this is resumed; longer, it is ended with an outcome saying so. */
  resumeWithinMs?: number;
  sweepMs?: number;
}

type RunRow = typeof campaignRuns.$inferSelect;

const OUTCOME_FIELD = {
  completed: ['completedAt', 'Successful'],
  noAnswer: ['noAnswerAt', 'No Answer'],
  canceled: ['canceledAt', 'Cancelled'],
  terminatedPrematurely: ['terminatedPrematurelyAt', 'Premature'],
  busy: ['busyAt', 'Busy'],
  failed: ['failedAt', 'Failed'],
} as const satisfies Record<string, [keyof CallRow, CallOutcomeStatus]>;

const since = (a: Date | null | undefined, b: Date | null | undefined) =>
  a && b ? Math.max(0, b.getTime() - a.getTime()) : null;

/** One run being dialled by this process. */
class ActiveRun {
  readonly writer: CallLogWriter;
  readonly live = new Map<number, PlacedCall>();
  readonly queue: CallRow[] = [];
  /** Index (0-based) of the next call to queue; calls before `first` were placed before a restart. */
  next: number;
  settled = 0;
  /** Calls of this run placed and not yet answered or ended (their seq). */
  readonly inSetup = new Set<number>();
  /** Calls that were due but waited for the dialler's capacity (issue 31 item 7). */
  heldBack: number;
  /** Highest seq counted in heldBack (the queue is in seq order). */
  heldThrough = 0;
  /** Calls placed by this process, and when the first and the last went. */
  placed = 0;
  firstPlacedMs = 0;
  lastPlacedMs = 0;
  stopping: 'stop' | 'shutdown' | null = null;
  private timer: NodeJS.Timeout | undefined;
  private finished!: () => void;
  readonly done = new Promise<void>((resolve) => (this.finished = resolve));

  constructor(
    readonly engine: CampaignRunEngine,
    readonly scope: GroupScope,
    readonly row: RunRow,
    readonly params: ReturnType<typeof paramsOf>,
    readonly dialler: { dialler: Dialler; release(): Promise<void> },
    /** Calls already placed (a resumed run); pacing restarts at `startMs` from there. */
    readonly first: number,
    readonly startMs: number,
  ) {
    this.writer = new CallLogWriter(engine.db, scope.groupId);
    this.next = first;
    this.heldBack = row.heldBackCalls;
  }

  /** Calls started per second from the first to the last placed; null below two calls. */
  get rateReached(): number | null {
    const spanMs = this.lastPlacedMs - this.firstPlacedMs;
    return this.placed >= 2 && spanMs > 0 ? ((this.placed - 1) * 1000) / spanMs : null;
  }

  /** Counts the queued calls not yet counted as held back (called when a pump left some). */
  noteHeld(): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const seq = this.queue[i]?.seq ?? 0;
      if (seq <= this.heldThrough) break;
      this.heldBack += 1;
    }
    this.heldThrough = Math.max(this.heldThrough, this.queue.at(-1)?.seq ?? 0);
  }

  get id() {
    return this.row.id;
  }

  get total() {
    return this.params.totalCalls;
  }

  dueAt(index: number): number {
    return this.startMs + callDueMs(index - this.first, this.params.callsPerSecond);
  }

  /** Queues every call that is due, then sleeps until the next one: no drift (D3's rule). */
  pace(): void {
    this.timer = undefined;
    if (this.stopping) return;
    const now = Date.now();
    while (this.next < this.total && this.dueAt(this.next) <= now) this.enqueue(this.next++);
    this.engine.pump();
    if (this.next < this.total)
      this.timer = setTimeout(() => this.pace(), Math.max(0, this.dueAt(this.next) - Date.now()));
    else this.maybeFinish();
  }

  private enqueue(index: number): void {
    const seq = index + 1;
    const p = this.params;
    const now = new Date();
    const to = p.toNumbers[index % p.toNumbers.length] ?? '';
    const row: CallRow = {
      runId: this.id,
      seq,
      callSid: null,
      toNumber: to,
      fromNumber: p.fromNumber,
      answerTreatment: p.answerTreatment,
      status: 'Live',
      createdAt: now,
      queuedAt: now,
    };
    const data = p.data.length > 0 ? p.data[index % p.data.length] : undefined;
    try {
      row.answerTreatment = fillAnswerTreatment(p.answerTreatment, data ?? {});
    } catch (err) {
      // A row whose value cannot be sent fails alone; the error names the key (D1).
      this.end(row, 'failed', null, err instanceof Error ? err.message : String(err), now);
      return;
    }
    this.writer.put(row);
    this.queue.push(row);
  }

  /** Dials one queued call (the engine grants the slot). */
  dial(row: CallRow): void {
    const p = this.params;
    const request: CallRequest = {
      key: `${this.id}:${row.seq}`,
      from: row.fromNumber,
      to: row.toNumber,
      noAnswerTimeoutMs: p.noAnswerTimeout * 1000,
      callDurationMs: p.callDuration * 1000,
      treatment: row.answerTreatment ?? '',
      recordingPath: join(this.engine.recordingsDir, this.id, `${row.seq}.wav`),
    };
    let placed: PlacedCall;
    this.inSetup.add(row.seq);
    try {
      placed = this.dialler.dialler.place(request, (event) => this.onEvent(row, event));
    } catch (err) {
      // A call the dialler could not even begin fails alone; its slot goes to the next.
      this.setupDone(row.seq);
      this.engine.released();
      this.end(row, 'failed', null, err instanceof Error ? err.message : String(err), new Date());
      return;
    }
    this.live.set(row.seq, placed);
    const now = Date.now();
    if (this.placed === 0) this.firstPlacedMs = now;
    this.lastPlacedMs = now;
    this.placed += 1;
    const settle = (final: CallFinal) => {
      if (!this.live.delete(row.seq)) return;
      this.setupDone(row.seq);
      this.engine.released();
      if (final.callSid) row.callSid = final.callSid;
      if (final.recordingPath) row.recordingPath = final.recordingPath;
      const at = final.events.find((e) => e.type === final.outcome)?.atMs;
      if (this.stopping === 'shutdown' && final.outcome === 'canceled')
        this.end(row, 'failed', null, 'The server stopped during the call', new Date());
      else
        this.end(
          row,
          final.outcome,
          final.statusCode,
          final.reason,
          at ? new Date(at) : new Date(),
        );
    };
    placed.result.then(settle).catch((err: unknown) => {
      // Whatever went wrong in this call's handling ends this call, never the run.
      this.engine.log.error(err, `campaign call ${request.key} failed in its handling`);
      settle({
        outcome: 'failed',
        statusCode: null,
        reason: `Call handling failed: ${err instanceof Error ? err.message : String(err)}`,
        callSid: row.callSid ?? '',
        events: [],
      });
    });
  }

  /** The call was answered or ended: its setup slot goes to the next due call. */
  private setupDone(seq: number): void {
    if (this.inSetup.delete(seq)) this.engine.setupEnded();
  }

  private onEvent(row: CallRow, event: DiallerEvent): void {
    if (event.type === 'inProgress') this.setupDone(row.seq);
    if (event.callSid) row.callSid = event.callSid;
    const at = new Date(event.atMs);
    if (event.type === 'initiated') row.initiatedAt ??= at;
    else if (event.type === 'ringing') {
      row.ringingAt ??= at;
      row.postDialDelayMs = since(row.initiatedAt, row.ringingAt);
    } else if (event.type === 'inProgress') {
      row.inProgressAt ??= at;
      row.timeToAnswerMs = since(row.ringingAt, row.inProgressAt);
    } else return; // the outcome is written when the result settles
    this.writer.put(row);
  }

  private end(
    row: CallRow,
    outcome: keyof typeof OUTCOME_FIELD,
    statusCode: number | null,
    reason: string,
    at: Date,
  ): void {
    const [field, status] = OUTCOME_FIELD[outcome];
    row[field] = at as never;
    row.status = status;
    row.sipCode = statusCode;
    row.reason = reason;
    if (row.inProgressAt) row.durationMs = since(row.inProgressAt, at);
    this.writer.put(row);
    this.settled += 1;
    this.maybeFinish();
  }

  private maybeFinish(): void {
    const allQueued = this.next >= this.total || this.stopping !== null;
    if (allQueued && this.queue.length === 0 && this.live.size === 0) this.finished();
  }

  /** Stop (a user) or shutdown (the process): no more calls; the live ones hang up. */
  halt(reason: 'stop' | 'shutdown'): void {
    this.stopping ??= reason;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    // Calls waiting for a slot never rang.
    const now = new Date();
    for (const row of this.queue.splice(0)) {
      if (reason === 'stop') this.end(row, 'canceled', null, 'Stopped before it was placed', now);
      else this.end(row, 'failed', null, 'The server stopped before the call was placed', now);
    }
    for (const call of this.live.values()) {
      try {
        call.hangup();
      } catch (err) {
        this.engine.log.error(err, `campaign run ${this.id}: a call did not hang up`);
      }
    }
    this.maybeFinish();
  }
}

function paramsOf(row: RunRow) {
  const parsed = RunParametersSchema.parse(row.parameters);
  return {
    totalCalls: parsed.totalCalls ?? 0,
    callsPerSecond: parsed.callsPerSecond ?? 1,
    callDuration: parsed.callDuration ?? 0,
    noAnswerTimeout: parsed.noAnswerTimeout ?? 30,
    fromNumber: parsed.fromNumber ?? '',
    answerTreatment: parsed.answerTreatment ?? '',
    toNumbers:
      parsed.toNumber != null ? [parsed.toNumber] : (parsed.toNumbers ?? []).filter(Boolean),
    data: parsed.data ?? [],
  };
}

/** The outcome line of a finished run: its counts, most first. */
export function outcomeText(
  counts: Partial<Record<RunCallStatus, number>>,
  total: number,
  prefix = '',
): string {
  const parts = Object.entries(counts)
    .filter(([status, n]) => status !== 'Pending' && (n ?? 0) > 0)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([status, n]) => `${n} ${status.toLowerCase()}`);
  const placed = Object.entries(counts)
    .filter(([status]) => status !== 'Pending')
    .reduce((sum, [, n]) => sum + (n ?? 0), 0);
  const head = placed === total ? `${total} calls` : `${placed} of ${total} calls placed`;
  return `${prefix}${head}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

/**
 * The campaign run engine (issue 17): paces each run's calls at callsPerSecond from a fixed
 * start (call n is due at start + n / cps, so timer lateness never accumulates), caps the calls
 * under way in the process, writes the call log behind, stops runs on request, and keeps a
 * heartbeat so that a run cut by a restart is resumed or ended by the recovery sweep.
 */
export class CampaignRunEngine {
  readonly db: Db;
  readonly recordingsDir: string;
  private readonly runs = new Map<string, ActiveRun>();
  /** Settles once the run's end is written. */
  private readonly completions = new Map<string, Promise<void>>();
  private liveCalls = 0;
  /** Calls placed and not yet answered or ended, all runs together. */
  private callsInSetup = 0;
  /** The pacing's current bound on callsInSetup: down under lag, back up when it clears. */
  private setupLimit: number;
  private lag: IntervalHistogram | undefined;
  /** The worst event-loop lag of the last control period (ms), for the pacing and tests. */
  lastLagMs = 0;
  private laggedPeriods = 0;
  private rotate = 0;
  private timers: NodeJS.Timeout[] = [];
  private closing = false;
  private readonly o: Required<Omit<RunEngineOptions, 'db' | 'log' | 'diallers' | 'recordingsDir'>>;

  /** Calls under way and in setup now, and the setup bound (a clean process has 0 and 0). */
  get load(): { liveCalls: number; callsInSetup: number; setupLimit: number } {
    return {
      liveCalls: this.liveCalls,
      callsInSetup: this.callsInSetup,
      setupLimit: this.setupLimit,
    };
  }

  get log(): RunEngineOptions['log'] {
    return this.options.log;
  }

  constructor(private readonly options: RunEngineOptions) {
    this.db = options.db;
    this.recordingsDir = options.recordingsDir;
    this.o = {
      maxConcurrentCalls: options.maxConcurrentCalls,
      flushMs: options.flushMs ?? 250,
      heartbeatMs: options.heartbeatMs ?? 1000,
      staleAfterMs: options.staleAfterMs ?? 15_000,
      resumeWithinMs: options.resumeWithinMs ?? 5 * 60_000,
      sweepMs: options.sweepMs ?? 5000,
      maxCallsInSetup: options.maxCallsInSetup ?? 500,
      minCallsInSetup: Math.min(options.minCallsInSetup ?? 8, options.maxCallsInSetup ?? 500),
      lagLimitMs: options.lagLimitMs ?? 150,
      paceControlMs: options.paceControlMs ?? 250,
    };
    this.setupLimit = this.o.maxCallsInSetup;
  }

  /** Starts the flush, heartbeat and recovery timers, and recovers at once. */
  start(): void {
    this.timers.push(setInterval(() => void this.flushAll(), this.o.flushMs));
    this.timers.push(setInterval(() => void this.heartbeat(), this.o.heartbeatMs));
    this.timers.push(setInterval(() => void this.recover(), this.o.sweepMs));
    this.lag = monitorEventLoopDelay({ resolution: 10 });
    this.lag.enable();
    this.timers.push(setInterval(() => this.adaptPacing(), this.o.paceControlMs));
    void this.recover();
  }

  /**
   * The pacing (issue 31 item 7), once per control period: when the event loop lagged past
   * lagLimitMs two periods running, the bound on calls in setup halves (down to
   * minCallsInSetup); after a period without lag it grows back by an eighth up to
   * maxCallsInSetup. Held calls are placed as the bound lets them.
   */
  private adaptPacing(): void {
    if (!this.lag) return;
    const lagMs = Math.max(0, this.lag.max / 1e6 - 10); // less the histogram's resolution
    this.lag.reset();
    this.lastLagMs = lagMs;
    if (this.runs.size === 0) {
      this.setupLimit = this.o.maxCallsInSetup; // an idle process starts every run afresh
      return;
    }
    // Lag in two periods running: one spike (a collection, a neighbour's burst) is not overload.
    this.laggedPeriods = lagMs > this.o.lagLimitMs ? this.laggedPeriods + 1 : 0;
    if (this.laggedPeriods >= 2) {
      this.setupLimit = Math.max(this.o.minCallsInSetup, Math.floor(this.setupLimit / 2));
    } else if (this.laggedPeriods === 0 && this.setupLimit < this.o.maxCallsInSetup) {
      const step = Math.max(1, Math.ceil(this.setupLimit / 8));
      this.setupLimit = Math.min(this.o.maxCallsInSetup, this.setupLimit + step);
      this.pump();
    }
  }

  /** A call was answered or ended: a setup slot is free. */
  setupEnded(): void {
    this.callsInSetup -= 1;
    if (!this.closing) this.pump();
  }

  /** Runs dialled by this process now. */
  get activeRunIds(): string[] {
    return [...this.runs.keys()];
  }

  isActive(runId: string): boolean {
    return this.runs.has(runId);
  }

  /** Begins a Queued run (the start route, after createRun). */
  async begin(scope: GroupScope, runId: string): Promise<void> {
    const [row] = await this.db
      .select()
      .from(campaignRuns)
      .where(scope.owns(campaignRuns, eq(campaignRuns.id, runId)));
    if (!row) throw new Error(`run ${runId} not found`);
    await this.launch(scope, row, 0, false);
  }

  private async launch(scope: GroupScope, row: RunRow, first: number, resumed: boolean) {
    const params = paramsOf(row);
    let dialler: Awaited<ReturnType<DiallerSource['forGroup']>>;
    try {
      dialler = await this.options.diallers.forGroup(scope);
    } catch (err) {
      // No dialler for the group (e.g. Twilio without PUBLIC_URL): the run ends, saying why.
      const why = err instanceof Error ? err.message : String(err);
      await this.finishRow(scope, row.id, `Not started: ${why}. `);
      throw err;
    }
    const startMs = Date.now();
    const [updated] = await this.db
      .update(campaignRuns)
      .set({
        status: 'In Progress',
        startedAt: row.startedAt ?? new Date(startMs),
        heartbeatAt: new Date(startMs),
        dialler: dialler.dialler.kind,
        ...(resumed
          ? { outcome: `Resumed after a server restart at ${new Date(startMs).toISOString()}` }
          : {}),
      })
      .where(scope.owns(campaignRuns, eq(campaignRuns.id, row.id)))
      .returning();
    const run = new ActiveRun(this, scope, updated ?? row, params, dialler, first, startMs);
    this.runs.set(row.id, run);
    this.completions.set(
      row.id,
      run.done.then(() => this.complete(run)),
    );
    run.pace();
  }

  /**
   * Grants slots to queued calls, runs in turn, while the process is under its cap of calls
   * under way and the pacing's bound on calls in setup; what stays queued is held back.
   */
  pump(): void {
    let runs = [...this.runs.values()].filter((r) => r.queue.length > 0 && !r.stopping);
    while (
      runs.length > 0 &&
      this.liveCalls < this.o.maxConcurrentCalls &&
      this.callsInSetup < this.setupLimit
    ) {
      const run = runs[this.rotate++ % runs.length];
      const row = run?.queue.shift();
      if (!run || !row) break;
      this.liveCalls += 1;
      this.callsInSetup += 1;
      run.dial(row);
      runs = runs.filter((r) => r.queue.length > 0);
    }
    for (const run of runs) run.noteHeld();
  }

  /** A call ended: its slot goes to the next queued call. */
  released(): void {
    this.liveCalls -= 1;
    if (!this.closing) this.pump();
  }

  /** Stop: no more calls, live ones hang up; the run shows Cancelled at once. */
  async stop(scope: GroupScope, runId: string): Promise<void> {
    const now = new Date();
    await this.db
      .update(campaignRuns)
      .set({ canceledAt: now, status: 'Cancelled' })
      .where(scope.owns(campaignRuns, eq(campaignRuns.id, runId), isNull(campaignRuns.canceledAt)));
    const run = this.runs.get(runId);
    if (run) run.halt('stop');
    else {
      // Dialled by no process (cut by a restart and not yet recovered): end it here.
      await this.endUnsettled(scope, runId, 'canceledAt', 'Cancelled', 'Stopped');
      await this.finishRow(scope, runId, 'Stopped: ');
    }
  }

  /** Resolves when the run has ended and its end is written (tests, shutdown). */
  async settled(runId: string): Promise<void> {
    await this.completions.get(runId);
  }

  private async complete(run: ActiveRun): Promise<void> {
    this.runs.delete(run.id);
    try {
      await run.writer.flush();
      await this.db
        .update(campaignRuns)
        .set(this.pacingOf(run))
        .where(run.scope.owns(campaignRuns, eq(campaignRuns.id, run.id)));
      await run.dialler.release();
      if (run.stopping === 'shutdown') {
        // Released for the next process (or this one after a restart) to resume.
        await this.db
          .update(campaignRuns)
          .set({ heartbeatAt: new Date(Date.now() - this.o.staleAfterMs - 1) })
          .where(run.scope.owns(campaignRuns, eq(campaignRuns.id, run.id)));
        return;
      }
      const [current] = await this.db
        .select({ canceledAt: campaignRuns.canceledAt, outcome: campaignRuns.outcome })
        .from(campaignRuns)
        .where(run.scope.owns(campaignRuns, eq(campaignRuns.id, run.id)));
      const prefix = current?.canceledAt
        ? 'Stopped: '
        : current?.outcome?.startsWith('Resumed')
          ? `${current.outcome}. `
          : '';
      await this.finishRow(run.scope, run.id, prefix);
    } catch (err) {
      this.options.log.error(err, `campaign run ${run.id} could not be completed`);
    } finally {
      this.completions.delete(run.id);
    }
  }

  /** Marks the run complete with its counts as outcome. */
  private async finishRow(scope: GroupScope, runId: string, prefix: string): Promise<void> {
    const [row] = await this.db
      .select()
      .from(campaignRuns)
      .where(scope.owns(campaignRuns, eq(campaignRuns.id, runId)));
    if (!row) return;
    const counts = await countCalls(scope, runId);
    const total = paramsOf(row).totalCalls;
    await this.db
      .update(campaignRuns)
      .set({
        status: row.canceledAt ? 'Cancelled' : 'Complete',
        isComplete: true,
        endedAt: new Date(),
        heartbeatAt: null,
        outcome: outcomeText(counts, total, prefix),
      })
      .where(scope.owns(campaignRuns, eq(campaignRuns.id, runId)));
  }

  /** Calls written as Live by a process that is gone: they end with `status`. */
  private async endUnsettled(
    scope: GroupScope,
    runId: string,
    field: 'failedAt' | 'canceledAt',
    status: CallOutcomeStatus,
    reason: string,
  ) {
    await this.db
      .update(campaignCalls)
      .set({ [field]: new Date(), status, reason })
      .where(
        scope.owns(campaignCalls, eq(campaignCalls.runId, runId), eq(campaignCalls.status, 'Live')),
      );
  }

  private async flushAll(): Promise<void> {
    await Promise.all(
      [...this.runs.values()].map((run) =>
        run.writer
          .flush()
          .catch((err: unknown) => this.options.log.error(err, 'call log flush failed')),
      ),
    );
  }

  private async heartbeat(): Promise<void> {
    const ids = [...this.runs.keys()];
    if (ids.length === 0) return;
    try {
      // One statement for every run of this process, whatever their groups.
      await this.db
        .update(campaignRuns)
        .set({ heartbeatAt: new Date() })
        .where(acrossGroups.where(inArray(campaignRuns.id, ids)));
      // The pacing figures of runs that have any, for the run view.
      for (const run of this.runs.values()) {
        if (run.placed === 0 && run.heldBack === 0) continue;
        await this.db
          .update(campaignRuns)
          .set(this.pacingOf(run))
          .where(run.scope.owns(campaignRuns, eq(campaignRuns.id, run.id)));
      }
    } catch (err) {
      this.options.log.error(err, 'campaign heartbeat failed');
    }
  }

  /** What the run view shows of the pacing: calls held back and the rate reached. */
  private pacingOf(run: ActiveRun): { heldBackCalls: number; rateReached?: number } {
    const rate = run.rateReached;
    return { heldBackCalls: run.heldBack, ...(rate !== null ? { rateReached: rate } : {}) };
  }

  private sweeping = false;

  /**
   * Takes over runs left In Progress or Queued by a process that stopped (its heartbeat is
   * stale): calls it had under way end as failed; the run resumes when the cut was short, else
   * ends with an outcome saying why. Never leaves a run In Progress for ever.
   */
  async recover(): Promise<void> {
    if (this.sweeping || this.closing) return;
    this.sweeping = true;
    try {
      const staleBefore = new Date(Date.now() - this.o.staleAfterMs);
      const stale = await this.db
        .select()
        .from(campaignRuns)
        .where(
          acrossGroups.where(
            inArray(campaignRuns.status, ['Queued', 'In Progress']),
            or(isNull(campaignRuns.heartbeatAt), lt(campaignRuns.heartbeatAt, staleBefore)),
          ),
        );
      for (const row of stale) {
        if (this.runs.has(row.id)) continue;
        await this.takeOver(row).catch((err: unknown) =>
          this.options.log.error(err, `campaign run ${row.id} could not be recovered`),
        );
      }
    } finally {
      this.sweeping = false;
    }
  }

  private async takeOver(row: RunRow): Promise<void> {
    const scope = forGroup(this.db, row.groupId);
    // Claim it: only one process wins when several sweep at once.
    const claimed = await this.db
      .update(campaignRuns)
      .set({ heartbeatAt: new Date() })
      .where(
        scope.owns(
          campaignRuns,
          eq(campaignRuns.id, row.id),
          row.heartbeatAt
            ? eq(campaignRuns.heartbeatAt, row.heartbeatAt)
            : isNull(campaignRuns.heartbeatAt),
        ),
      )
      .returning({ id: campaignRuns.id });
    if (claimed.length === 0) return;
    await this.endUnsettled(
      scope,
      row.id,
      'failedAt',
      'Failed',
      'The server stopped during the call',
    );
    const lastSeen = (row.heartbeatAt ?? row.createdOn).getTime();
    const cutMs = Date.now() - lastSeen;
    const [placed] = await this.db
      .select({ n: max(campaignCalls.seq) })
      .from(campaignCalls)
      .where(scope.owns(campaignCalls, eq(campaignCalls.runId, row.id)));
    const first = placed?.n ?? 0;
    const total = paramsOf(row).totalCalls;
    if (row.canceledAt || first >= total) {
      await this.finishRow(scope, row.id, row.canceledAt ? 'Stopped: ' : '');
      return;
    }
    if (cutMs <= this.o.resumeWithinMs) {
      this.options.log.info(`campaign run ${row.id} resumes at call ${first + 1} of ${total}`);
      await this.launch(scope, row, first, true);
      return;
    }
    const when = new Date(lastSeen).toISOString();
    await this.finishRow(
      scope,
      row.id,
      `Ended: the server stopped at ${when} and was not back within ${Math.round(this.o.resumeWithinMs / 60_000)} minutes; `,
    );
  }

  /** Process shutdown: no new calls, live ones hang up, the log is written, runs are released. */
  async close(): Promise<void> {
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.lag?.disable();
    const completions = [...this.completions.values()];
    for (const run of this.runs.values()) run.halt('shutdown');
    await Promise.all(completions);
  }
}
