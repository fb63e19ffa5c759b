import {
  callQualityFromSeconds,
  evaluateCallQuality,
  IngestSampleSchema,
  toCallSecond,
  type CallQuality,
} from '@callsight/shared';
import { DEMO_NETWORK_LABELS, demoAgents, type Agent } from './catalogue.ts';
import { demoCtrAttributes, generateCall, type DemoCall } from './generate-call.ts';
import { clamp, Random } from './random.ts';

/**
 * Call summary rows in bulk (benchmarks: a million calls), without storing seconds. A pool of
 * generated calls is scored the real way (shared call-quality code on their seconds); each bulk
 * row takes its quality from one of them and its own contact, agent and start time.
 */

/** One call_summaries row, columns as named in BULK_SUMMARY_COLUMNS. */
export type BulkSummaryRow = (string | number | null)[];

export const BULK_SUMMARY_COLUMNS = [
  'group_id',
  'contact_id',
  'agent',
  'direction',
  'start_time',
  'end_time',
  'ended_by',
  'disconnect_reason',
  'agent_isp',
  'agent_local_ip',
  'agent_external_ip',
  'browser_name',
  'browser_version',
  'agent_country',
  'agent_region',
  'network_type',
  'network_label',
  'sip_response_code',
  'summary_received_at',
  'sample_count',
  'first_sample_at',
  'last_sample_at',
  'duration_seconds',
  'mos_avg',
  'mos_min',
  'mos_inbound_avg',
  'mos_outbound_avg',
  'jitter_avg_ms',
  'jitter_max_ms',
  'rtt_avg_ms',
  'rtt_max_ms',
  'packets_count',
  'packets_lost',
  'packets_lost_fraction',
  'cpu_available_min_percent',
  'memory_used_max_percent',
  'error_log_count',
  'score',
  'tags',
  'insights',
  'agent_group_1',
  'agent_group_2',
  'agent_group_3',
  'ctr_attributes',
] as const;

interface Scored {
  demo: DemoCall;
  quality: CallQuality;
  errors: number;
}

/** Scores a generated call from its seconds, as ingestion would. */
export function scoreCall(demo: DemoCall): CallQuality {
  const seconds = demo.samples.map((s) => toCallSecond(IngestSampleSchema.parse(s)));
  return evaluateCallQuality({
    state: callQualityFromSeconds(seconds),
    endMs: demo.endMs,
    errorLogCount: demo.logs.filter((l) => l.level === 'ERROR').length,
    browser: demo.call.browser ?? null,
  });
}

/** Which demo label an address falls in (the demo ranges are /16 and /12 on octet bounds). */
function labelOf(ip: string): string | null {
  if (ip.startsWith('10.20.')) return DEMO_NETWORK_LABELS[0]?.label ?? null;
  if (ip.startsWith('10.40.')) return DEMO_NETWORK_LABELS[1]?.label ?? null;
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(ip)) return DEMO_NETWORK_LABELS[2]?.label ?? null;
  return null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A generator of bulk summary rows: `agentCount` agents (a large floor), a pool of `poolSize`
 * scored calls, start times spread evenly over [fromMs, toMs).
 */
export function bulkSummaryRows(opts: {
  seed: number;
  groupId: string;
  count: number;
  fromMs: number;
  toMs: number;
  agentCount?: number;
  poolSize?: number;
}): { pool: number; rows: () => Generator<BulkSummaryRow> } {
  const base = demoAgents(opts.seed, 64);
  const agentCount = opts.agentCount ?? 1000;
  const agents: Agent[] = Array.from({ length: agentCount }, (_, i) => {
    const a = base[i % base.length] ?? base[0];
    if (!a) throw new Error('no demo agents');
    return { ...a, email: a.email.replace('@', `.${i}@`) };
  });
  const random = new Random(opts.seed);
  const pool: Scored[] = Array.from({ length: opts.poolSize ?? 400 }, (_, i) => {
    const demo = generateCall({
      contactId: `pool-${opts.seed}-${i}`,
      agent: random.pick(base),
      startMs: opts.fromMs,
    });
    return {
      demo,
      quality: scoreCall(demo),
      errors: demo.logs.filter((l) => l.level === 'ERROR').length,
    };
  });
  const span = opts.toMs - opts.fromMs;
  function* rows(): Generator<BulkSummaryRow> {
    const r = new Random(opts.seed ^ 0x5bd1e995);
    for (let i = 0; i < opts.count; i++) {
      const agent = agents[r.int(0, agents.length - 1)] ?? agents[0];
      const scored = pool[r.int(0, pool.length - 1)] ?? pool[0];
      if (!agent || !scored) return;
      const { demo, quality } = scored;
      const a = quality.aggregates;
      // A little spread so that sorting by a measure does not meet long runs of equal values.
      const f = r.between(0.97, 1.03);
      const startMs = opts.fromMs + Math.floor((span * (i + r.next())) / opts.count);
      const durationMs = demo.endMs - demo.startMs;
      const call = demo.call;
      const contactId = r.uuid();
      yield [
        opts.groupId,
        contactId,
        agent.email,
        typeof call.direction === 'string' ? call.direction : null,
        iso(startMs),
        iso(startMs + durationMs),
        call.endedBy ?? null,
        call.disconnectReason ?? null,
        agent.site.isp,
        agent.localIp,
        agent.externalIp,
        agent.browser.name,
        agent.browser.version,
        agent.site.country,
        agent.site.region,
        agent.site.networkType,
        labelOf(agent.localIp),
        call.sipResponseCode ?? null,
        iso(startMs + durationMs),
        a.sampleCount,
        a.firstSampleMs === null ? null : iso(startMs),
        a.lastSampleMs === null ? null : iso(startMs + (a.lastSampleMs - demo.startMs)),
        Math.round(durationMs / 1000),
        a.mosAvg === null ? null : clamp(a.mosAvg * f, 1, 4.5),
        a.mosMin,
        a.mosInboundAvg,
        a.mosOutboundAvg,
        a.jitterAvgMs === null ? null : a.jitterAvgMs * f,
        a.jitterMaxMs,
        a.rttAvgMs === null ? null : a.rttAvgMs * f,
        a.rttMaxMs,
        a.packetsCount,
        a.packetsLost,
        a.packetsLostFraction,
        a.cpuAvailableMinPercent,
        a.memoryUsedMaxPercent,
        scored.errors,
        quality.score,
        `{${quality.tags.map((t) => `"${t}"`).join(',')}}`,
        JSON.stringify(quality.insights),
        agent.groups[0] ?? null,
        agent.groups[1] ?? null,
        agent.groups[2] ?? null,
        JSON.stringify(demoCtrAttributes(contactId, agent)),
      ];
    }
  }
  return { pool: pool.length, rows };
}
