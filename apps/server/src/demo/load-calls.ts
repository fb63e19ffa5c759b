import { INGEST_LIMITS, type IngestResult } from '@callsight/shared';
import type { IngestDeps } from '../services/telemetry/ingest-context.ts';
import { ingestCalls } from '../services/telemetry/ingest-calls.ts';
import { ingestEvents, ingestLogs } from '../services/telemetry/ingest-logs.ts';
import { ingestSamples } from '../services/telemetry/ingest-samples.ts';
import type { TelemetryWriter } from '../services/telemetry-store/telemetry-store.ts';
import type { DemoCall } from './generate-call.ts';

/** What a load stored, item by item. */
export interface LoadCounts {
  calls: number;
  samples: number;
  logs: number;
  events: number;
}

export const emptyCounts = (): LoadCounts => ({ calls: 0, samples: 0, logs: 0, events: 0 });

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A generated item the ingestion API refused is a bug in the generator: say which and why. */
function check(result: IngestResult, kind: string): number {
  const first = result.rejected[0];
  if (first) {
    throw new Error(
      `demo traffic: ${result.rejectedCount} ${kind} refused, e.g. #${first.index}: ${JSON.stringify(first.fields)}`,
    );
  }
  return result.accepted;
}

/** PostgreSQL's ingestion services on `deps` (the demo's writes in PostgreSQL mode). */
export function postgresWriter(deps: IngestDeps): TelemetryWriter {
  return {
    ingestSamples: (groupId, items) => ingestSamples(deps, groupId, items),
    ingestCalls: (groupId, items) => ingestCalls(deps, groupId, items),
    ingestLogs: (groupId, items) => ingestLogs(deps, groupId, items),
  };
}

/**
 * Stores ended calls through the ingestion services, in the order a softphone sends them:
 * summaries, then seconds (merged into each summary's accumulator), logs and events. Tags,
 * scores and network labels are therefore computed exactly as for real traffic. Summaries,
 * seconds and logs go to `writer` (the telemetry store's, in ClickHouse mode; decision CH58),
 * events to PostgreSQL, where they are kept in both modes (CH15).
 */
export async function loadCalls(
  deps: IngestDeps,
  groupId: string,
  calls: readonly DemoCall[],
  writer: TelemetryWriter = postgresWriter(deps),
): Promise<LoadCounts> {
  const counts = emptyCounts();
  for (const part of chunks(calls, INGEST_LIMITS.maxCallsPerRequest)) {
    counts.calls += check(
      await writer.ingestCalls(
        groupId,
        part.map((c) => c.call),
      ),
      'calls',
    );
  }
  const samples = calls.flatMap((c) => c.samples);
  for (const part of chunks(samples, INGEST_LIMITS.maxSamplesPerRequest))
    counts.samples += check(await writer.ingestSamples(groupId, part), 'samples');
  const logs = calls.flatMap((c) => c.logs);
  for (const part of chunks(logs, INGEST_LIMITS.maxLogsPerRequest))
    counts.logs += check(await writer.ingestLogs(groupId, part), 'logs');
  const events = calls.flatMap((c) => c.events);
  for (const part of chunks(events, INGEST_LIMITS.maxEventsPerRequest))
    counts.events += check(await ingestEvents(deps, groupId, part), 'events');
  return counts;
}
