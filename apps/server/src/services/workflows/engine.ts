import { eq, sql } from 'drizzle-orm';
import {
  compileRule,
  evaluateCall,
  evaluateEvent,
  isQualityKind,
  secondLossPercent,
  secondMos,
  SecondRuleIndex,
  type Breach,
  type CallMeasures,
  type CallSecond,
  type EventMeasures,
  type SecondMeasures,
  type WatcherRule,
} from '@callsight/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { workflowJobs, workflows } from '../../db/schema/index.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import { queryRows, textArrayLiteral } from '../../db/pg-arrays.ts';
import type { WorkflowJobPayload } from './run-action.ts';

/** Called by the ingestion services after their commit: cheap, synchronous, never throws. */
export interface WatcherHook {
  /** `seconds` builds the committed seconds when asked (most groups watch none of them). */
  onSeconds(groupId: string, seconds: () => readonly CallSecond[]): void;
  onCallSummaries(groupId: string, calls: readonly CallSummaryView[]): void;
  onEvents(groupId: string, events: readonly EventMeasures[]): void;
}

/** The columns of a saved call summary the call triggers read. */
export interface CallSummaryView {
  contactId: string;
  agent: string | null;
  direction: string | null;
  startTime: Date;
  endTime: Date | null;
  mosAvg: number | null;
  packetsLostFraction: number | null;
  jitterAvgMs: number | null;
  rttAvgMs: number | null;
  tags: string[];
}

interface CompiledWatcher {
  rule: WatcherRule;
  workflowId: string;
  workflowName: string;
  application: string;
  trigger: string;
  action: Record<string, unknown>;
}

interface GroupSet {
  loadedAtMs: number;
  seconds: SecondRuleIndex<CompiledWatcher>;
  calls: CompiledWatcher[];
  events: CompiledWatcher[];
}

interface Match {
  watcher: CompiledWatcher;
  contactId: string;
  agent: string | null;
  breach: Breach;
  fields: Record<string, string | number | boolean | null>;
}

export interface WatcherEngineDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** A watcher fires once per call; again for that call only after this long. */
  cooldownMs: number;
  /** Cached watcher sets are reloaded in the background when older (changes in other processes). */
  cacheTtlMs: number;
  now: () => number;
  /** The local queue: fresh jobs go straight into its free slots, the rest wait for a pass. */
  queue: {
    reserve(n: number): number;
    handOff(jobs: readonly LeasedJob[], reserved: number): void;
    kick(): void;
  };
  /** The lease of a handed-off job: past it, any process claims the job again. */
  leaseMs: number;
}

/** A job committed as leased to this process, handed to its queue without a claim. */
export interface LeasedJob {
  id: number;
  groupId: string;
  payload: WorkflowJobPayload;
}

export interface WatcherEngine extends WatcherHook {
  /** Forgets a group's cached watchers (after a change through the API). */
  invalidate(groupId: string): void;
  /** Resolves when no firing is being written (tests and shutdown). */
  settled(): Promise<void>;
}

const MAX_MEMORY_KEYS = 100_000;
/** An events-only watcher of a call has no contact: firings are keyed by agent and time instead. */
const eventKey = (e: EventMeasures) => e.contactId ?? `event:${e.agent ?? ''}:${e.timeMs}`;

/**
 * Evaluates ingested data against the active watchers of its group, in memory: each group's
 * watchers are compiled once and cached (invalidated on change, refreshed after cacheTtlMs).
 * A match claims its (watcher, call) firing in the database — once per call and cool-down,
 * across processes — and queues the action in the outbox in the same transaction.
 */
export function createWatcherEngine(deps: WatcherEngineDeps): WatcherEngine {
  const sets = new Map<string, GroupSet>();
  const loading = new Map<string, Promise<GroupSet>>();
  const recent = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();

  async function load(scope: GroupScope): Promise<GroupSet> {
    const rows = await scope.db
      .select()
      .from(workflows)
      .where(scope.owns(workflows, eq(workflows.active, true)));
    const seconds: CompiledWatcher[] = [];
    const calls: CompiledWatcher[] = [];
    const events: CompiledWatcher[] = [];
    for (const row of rows) {
      const rule = compileRule(row);
      const action = row.actions[0];
      if (!rule || !action) continue;
      const w: CompiledWatcher = {
        rule,
        workflowId: row.id,
        workflowName: row.name,
        application: row.application,
        trigger: row.trigger,
        action,
      };
      if (isQualityKind(rule.kind)) (rule.scope === 'second' ? seconds : calls).push(w);
      else if (rule.kind === 'contact-ended' || rule.kind === 'eb-summary-data') calls.push(w);
      else events.push(w);
    }
    return { loadedAtMs: deps.now(), seconds: new SecondRuleIndex(seconds), calls, events };
  }

  /** The group's set now, or null while it loads (then `then` runs once it is there). */
  function withSet(groupId: string, then: (set: GroupSet) => void): void {
    const set = sets.get(groupId);
    const stale = !set || deps.now() - set.loadedAtMs > deps.cacheTtlMs;
    if (stale && !loading.has(groupId)) {
      const p = load(forGroup(deps.db, groupId));
      loading.set(groupId, p);
      p.then(
        (fresh) => {
          if (loading.get(groupId) === p) sets.set(groupId, fresh);
          loading.delete(groupId);
        },
        (err: unknown) => {
          loading.delete(groupId);
          deps.log.error({ err, groupId }, 'could not load watchers');
        },
      );
    }
    if (set) return then(set);
    const pending = loading.get(groupId);
    if (pending) track(pending.then(then));
  }

  function track(p: Promise<unknown>) {
    const done: Promise<void> = p.then(
      () => undefined,
      (err: unknown) => deps.log.error({ err }, 'watcher evaluation failed'),
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  }

  /** True (and remembered) the first time a (watcher, call) fires within the cool-down here. */
  function firstInCooldown(workflowId: string, contactId: string): boolean {
    const key = `${workflowId}|${contactId}`;
    const now = deps.now();
    const last = recent.get(key);
    if (last !== undefined && now - last < deps.cooldownMs) return false;
    if (recent.size >= MAX_MEMORY_KEYS) {
      for (const [k, t] of recent) if (now - t >= deps.cooldownMs) recent.delete(k);
      if (recent.size >= MAX_MEMORY_KEYS) recent.clear();
    }
    recent.set(key, now);
    return true;
  }

  async function fire(groupId: string, all: readonly Match[]): Promise<void> {
    const byKey = new Map<string, Match>();
    for (const m of all) byKey.set(`${m.watcher.workflowId}|${m.contactId}`, m);
    const matches = [...byKey.values()];
    const now = deps.now();
    const firedAt = new Date(now);
    const before = new Date(now - deps.cooldownMs);
    // Slots of the local queue: that many jobs are committed leased to this process and run
    // right after the commit, with no claim and no wait for a poll (alert latency).
    const slots = deps.queue.reserve(matches.length);
    let leased: LeasedJob[] = [];
    let pending = 0;
    try {
      await deps.db.transaction(async (tx) => {
        const scope = forGroup(tx, groupId);
        // Claims every firing in one statement, only for the group's watchers still active and
        // outside the cool-down; what another process claimed first comes back missing.
        const claimed = await queryRows<{ workflow_id: string; contact_id: string }>(
          tx,
          sql`
          insert into watcher_firings (workflow_id, contact_id, fired_at)
          select w.id, m.c, ${firedAt}
          from unnest(${textArrayLiteral(matches.map((m) => m.watcher.workflowId))}::uuid[],
                      ${textArrayLiteral(matches.map((m) => m.contactId))}::text[]) as m(w, c)
          join workflows w on w.id = m.w and w.group_id = ${scope.groupId} and w.active
          on conflict (workflow_id, contact_id) do update set fired_at = excluded.fired_at
          where watcher_firings.fired_at <= ${before}
          returning workflow_id, contact_id`,
        );
        const jobs = claimed.flatMap((c) => {
          const m = byKey.get(`${c.workflow_id}|${c.contact_id}`);
          if (!m) return [];
          const payload: WorkflowJobPayload = {
            workflowId: m.watcher.workflowId,
            workflowName: m.watcher.workflowName,
            application: m.watcher.application,
            trigger: m.watcher.trigger,
            action: m.watcher.action,
            contactId: m.contactId,
            agent: m.agent,
            breach: m.breach,
            fields: m.fields,
            firedAt: firedAt.toISOString(),
          };
          return [
            {
              workflowId: m.watcher.workflowId,
              payload: payload as unknown as Record<string, unknown>,
            },
          ];
        });
        const held = jobs.slice(0, slots);
        const later = jobs.slice(slots);
        if (held.length > 0) {
          const lease = sql`now() + make_interval(secs => ${deps.leaseMs / 1000})`;
          const rows = await tx
            .insert(workflowJobs)
            .values(
              scope.rows(
                workflowJobs,
                held.map((j) => ({
                  ...j,
                  status: 'running' as const,
                  attempts: 1,
                  lockedUntil: lease,
                })),
              ),
            )
            .returning({ id: workflowJobs.id, payload: workflowJobs.payload });
          leased = rows.map((r) => ({
            id: r.id,
            groupId,
            payload: r.payload as unknown as WorkflowJobPayload,
          }));
        }
        if (later.length > 0) await tx.insert(workflowJobs).values(scope.rows(workflowJobs, later));
        pending = later.length;
      });
    } catch (err) {
      leased = [];
      throw err;
    } finally {
      deps.queue.handOff(leased, slots);
    }
    if (pending > 0) deps.queue.kick();
  }

  const submit = (groupId: string, matches: Match[]) => {
    if (matches.length > 0) track(fire(groupId, matches));
  };

  return {
    onSeconds(groupId, seconds) {
      withSet(groupId, (set) => {
        if (set.seconds.size === 0) return;
        const matches: Match[] = [];
        for (const s of seconds()) {
          const m: SecondMeasures = {
            contactId: s.contactId,
            timeMs: s.timeMs,
            mos: secondMos(s),
            packetLossPercent: secondLossPercent(s),
            jitterMs: s.jitterMs,
            rttMs: s.rttMs,
          };
          set.seconds.forEachBreach(m, (w, breach) => {
            if (!firstInCooldown(w.workflowId, s.contactId)) return;
            matches.push({
              watcher: w,
              contactId: s.contactId,
              agent: null,
              breach,
              fields: {
                contactId: s.contactId,
                timestamp: new Date(s.timeMs).toISOString(),
                mos: m.mos,
                packetLossPercent: m.packetLossPercent,
                jitterMs: m.jitterMs,
                rttMs: m.rttMs,
              },
            });
          });
        }
        submit(groupId, matches);
      });
    },

    onCallSummaries(groupId, calls) {
      withSet(groupId, (set) => {
        if (set.calls.length === 0) return;
        const matches: Match[] = [];
        for (const c of calls) {
          const m: CallMeasures = {
            contactId: c.contactId,
            agent: c.agent,
            direction: c.direction,
            endTimeMs: c.endTime?.getTime() ?? null,
            mos: c.mosAvg,
            packetLossPercent: c.packetsLostFraction === null ? null : c.packetsLostFraction * 100,
            jitterMs: c.jitterAvgMs,
            rttMs: c.rttAvgMs,
            poorQuality: c.tags.length > 0,
          };
          for (const w of set.calls) {
            const breach = evaluateCall(w.rule, m);
            if (!breach || !firstInCooldown(w.workflowId, c.contactId)) continue;
            matches.push({
              watcher: w,
              contactId: c.contactId,
              agent: c.agent,
              breach,
              fields: {
                contactId: c.contactId,
                agent: c.agent,
                direction: c.direction,
                startTime: c.startTime.toISOString(),
                endTime: c.endTime?.toISOString() ?? null,
                timestamp: new Date(deps.now()).toISOString(),
                mos: m.mos,
                packetLossPercent: m.packetLossPercent,
                jitterMs: m.jitterMs,
                rttMs: m.rttMs,
              },
            });
          }
        }
        submit(groupId, matches);
      });
    },

    onEvents(groupId, events) {
      withSet(groupId, (set) => {
        if (set.events.length === 0) return;
        const matches: Match[] = [];
        for (const e of events) {
          for (const w of set.events) {
            const breach = evaluateEvent(w.rule, e);
            const key = eventKey(e);
            if (!breach || !firstInCooldown(w.workflowId, key)) continue;
            matches.push({
              watcher: w,
              contactId: key,
              agent: e.agent,
              breach,
              fields: {
                contactId: e.contactId,
                agent: e.agent,
                timestamp: new Date(e.timeMs).toISOString(),
              },
            });
          }
        }
        submit(groupId, matches);
      });
    },

    invalidate(groupId) {
      sets.delete(groupId);
      loading.delete(groupId);
    },

    async settled() {
      while (inFlight.size > 0 || loading.size > 0) {
        await Promise.all([...inFlight, ...loading.values()]).catch(() => undefined);
      }
    },
  };
}
