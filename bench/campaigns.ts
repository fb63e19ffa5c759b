import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CampaignRunGraph } from '@callsight/shared';
import { AnsweringEndpoint } from '../apps/server/src/adapters/dialler/answering-endpoint.ts';
import { SipDialler } from '../apps/server/src/adapters/dialler/sip-dialler.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { forGroup, type GroupScope } from '../apps/server/src/db/group-scope.ts';
import { eq } from 'drizzle-orm';
import { campaignRuns, campaigns, customers, groups } from '../apps/server/src/db/schema/index.ts';
import { listCalls, runGraph, runStats } from '../apps/server/src/services/campaigns/call-log.ts';
import { CampaignRunEngine } from '../apps/server/src/services/campaigns/run-engine.ts';
import type { RunParameters } from '../apps/server/src/services/campaigns/runs.ts';
import type { Benchmark, BenchResult, Figure } from './lib/benchmark.ts';
import { hasSipp, runSippUac, startSippUas } from './lib/sipp.ts';

/**
 * Campaigns (issue 17): the highest call rate our dialler sustains with under 1 % failed calls
 * against SIPp's built-in answering scenario, beside SIPp's own caller against the same peer;
 * the pacing error of a run; and the DTMF pauses the built-in answering endpoint receives.
 *
 * Ours is the product's run engine and SIP dialler in this process, on an embedded PGlite
 * database of its own, read back through the product's services (runStats, runGraph, listCalls).
 * Each rate step places `stepSeconds` of calls (1 s each, no answer timeout 5 s) against a fresh
 * SIPp UAS; a step fails with 1 % or more failed calls (anything but Successful), and a call
 * still up when the step's wall time limit comes (stepLimitMs) counts as failed (our run is then
 * stopped, SIPp killed). A failed step is run once more, as the machine is shared; a side stops
 * at its first rate that fails twice. The two sides step the same rates in turn, so that the
 * machine's other load hits both alike. The pacing run (50 calls/s) and the DTMF call come
 * first, on a quiet process. Note that SIPp's built-in UAC sends no RTP and records nothing,
 * while each of our calls streams G.711 (50 packets/s), records a WAV file and writes a call log.
 *
 * Knobs: CAMPAIGN_BENCH_RATES (comma-separated calls/s), CAMPAIGN_BENCH_STEP_SECONDS,
 * CAMPAIGN_BENCH_PACE_RATE and CAMPAIGN_BENCH_PACE_SECONDS (the pacing run).
 */

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const envRates = (name: string, fallback: number[]) => {
  const values = (process.env[name] ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n > 0);
  return values.length > 0 ? values.sort((a, b) => a - b) : fallback;
};

const rates = envRates(
  'CAMPAIGN_BENCH_RATES',
  [100, 200, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000, 4000, 6000],
);
const stepSeconds = envInt('CAMPAIGN_BENCH_STEP_SECONDS', 5);
const paceRate = envInt('CAMPAIGN_BENCH_PACE_RATE', 50);
const paceSeconds = envInt('CAMPAIGN_BENCH_PACE_SECONDS', 10);
const callDurationS = 1;
const noAnswerTimeoutS = 5;
/**
 * A step's calls have all ended by then when the dialler keeps up: the last is placed after
 * `seconds`, answered at once by SIPp (or after the INVITE's third retransmission, 3.5 s, when
 * datagrams were lost) and held callDuration; 0.5 s spare. Ours paces down beyond its capacity
 * (issue 31), placing held calls later: its limit allows twice the planned placing time more.
 * A call still up then counts as failed: it waits for a response that SIPp will not send.
 */
const stepLimitMs = (seconds: number, paced = false) =>
  ((paced ? 3 : 1) * seconds + callDurationS + 4) * 1000;
/** The engine's call log flush period (its default). */
const flushMs = 250;
const maxFailedShare = 0.01;
const targets = { rate: 100, ratio: 0.5, pacingPercent: 5, dtmfMs: 100 };

const fromNumber = '+61255500000';
const toNumber = '+61255509999';

/**
 * The DTMF check of issue 17: `1w2#w{2}3` sends keys 1, 2, #, 3; each key sounds 100 ms, `w`
 * pauses 500 ms and `w{2}` 2000 ms, otherwise 60 ms separate two keys (decision D1). So the keys
 * are asked to start 600, 160 and 2100 ms after the one before.
 */
const dtmf = {
  treatment: '1w2#w{2}3',
  digits: '12#3',
  toneMs: 100,
  askedPausesMs: [500, 60, 2000],
  callDurationMs: 3_500,
};

interface Step {
  rate: number;
  calls: number;
  failed: number;
  startsPerSecond: number;
  wallMs: number;
  note?: string;
  /** Ours: calls the pacing held back, and the rate it reached (calls/s). */
  heldBack?: number;
  rateReached?: number | null;
}

const failedShare = (s: Step) => (s.calls > 0 ? s.failed / s.calls : 1);
/** Under 1 % failed, and (ours) under 1 % held back: a paced-down step did not hold the rate. */
const sustained = (s: Step) =>
  failedShare(s) < maxFailedShare && (s.heldBack ?? 0) < maxFailedShare * s.calls;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Tenant {
  scope: GroupScope;
  campaignId: string;
}

/** The product's database with one group and one campaign, as the engine needs them. */
async function prepareTenant(db: Db): Promise<Tenant> {
  const [customer] = await db.insert(customers).values({ name: 'Bench customer' }).returning();
  if (!customer) throw new Error('customer not created');
  const [group] = await db
    .insert(groups)
    .values({ customerId: customer.id, name: 'Bench campaigns' })
    .returning();
  if (!group) throw new Error('group not created');
  const scope = forGroup(db, group.id);
  const [campaign] = await db
    .insert(campaigns)
    .values(
      scope.row(campaigns, {
        type: 'fullload',
        name: 'Bench against SIPp',
        tags: [],
        fromNumber,
        toNumber,
        totalCalls: 1,
        noAnswerTimeout: noAnswerTimeoutS,
        callDuration: callDurationS,
        callsPerSecond: 1,
        dataHeaders: [],
        data: [],
      }),
    )
    .returning();
  if (!campaign) throw new Error('campaign not created');
  return { scope, campaignId: campaign.id };
}

/** A Queued run of `calls` calls at `rate`, its heartbeat fresh so that recovery leaves it be. */
async function createRun(scope: GroupScope, campaignId: string, rate: number, calls: number) {
  const parameters: RunParameters = {
    type: 'fullload',
    name: 'Bench against SIPp',
    description: '',
    tags: [],
    fromNumber,
    toNumber,
    totalCalls: calls,
    callsPerSecond: rate,
    callDuration: callDurationS,
    noAnswerTimeout: noAnswerTimeoutS,
    answerTreatment: '',
    dataHeaders: [],
    data: [],
    toNumbers: [toNumber],
  };
  const [run] = await scope.db
    .insert(campaignRuns)
    .values(
      scope.row(campaignRuns, {
        campaignId,
        description: `${rate} calls/s`,
        tags: [],
        status: 'Queued',
        heartbeatAt: new Date(),
        parameters,
      }),
    )
    .returning();
  if (!run) throw new Error('run not created');
  return run.id;
}

/** Calls started per second: from the first INVITE to the last, by the call log's timestamps. */
async function startsPerSecond(scope: GroupScope, campaignId: string, runId: string) {
  const initiated: number[] = [];
  for (let from = 0; ; from += 1000) {
    const page = await listCalls(scope, campaignId, runId, { from, size: 1000 });
    for (const call of page.rows)
      if (call.initiatedAt) initiated.push(Date.parse(call.initiatedAt));
    if (page.rows.length < 1000) break;
  }
  if (initiated.length < 2) return 0;
  const spanMs = Math.max(...initiated) - Math.min(...initiated);
  return spanMs > 0 ? ((initiated.length - 1) * 1000) / spanMs : 0;
}

interface OurRun extends Step {
  graph: CampaignRunGraph;
  errors: string[];
  /** Settles once every call has ended and the dialler, engine and SIPp UAS are closed. */
  finished: Promise<void>;
}

/**
 * One run by the product's engine and SIP dialler against a fresh SIPp UAS: `calls` calls at
 * `rate`. Calls not ended within the step's wall time count as failed: the run is stopped (its
 * live calls hung up) and `finished` settles once they have ended and all is closed.
 */
async function dialWithOurs(tenant: Tenant, rate: number, calls: number): Promise<OurRun> {
  const { scope, campaignId } = tenant;
  const uas = await startSippUas();
  const recordingsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-bench-recordings-'));
  let dialler: SipDialler | undefined;
  let engine: CampaignRunEngine | undefined;
  const closeAll = async () => {
    await engine?.close();
    await dialler?.close();
    await uas.stop();
    fs.rmSync(recordingsDir, { recursive: true, force: true });
  };
  try {
    const sip = await SipDialler.create({ trunk: { address: '127.0.0.1', port: uas.port } });
    dialler = sip;
    const errors: string[] = [];
    engine = new CampaignRunEngine({
      db: scope.db as Db,
      log: {
        info: () => {},
        warn: (msg) => errors.push(msg),
        error: (obj, msg) =>
          errors.push(`${msg ?? ''} ${obj instanceof Error ? obj.message : ''}`.trim()),
      },
      diallers: { forGroup: async () => ({ dialler: sip, release: async () => {} }) },
      recordingsDir,
      maxConcurrentCalls: 20_000,
      flushMs,
    });
    const runId = await createRun(scope, campaignId, rate, calls);
    const started = performance.now();
    engine.start();
    await engine.begin(scope, runId);
    const limitMs = stepLimitMs(calls / rate, true);
    const ended = await Promise.race([
      engine.settled(runId).then(() => true),
      delay(limitMs).then(() => false),
    ]);
    const wallMs = performance.now() - started;
    let leftover: Promise<void> = Promise.resolve();
    if (!ended) {
      await engine.stop(scope, runId);
      leftover = engine.settled(runId);
      // What ended before the stop reaches the call log at the writer's next flush.
      await delay(2 * flushMs);
    }
    const stats = await runStats(scope, campaignId, runId);
    const [pacing] = await scope.db
      .select({ heldBack: campaignRuns.heldBackCalls, rateReached: campaignRuns.rateReached })
      .from(campaignRuns)
      .where(scope.owns(campaignRuns, eq(campaignRuns.id, runId)));
    return {
      heldBack: pacing?.heldBack ?? 0,
      rateReached: pacing?.rateReached ?? null,
      rate,
      calls,
      failed: calls - stats.counts.Successful,
      startsPerSecond: await startsPerSecond(scope, campaignId, runId),
      wallMs,
      ...(ended ? {} : { note: `stopped at ${limitMs / 1000} s` }),
      graph: await runGraph(scope, campaignId, runId),
      errors,
      finished: leftover.then(closeAll).catch((error: unknown) => {
        errors.push(`closing the step: ${error instanceof Error ? error.message : String(error)}`);
      }),
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** SIPp's own caller against a fresh SIPp UAS, the same calls as ours. */
async function dialWithSipp(rate: number, calls: number): Promise<Step> {
  const uas = await startSippUas();
  try {
    const limitMs = stepLimitMs(calls / rate);
    const result = await runSippUac({
      target: { address: '127.0.0.1', port: uas.port },
      rate,
      calls,
      durationMs: callDurationS * 1000,
      timeoutMs: limitMs,
    });
    const note = result.timedOut
      ? `killed at ${limitMs / 1000} s`
      : result.exitCode !== 0 && result.exitCode !== 1
        ? `sipp exit ${result.exitCode}`
        : undefined;
    return {
      rate,
      calls,
      failed: calls - result.successful,
      startsPerSecond: result.startsPerSecond,
      wallMs: result.wallMs,
      ...(note ? { note } : {}),
    };
  } finally {
    await uas.stop();
  }
}

/**
 * The largest gap between planned and actual call starts in any whole second of the run, in %
 * of the planned: seconds planning no start are left out, and so is a last partial second.
 */
export function pacingErrorPercent(graph: CampaignRunGraph, rate: number): number {
  const planned = graph.points.filter((p) => p.expectedStarts > 0);
  const last = planned.at(-1);
  const whole = last && last.expectedStarts < rate ? planned.slice(0, -1) : planned;
  return Math.max(
    0,
    // A second after the present has no starts yet (null while the run is live).
    ...whole.map((p) => (Math.abs((p.starts ?? 0) - p.expectedStarts) / p.expectedStarts) * 100),
  );
}

/** One DTMF call from the product's dialler to its answering endpoint, collecting the keys. */
async function measureDtmf() {
  const number = '+61255501006';
  const uas = await AnsweringEndpoint.start({
    behaviours: { [number]: { kind: 'answer', ringMs: 0, media: 'collectDtmf' } },
  });
  const dialler = await SipDialler.create({ trunk: uas.address });
  try {
    const placed = dialler.place(
      {
        key: 'bench:dtmf',
        from: fromNumber,
        to: number,
        noAnswerTimeoutMs: noAnswerTimeoutS * 1000,
        callDurationMs: dtmf.callDurationMs,
        treatment: dtmf.treatment,
      },
      () => {},
    );
    const final = await placed.result;
    const received = [...uas.calls.values()].find((c) => c.number === number)?.digits ?? [];
    // Pause as received: from one key's arrival to the next, less the key's own length.
    const pauses = received.slice(1).map((d, i) => d.atMs - (received[i]?.atMs ?? 0) - dtmf.toneMs);
    return { outcome: final.outcome, digits: received.map((d) => d.digit).join(''), pauses };
  } finally {
    await dialler.close();
    await uas.close();
  }
}

/** Notes are padded so that the step lines' values align in the right-aligned table. */
const noteWidth = 16;
const stepText = (s: Step) =>
  `${String(s.calls).padStart(6)} calls ${(failedShare(s) * 100).toFixed(1).padStart(5)} % failed ` +
  `${s.startsPerSecond.toFixed(1).padStart(7)} starts/s ${(s.wallMs / 1000).toFixed(1).padStart(5)} s` +
  (s.heldBack !== undefined ? ` held ${String(s.heldBack).padStart(5)}` : '') +
  `  ${(s.note ?? '').padEnd(noteWidth)}`;

const highest = (steps: Step[]) => Math.max(0, ...steps.filter(sustained).map((s) => s.rate));

/**
 * Runs a step, and once more when it fails (the machine is shared); false when both fail calls
 * (a step of ours that only held calls back, paced down, goes on to the next rate). Each step
 * of ours starts once the one before has ended all its calls and closed its dialler: a retry
 * loaded with the leftovers of an overloaded step measured those, not the dialler.
 */
async function attempt<T extends Step>(
  steps: T[],
  dial: () => Promise<T>,
  settled: (step: T) => Promise<void> = async () => {},
): Promise<boolean> {
  for (let n = 0; n < 2; n++) {
    const step = await dial();
    steps.push(step);
    await settled(step);
    if (sustained(step)) return true;
  }
  return steps.slice(-2).some((s) => failedShare(s) < maxFailedShare);
}

/** Our steps and SIPp's, the same rates in turn, each side until a rate fails twice. */
async function stepRates(tenant: Tenant) {
  const ours: OurRun[] = [];
  const sipp: Step[] = [];
  let oursGoing = true;
  let sippGoing = true;
  for (const rate of rates) {
    if (!oursGoing && !sippGoing) break;
    const calls = Math.round(rate * stepSeconds);
    if (oursGoing)
      oursGoing = await attempt(
        ours,
        () => dialWithOurs(tenant, rate, calls),
        (step) => step.finished,
      );
    if (sippGoing) sippGoing = await attempt(sipp, () => dialWithSipp(rate, calls));
  }
  await Promise.all(ours.map((s) => s.finished));
  return { ours, sipp };
}

/** A table line per step; a retried rate's second line says so. */
const stepFigures = (side: string, steps: Step[]): Figure[] =>
  steps.map((s, i) => ({
    label: `${side} at ${s.rate} calls/s${steps[i - 1]?.rate === s.rate ? ' (again)' : ''}`,
    value: stepText(s),
  }));

async function run(): Promise<BenchResult> {
  const figures: Figure[] = [];
  const failures: string[] = [];
  if (!hasSipp()) return { figures, failures: ['sipp is not installed (Debian sip-tester)'] };

  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const tenant = await prepareTenant(database.db);
    // The pacing run and the DTMF call first, on a quiet process.
    const paced = await dialWithOurs(tenant, paceRate, paceRate * paceSeconds);
    await paced.finished;
    const keys = await measureDtmf();
    const { ours, sipp } = await stepRates(tenant);

    figures.push(...stepFigures('ours', ours), ...stepFigures('SIPp', sipp));
    const oursRate = highest(ours);
    const sippRate = highest(sipp);
    // SIPp still sustaining the last rate of the steps: its own limit is higher.
    const top = sipp.at(-1);
    const sippCapped = top !== undefined && top.rate === rates.at(-1) && sustained(top);
    const ratio = sippRate > 0 ? oursRate / sippRate : 0;
    figures.push(
      {
        label: 'ours: highest rate under 1 % failed and held back',
        value: oursRate,
        unit: 'calls/s',
      },
      {
        label: 'ours: highest rate reached with under 1 % failed (paced down)',
        value: Math.max(
          0,
          ...ours.filter((s) => failedShare(s) < maxFailedShare).map((s) => s.startsPerSecond),
        ),
        unit: 'calls/s',
      },
      {
        label: `SIPp: highest rate under 1 % failed${sippCapped ? ' (top step; it may go higher)' : ''}`,
        value: sippRate,
        unit: 'calls/s',
      },
      { label: `ratio ours / SIPp${sippCapped ? ' (at most)' : ''}`, value: ratio },
    );
    const errors = [...paced.errors, ...ours.flatMap((s) => s.errors)];
    if (errors.length > 0)
      figures.push({ label: 'engine errors logged', value: `${errors.length}: ${errors[0]}` });
    if (oursRate < targets.rate)
      failures.push(`our dialler sustains ${oursRate} calls/s (target at least ${targets.rate})`);
    if (ratio < targets.ratio)
      failures.push(
        `ours / SIPp is ${ratio.toFixed(2)} (${oursRate} / ${sippRate} calls/s; target at least ${targets.ratio})`,
      );

    const pacing = pacingErrorPercent(paced.graph, paceRate);
    figures.push(
      { label: `pacing run, ${paceRate} calls/s for ${paceSeconds} s`, value: stepText(paced) },
      { label: 'pacing error, worst whole second', value: pacing, unit: '%' },
    );
    if (pacing > targets.pacingPercent)
      failures.push(
        `pacing error ${pacing.toFixed(1)} % in the worst second (target at most ${targets.pacingPercent} %)`,
      );

    keys.pauses.forEach((ms, i) =>
      figures.push({
        label: `DTMF pause ${dtmf.digits[i]}→${dtmf.digits[i + 1]} received / asked`,
        value: `${ms.toFixed(0)} / ${dtmf.askedPausesMs[i] ?? '-'}`,
        unit: 'ms',
      }),
    );
    const deviation = Math.max(
      0,
      ...keys.pauses.map((ms, i) => Math.abs(ms - (dtmf.askedPausesMs[i] ?? 0))),
    );
    figures.push({
      label: `DTMF ${dtmf.treatment}: largest deviation`,
      value: deviation,
      unit: 'ms',
    });
    if (keys.digits !== dtmf.digits)
      failures.push(
        `DTMF: the endpoint received "${keys.digits}" (call ${keys.outcome}), not "${dtmf.digits}"`,
      );
    else if (deviation > targets.dtmfMs)
      failures.push(
        `DTMF pauses deviate up to ${deviation.toFixed(0)} ms (target within ${targets.dtmfMs} ms)`,
      );
  } finally {
    await database.close();
  }
  return { figures, failures };
}

export const campaignsBenchmark: Benchmark = {
  name: 'campaigns',
  description:
    'calls/s our dialler sustains vs SIPp against SIPp UAS (< 1 % failed), pacing error, DTMF pauses',
  run,
};
