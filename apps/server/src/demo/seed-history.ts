import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { systemSettings } from '../db/schema/index.ts';
import type { IngestDeps } from '../services/telemetry/ingest-context.ts';
import type { TelemetryWriter } from '../services/telemetry-store/telemetry-store.ts';
import type { DemoCall } from './generate-call.ts';
import { emptyCounts, loadCalls, type LoadCounts } from './load-calls.ts';
import { historyDays, type DayOptions } from './schedule.ts';

/**
 * Seconds per ingestion write while filling history: small enough that requests served by the
 * same process (PGlite runs in it) wait well under a second between two writes.
 */
const SAMPLES_PER_WRITE = 3_000;

export interface HistoryOptions extends DayOptions {
  days: number;
}

export interface HistoryProgress {
  daysDone: number;
  days: number;
  counts: LoadCounts;
}

/** The marker of a history fill: its anchor time (so a resumed fill makes the same calls) and state. */
const MarkerSchema = z.object({ anchorMs: z.number(), done: z.boolean() });
type Marker = z.infer<typeof MarkerSchema>;

const markerKey = (groupId: string) => `demo_traffic_history:${groupId}`;

async function readMarker(db: Db, groupId: string): Promise<Marker | null> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, markerKey(groupId)));
  if (!row) return null;
  const parsed = MarkerSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : null;
}

async function writeMarker(db: Db, groupId: string, marker: Marker) {
  const value = JSON.stringify(marker);
  await db
    .insert(systemSettings)
    .values({ key: markerKey(groupId), value })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value } });
}

/** Groups calls into writes of about SAMPLES_PER_WRITE seconds each. */
function* writes(calls: readonly DemoCall[]): Generator<DemoCall[]> {
  let part: DemoCall[] = [];
  let samples = 0;
  for (const call of calls) {
    part.push(call);
    samples += call.samples.length;
    if (samples >= SAMPLES_PER_WRITE) {
      yield part;
      part = [];
      samples = 0;
    }
  }
  if (part.length > 0) yield part;
}

const add = (a: LoadCounts, b: LoadCounts) => {
  a.calls += b.calls;
  a.samples += b.samples;
  a.logs += b.logs;
  a.events += b.events;
};

/**
 * Fills the group's call history once (newest day first, so the default views fill first),
 * through the ingestion services (PostgreSQL's, or `writer`: the telemetry store's quiet writer
 * in ClickHouse mode). Resumable: an interrupted fill starts again from the same anchor and the
 * calls already stored are kept once. Answers null when it was done before.
 */
export async function seedDemoHistory(
  deps: IngestDeps,
  groupId: string,
  options: HistoryOptions,
  hooks: { progress?: (p: HistoryProgress) => void; stopped?: () => boolean } = {},
  writer?: TelemetryWriter,
): Promise<LoadCounts | null> {
  // History calls are old news: they are not announced to explorer subscribers one by one.
  const quiet: IngestDeps = { ...deps, push: { publish() {} } };
  const marker = await readMarker(deps.db, groupId);
  if (marker?.done) return null;
  const anchorMs = marker?.anchorMs ?? deps.now();
  if (!marker) await writeMarker(deps.db, groupId, { anchorMs, done: false });
  const counts = emptyCounts();
  let daysDone = 0;
  for (const { daysBack, calls } of historyDays(anchorMs, options.days, options)) {
    for (const part of writes(calls)) {
      if (hooks.stopped?.()) return counts;
      add(counts, await loadCalls(quiet, groupId, part, writer));
    }
    if (daysBack > daysDone) {
      daysDone = daysBack;
      hooks.progress?.({ daysDone, days: options.days, counts });
    }
  }
  await writeMarker(deps.db, groupId, { anchorMs, done: true });
  return counts;
}
