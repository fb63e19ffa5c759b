import {
  AGENT_STATUSES,
  type IngestCallInput,
  type IngestDirectionStats,
  type IngestSampleInput,
} from '@callsight/shared';
import { seededRandom } from '../sql/round-trip-support.ts';

/**
 * Telemetry of one group for the telemetry-store contract test, drawn from a seed: calls whose
 * summary comes first, after their seconds (its start moves), twice (changed), or never; calls
 * without seconds; seconds with NULL measures, late and resent; log lines, some ERROR lines
 * naming calls before they exist; ties in every sort column. Times fall in the hours before `nowMs`.
 */

type LogInput = {
  id?: string;
  time: number;
  level: string;
  agent: string;
  contactId?: string | null;
  text: string;
};

/** One ingestion request, sent to both stores in order. */
export type Step =
  | { kind: 'samples'; items: IngestSampleInput[] }
  | { kind: 'calls'; items: IngestCallInput[] }
  | { kind: 'logs'; items: LogInput[] };

export interface GroupData {
  steps: Step[];
  /** Every contact id the group has telemetry of (calls and log-only contacts). */
  contactIds: string[];
  agents: string[];
  isps: string[];
}

/** Agent names and ISPs: lowercase ASCII, so that every collation orders them as bytes do. */
export const AGENTS = Array.from({ length: 8 }, (_, i) => `agent${String(i).padStart(2, '0')}`);
export const ISPS = ['ispalpha', 'ispbeta', 'ispgamma', 'ispdelta'];

type Kind = 'summaryFirst' | 'secondsFirst' | 'secondsOnly' | 'summaryOnly' | 'updated';

interface CallPlan {
  contactId: string;
  kind: Kind;
  startMs: number;
  summary: IngestCallInput;
  seconds: IngestSampleInput[];
}

type Values = Omit<IngestSampleInput, 'contactId' | 'timestamp'>;

/** Fixed values shared by several calls, so that their averages tie exactly. */
const FLAT: Values[] = [
  {
    inbound: { mos: 4.2, packetsCount: 50, packetsLost: 0, audioLevel: 0.5 },
    outbound: { mos: 4.1, packetsCount: 50, packetsLost: 1, audioLevel: 0.4 },
    rttMs: 80,
    jitterMs: 4,
    cpuAvailablePercent: 70,
    memoryUsedPercent: 40,
    agentStatus: 'Talk',
  },
  {
    inbound: { mos: 2.5, packetsCount: 40, packetsLost: 9 },
    outbound: null,
    rttMs: 450,
    jitterMs: 45,
    cpuAvailablePercent: 8,
    memoryUsedPercent: 95,
    agentStatus: 'Talk',
  },
  {
    inbound: { packetsCount: 0, packetsLost: 0 },
    outbound: { mos: 3.6 },
    rttMs: null,
    jitterMs: 12.5,
    agentStatus: 'On Hold',
  },
];

function drawValues(random: () => number): Values {
  const int = (max: number) => Math.floor(random() * (max + 1));
  const maybe = <T>(value: () => T): T | null | undefined => {
    const r = random();
    return r < 0.82 ? value() : r < 0.91 ? null : undefined;
  };
  const direction = (): IngestDirectionStats | null | undefined =>
    maybe(() => ({
      // No MOS now and then: the E-model computes one (mosComputed).
      mos: maybe(() => int(500) / 100),
      packetsCount: maybe(() => int(60)),
      packetsLost: maybe(() => int(6)),
      audioLevel: maybe(() => int(1000) / 1000),
    }));
  return {
    inbound: direction(),
    outbound: direction(),
    rttMs: maybe(() => int(6000) / 10),
    jitterMs: maybe(() => int(8000) / 100),
    cpuAvailablePercent: maybe(() => int(1000) / 10),
    memoryUsedPercent: maybe(() => int(1000) / 10),
    agentStatus: maybe(() => AGENT_STATUSES[int(AGENT_STATUSES.length - 1)] ?? 'Talk'),
  };
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** Splits `items` into consecutive batches of sizes in [min, max]. */
function batches<T>(random: () => number, items: readonly T[], min: number, max: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length;) {
    const size = min + Math.floor(random() * (max - min + 1));
    out.push(items.slice(at, at + size));
    at += size;
  }
  return out;
}

function planCall(
  random: () => number,
  index: number,
  nowMs: number,
  previous?: CallPlan,
  spanMs = 6 * 3600_000,
) {
  const contactId = `call-${String(index).padStart(4, '0')}`;
  const r = random();
  const kind: Kind =
    r < 0.45
      ? 'summaryFirst'
      : r < 0.63
        ? 'secondsFirst'
        : r < 0.75
          ? 'secondsOnly'
          : r < 0.88
            ? 'summaryOnly'
            : 'updated';
  // Starts tie now and then (the same instant as the call before), else fall on whole seconds
  // or anywhere in the six hours before `nowMs`.
  const tie = previous && random() < 0.15;
  const raw = nowMs - 10 * 60_000 - Math.floor(random() * spanMs);
  const startMs = tie ? previous.startMs : random() < 0.5 ? raw - (raw % 1000) : raw;
  const length = random() < 0.1 ? 0 : 1 + Math.floor(random() * 90);
  const flat = random() < 0.3 ? pick(random, FLAT) : null;
  const seconds: IngestSampleInput[] = [];
  const offset = kind === 'secondsFirst' ? 3000 + Math.floor(random() * 20_000) : 0;
  for (let k = 0; k < length && kind !== 'summaryOnly'; k++)
    seconds.push({
      contactId,
      timestamp: startMs + offset + k * 1000,
      ...(flat ?? drawValues(random)),
    });
  const ended = random() < 0.8;
  const summary: IngestCallInput = {
    contactId,
    agent: pick(random, AGENTS),
    direction: pick(random, ['INBOUND', 'OUTBOUND', 'inbound']),
    startTime: startMs,
    endTime: ended ? startMs + (length + Math.floor(random() * 30)) * 1000 : null,
    agentISP: random() < 0.8 ? pick(random, ISPS) : null,
    agentLocalIPAddress: `10.0.${Math.floor(random() * 4)}.${1 + Math.floor(random() * 200)}`,
    browser:
      random() < 0.9 ? { name: 'Chrome', version: pick(random, ['120', '88', '131']) } : null,
    agentCountry: pick(random, ['AU', 'GB', null]),
    holdIntervals:
      random() < 0.2
        ? [{ start: startMs + 5000, end: random() < 0.7 ? startMs + 9000 : null }]
        : null,
    agentGroups: random() < 0.3 ? ['Sales', null, 'Tier 2'] : null,
    ctrAttributes: random() < 0.3 ? { queue: pick(random, ['a', 'b']), lang: 'en' } : null,
    sipResponseCode: random() < 0.3 ? pick(random, [200, 486, 503]) : null,
  };
  return { contactId, kind, startMs, summary, seconds };
}

/** Seconds in time order, some moved later in the stream (late) and some sent again with other values. */
function sampleStream(random: () => number, calls: readonly CallPlan[]): IngestSampleInput[] {
  const stream = calls
    .flatMap((c) => c.seconds)
    .sort((a, b) => Number(a.timestamp) - Number(b.timestamp));
  for (let n = Math.floor(stream.length * 0.04); n > 0; n--) {
    const [moved] = stream.splice(Math.floor(random() * stream.length), 1);
    if (moved) stream.splice(Math.floor(random() * stream.length), 0, moved);
  }
  for (let n = Math.floor(stream.length * 0.03); n > 0; n--) {
    const at = Math.floor(random() * stream.length);
    const original = stream[at];
    if (!original) continue;
    const again = { ...original, ...drawValues(random) };
    stream.splice(at + 1 + Math.floor(random() * (stream.length - at)), 0, again);
  }
  return stream;
}

function drawLogs(
  random: () => number,
  calls: readonly CallPlan[],
  logOnly: readonly string[],
  nowMs: number,
  spanMs = 6 * 3600_000,
) {
  const lines: LogInput[] = [];
  let previous: LogInput | undefined;
  for (let i = 0; i < 260; i++) {
    const r = random();
    const contactId =
      r < 0.55 ? pick(random, calls).contactId : r < 0.65 ? pick(random, logOnly) : null;
    const tie = previous && random() < 0.1;
    const line: LogInput = {
      ...(random() < 0.5 ? { id: `log-${i}` } : {}),
      time: tie && previous ? previous.time : nowMs - 5 * 60_000 - Math.floor(random() * spanMs),
      level: pick(random, ['INFO', 'INFO', 'WARN', 'ERROR', 'error']),
      agent: pick(random, AGENTS),
      contactId,
      text: `line ${i} ${pick(random, ['ice failed', 'mic muted', 'reconnect', ''])}`,
    };
    lines.push(line);
    previous = line;
  }
  return lines;
}

/** Options of a draw; none: the contract test's draw, unchanged. */
export interface GroupDataOptions {
  /** How far before `nowMs` calls start and lines are logged (default six hours). */
  spanMs?: number;
  /**
   * Give most calls an agent hierarchy and CTR attributes from a few values (drawn from a stream
   * of their own, so the rest of the draw stays the seed's), for team rules to select.
   */
  grouping?: boolean;
}

/** Agent hierarchies (levels 1-3) and CTR queues of the `grouping` option. */
export const SITES = ['Sydney', 'Sydney West', 'London'];
export const TEAMS = ['Sales', 'Support'];
export const QUEUES = ['sales-au', 'sales-uk', 'support'];

function regroup(random: () => number, call: CallPlan) {
  const r = random();
  call.summary.agentGroups =
    r < 0.15 ? null : [pick(random, SITES), pick(random, TEAMS), r < 0.5 ? null : 'Tier 2'];
  const q = random();
  call.summary.ctrAttributes =
    q < 0.15
      ? null
      : q < 0.3
        ? { lang: 'en' }
        : { queue: pick(random, QUEUES), lang: pick(random, ['en', 'fr']) };
}

/** The ingestion requests of one group, in the order both stores receive them. */
export function generateGroupData(
  seed: number,
  nowMs: number,
  options: GroupDataOptions = {},
): GroupData {
  const random = seededRandom(seed);
  const calls: CallPlan[] = [];
  for (let i = 0; i < 160; i++)
    calls.push(planCall(random, i, nowMs, calls.at(-1), options.spanMs));
  if (options.grouping) {
    const grouping = seededRandom(seed ^ 0x5eed);
    for (const call of calls) regroup(grouping, call);
  }
  const logOnly = ['orphan-1', 'orphan-2', 'orphan-3', 'orphan-4'];
  const lines = drawLogs(random, calls, logOnly, nowMs, options.spanMs);
  const firstLogs = lines.slice(0, 100);
  const resent = lines.slice(0, 15).map((l) => (l.id ? { ...l, text: `${l.text} again` } : l));
  const laterLogs = [...lines.slice(100), ...resent];
  const summaries = (kinds: Kind[]) =>
    calls.filter((c) => kinds.includes(c.kind)).map((c) => c.summary);
  const stream = sampleStream(random, calls);
  // At the end: the stream's last seconds again (other values: the stored ones stay), and new
  // seconds before some calls' first (late: recomputed, a placeholder start moves).
  const resends = stream.slice(-40).map((s) => ({ ...s, ...drawValues(random) }));
  const early = calls.flatMap((c) => {
    const first = c.seconds[0];
    if (!first || random() < 0.85) return [];
    return [{ ...first, timestamp: Number(first.timestamp) - 1500, ...drawValues(random) }];
  });
  const tail = [...resends, ...early];
  const changed = calls
    .filter((c) => c.kind === 'updated')
    .map((c) => ({
      ...c.summary,
      startTime: c.startMs - 1000 * Math.floor(random() * 30),
      agent: pick(random, AGENTS),
      agentISP: pick(random, ISPS),
    }));
  const steps: Step[] = [
    { kind: 'logs', items: firstLogs },
    ...batches(random, summaries(['summaryFirst', 'summaryOnly', 'updated']), 20, 60).map(
      (items): Step => ({ kind: 'calls', items }),
    ),
    ...batches(random, stream, 30, 700).map((items): Step => ({ kind: 'samples', items })),
    { kind: 'calls', items: summaries(['secondsFirst']) },
    { kind: 'logs', items: laterLogs },
    { kind: 'calls', items: [...changed, ...summaries(['summaryFirst']).slice(0, 5)] },
    { kind: 'samples', items: tail },
  ];
  return {
    steps: steps.filter((step) => step.items.length > 0),
    contactIds: [...calls.map((c) => c.contactId), ...logOnly],
    agents: AGENTS,
    isps: ISPS,
  };
}
