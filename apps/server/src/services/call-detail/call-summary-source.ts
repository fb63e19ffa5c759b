import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CALL_DIRECTIONS,
  type CallDetailInsightTag,
  type CallDetailSummary,
  type CallDirection,
} from '@callsight/shared';
import { callSummaries } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import { qualityStateOf, refreshDerived } from '../telemetry/call-summaries.ts';
import type { CallHold } from './call-holds.ts';

type SummaryRow = typeof callSummaries.$inferSelect;

/** Version of the score rules behind `insights.callScore` (CALL_SCORE_WEIGHTS). */
const CALL_SCORE_VERSION = '1';

/** The stored insights (CallInsight of packages/shared); rows that do not read are skipped. */
const StoredInsightSchema = z.object({
  tag: z.string(),
  severity: z.enum(['warning', 'critical']),
  pattern: z.enum(['sustained', 'degraded', 'event']),
  count: z.number(),
  longestSeconds: z.number().nullable(),
});

function insightTags(stored: readonly unknown[]): CallDetailInsightTag[] {
  return stored.flatMap((item) => {
    const parsed = StoredInsightSchema.safeParse(item);
    if (!parsed.success) return [];
    const { tag, count, severity, pattern, longestSeconds } = parsed.data;
    return [{ description: tag, count, severity, pattern, longestSeconds }];
  });
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const isDirection = (v: string | null): v is CallDirection =>
  v !== null && (CALL_DIRECTIONS as readonly string[]).includes(v);

/**
 * A call summary row as the answer's summary `_source` (spec 002 §3 "Call summary"); `holds`
 * replaces the row's own hold intervals (the call detail merges every source of holds).
 */
export function toSummarySource(
  row: SummaryRow,
  holds: readonly CallHold[] = row.holdIntervals ?? [],
): CallDetailSummary {
  const endMs = row.endTime?.getTime() ?? null;
  return {
    serviceAgent: { username: row.agent },
    contact: {
      id: { current: row.contactId },
      direction: isDirection(row.direction) ? row.direction : null,
      endedBy: row.endedBy,
      disconnectReason: row.disconnectReason,
      events: { connectedToAgent: iso(row.startTime), disconnected: iso(row.endTime) },
      interaction: {
        agentInteractionDurationSec:
          endMs === null ? null : Math.round((endMs - row.startTime.getTime()) / 1000),
      },
    },
    callStartTime: row.startTime.toISOString(),
    callEndTime: iso(row.endTime),
    summaryReceived: row.summaryReceivedAt !== null,
    testCall: row.synthetic,
    networkType: row.networkType,
    networkLabel: row.networkLabel,
    softphoneSummary: {
      agentISP: row.agentIsp,
      agentLocalIPAddress: row.agentLocalIp,
      agentExternalIPAddress: row.agentExternalIp,
      browser: { name: row.browserName, version: row.browserVersion },
      agentCountry: row.agentCountry,
      agentRegion: row.agentRegion,
      networkPerformanceMetrics: {
        mos: {
          avg: row.mosAvg,
          min: row.mosMin,
          max: null,
          inboundAvg: row.mosInboundAvg,
          outboundAvg: row.mosOutboundAvg,
        },
        jitterMs: { avg: row.jitterAvgMs, min: null, max: row.jitterMaxMs },
        rttMs: { avg: row.rttAvgMs, min: null, max: row.rttMaxMs },
        packetLoss: {
          packetsCount: row.packetsCount,
          packetsLost: row.packetsLost,
          fraction: row.packetsLostFraction,
        },
      },
      system: {
        cpu: { availableMinPercent: row.cpuAvailableMinPercent },
        memory: { usedMaxPercent: row.memoryUsedMaxPercent },
      },
    },
    holdIntervals: holds.map((h) => ({
      start: new Date(h.start).toISOString(),
      end: h.end === null ? null : new Date(h.end).toISOString(),
    })),
    properties: { last_sip_response_num: row.sipResponseCode },
    sampleCount: row.sampleCount,
    durationSeconds: row.durationSeconds,
    errorLogCount: row.errorLogCount,
    score: row.score,
    insights: {
      tags: insightTags(row.insights),
      callScore: { version: CALL_SCORE_VERSION, score: row.score },
    },
  };
}

/**
 * The call's summary row (primary key group, contact), or null. A live call's shown columns may
 * trail its accumulator (decisions.md P8): they are derived again here, so the detail is current.
 */
export async function readCallSummary(
  scope: GroupScope,
  contactId: string,
): Promise<SummaryRow | null> {
  const rows = await scope.db
    .select()
    .from(callSummaries)
    .where(scope.owns(callSummaries, eq(callSummaries.contactId, contactId)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const state = qualityStateOf(row);
  return state ? refreshDerived(row, state) : row;
}
