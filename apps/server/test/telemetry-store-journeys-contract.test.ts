import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRACE_FILTER_FIELDS,
  TRACE_FILTER_FIELD_NAMES,
  TRACE_TEXTS,
  TraceListQuerySchema,
  normalizeExportRequest,
  type Insight,
  type TeamCondition,
} from '@callsight/shared';
import type { TestServer } from './harness.ts';
import { createGroup } from './factories.ts';
import {
  generateJourneyData,
  teamOfCall,
  type JourneyGroupData,
} from './support/journeys-contract-data.ts';
import { openContractStores, type ContractClickHouse } from './support/contract-clickhouse.ts';
import { AppError } from '../src/lib/errors.ts';
import type { TraceListResult } from '../src/services/journeys/list-traces.ts';
import { wholeGroup, type CallScope } from '../src/services/telemetry-store/call-scope.ts';
import type { TelemetryStore } from '../src/services/telemetry-store/telemetry-store.ts';

/**
 * Contract of the telemetry store's journeys (issue 23): the same generated OTLP exports, sent to
 * PostgreSQL (TEST_DB) and ClickHouse (chDB, or the server at CLICKHOUSE_URL), read back alike:
 * the trace list for every filter field, both sorts and the time window, paged by cursor to the
 * end and back; every trace's JSON; every span's insights and logs; 404s; one group never sees
 * another's traces. CONTRACT_SEED replays another draw.
 */

const SEED = Number(process.env.CONTRACT_SEED ?? 23);
const NOW_MS = Math.floor(Date.now() / 60_000) * 60_000;

let s: TestServer;
let clickhouse: ContractClickHouse;
let pg: TelemetryStore;
let ch: TelemetryStore;
const groups: { id: string; data: JourneyGroupData }[] = [];
const stored: { pg: unknown; ch: unknown }[] = [];
/** A group whose journeys name its calls, and those calls agent hierarchies (issue 33). */
let team: { id: string; data: JourneyGroupData };
/** The team of the tests of issue 33: agent group 1 Sales. */
const SALES: TeamCondition[] = [{ type: 'group1', operator: 'equals', value: 'Sales' }];

async function ingest(id: string, data: JourneyGroupData) {
  for (const store of [pg, ch]) {
    await store.ingestCalls(id, data.calls);
    await store.ingestLogs(id, data.logs);
  }
  for (const request of data.exports) {
    const { spans } = normalizeExportRequest(request);
    stored.push({ pg: await pg.storeSpans(id, spans), ch: await ch.storeSpans(id, spans) });
  }
}

beforeAll(async () => {
  ({ s, clickhouse, pg, ch } = await openContractStores(NOW_MS));
  for (let g = 0; g < 3; g++) {
    const group = await createGroup(s.database.db);
    groups.push({ id: group.id, data: generateJourneyData(SEED * 31 + g, NOW_MS) });
  }
  for (const { id, data } of groups) await ingest(id, data);
  team = {
    id: (await createGroup(s.database.db)).id,
    data: generateJourneyData(SEED * 31 + 7, NOW_MS, 45, { teams: true }),
  };
  await ingest(team.id, team.data);
}, 300_000);

afterAll(async () => {
  await clickhouse?.dispose();
  await s?.close();
});

function groupAt(index: number) {
  const group = groups[index];
  if (!group) throw new Error(`no group ${index}`);
  return group;
}

/** Both stores' answer, or the status and message each refused with. */
async function outcome<T>(run: () => Promise<T>): Promise<T | { status: number; message: string }> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, message: err.message };
    throw err;
  }
}

/** Every page of a list query, following nextCursor to the end (each compared on both stores). */
async function sameListToTheEnd(scoped: string | CallScope, raw: Record<string, string>) {
  const scope = typeof scoped === 'string' ? wholeGroup(scoped) : scoped;
  const pages: TraceListResult[] = [];
  let cursor: string | null = null;
  do {
    const query = TraceListQuerySchema.parse(cursor ? { ...raw, 'page[cursor]': cursor } : raw);
    const [expected, actual] = await Promise.all([
      pg.listTraces(scope, query),
      ch.listTraces(scope, query),
    ]);
    expect(actual, `${JSON.stringify(raw)} page ${pages.length + 1}`).toEqual(expected);
    pages.push(expected);
    cursor = expected.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

/** An insight without the two values each store stamps itself (a fresh id, the write's time). */
const comparable = ({ id: _id, createdAt: _c, ...rest }: Insight) => rest;

describe(
  `telemetry store journeys contract (PostgreSQL ↔ ClickHouse on ${process.env.CLICKHOUSE_URL ? 'a server' : 'chDB'})`,
  { timeout: 180_000 },
  () => {
    it('stores the same spans, traces and insights per export', () => {
      expect(stored.length).toBeGreaterThan(9);
      for (const { pg: expected, ch: actual } of stored) expect(actual).toEqual(expected);
    });

    it('lists every trace in both sorts, paged by cursor to the end and back', async () => {
      for (const [g, { id, data }] of groups.entries()) {
        for (const sort of ['createddate', '-createddate']) {
          const pages = await sameListToTheEnd(id, { sort, 'page[size]': '7' });
          const listed = pages.flatMap((p) => p.data.map((r) => r.traceId));
          expect(new Set(listed), `group ${g}`).toEqual(new Set(data.traceIds));
          expect(listed).toHaveLength(data.traceIds.length);
          // Back from the last page by prevCursor: the same pages, in reverse.
          let prev = pages.at(-1)?.prevCursor ?? null;
          for (let i = pages.length - 2; prev && i >= 0; i--) {
            const query = TraceListQuerySchema.parse({
              sort,
              'page[size]': '7',
              'page[cursor]': prev,
            });
            const [expected, actual] = await Promise.all([
              pg.listTraces(wholeGroup(id), query),
              ch.listTraces(wholeGroup(id), query),
            ]);
            expect(actual).toEqual(expected);
            expect(expected.data).toEqual(pages[i]?.data);
            prev = expected.prevCursor;
          }
        }
      }
    });

    it('filters on every field (gte and lte) and the time window alike', async () => {
      const { id, data } = groupAt(0);
      let matched = 0;
      for (const field of TRACE_FILTER_FIELD_NAMES) {
        const values = [...data.values[field]].sort((a, b) =>
          TRACE_FILTER_FIELDS[field] === 'number'
            ? Number(a) - Number(b)
            : String(a) < String(b)
              ? -1
              : 1,
        );
        const middle = values[Math.floor(values.length / 2)];
        expect(middle, field).toBeDefined();
        for (const op of ['gte', 'lte']) {
          for (const sort of ['createddate', '-createddate']) {
            const pages = await sameListToTheEnd(id, {
              sort,
              'page[size]': '10',
              [`filter[${field}][${op}]`]: String(middle),
            });
            matched += pages[0]?.total ?? 0;
          }
        }
      }
      expect(matched).toBeGreaterThan(0);
      const window = {
        'filter[start_timestamp][gte]': new Date(NOW_MS - 3 * 24 * 3600_000).toISOString(),
        'filter[end_timestamp][lte]': String(NOW_MS - 24 * 3600_000),
      };
      const pages = await sameListToTheEnd(id, { ...window, 'page[size]': '5' });
      expect(pages[0]?.total).toBeGreaterThan(0);
      expect(pages[0]?.total).toBeLessThan(data.traceIds.length);
      const narrowed = await sameListToTheEnd(id, {
        ...window,
        'filter[cx.telephony.quality.mos.avg][lte]': '3.5',
        'filter[cx.platform][gte]': 'genesys',
      });
      expect(narrowed[0]?.total).toBeGreaterThan(0);
    });

    it("answers every trace's JSON alike, and 404 for a trace the group lacks", async () => {
      for (const { id, data } of groups) {
        for (const traceId of data.traceIds) {
          const [expected, actual] = await Promise.all([
            pg.traceJson(wholeGroup(id), traceId.toUpperCase()),
            ch.traceJson(wholeGroup(id), traceId.toUpperCase()),
          ]);
          expect(JSON.parse(actual), traceId).toEqual(JSON.parse(expected));
        }
      }
      const { id } = groupAt(0);
      const missing = await Promise.all([
        outcome(() => pg.traceJson(wholeGroup(id), 'ab'.repeat(16))),
        outcome(() => ch.traceJson(wholeGroup(id), 'ab'.repeat(16))),
      ]);
      expect(missing[1]).toEqual(missing[0]);
      expect(missing[0]).toMatchObject({ status: 404 });
    });

    it("answers every span's insights and logs alike", async () => {
      let insights = 0;
      let logLines = 0;
      for (const [g, { id, data }] of groups.entries()) {
        // Every span of the first group; every fourth of the others (the test stays quick).
        for (const { traceId, spanId } of data.spans.filter((_, i) => g === 0 || i % 4 === 0)) {
          const [pi, ci, pl, cl] = await Promise.all([
            pg.spanInsights(wholeGroup(id), traceId, spanId),
            ch.spanInsights(wholeGroup(id), traceId, spanId),
            pg.spanLogs(wholeGroup(id), traceId, spanId),
            ch.spanLogs(wholeGroup(id), traceId, spanId),
          ]);
          expect(ci.map(comparable), `${traceId}/${spanId}`).toEqual(pi.map(comparable));
          expect(new Set(ci.map((i) => i.createdAt)).size).toBeLessThanOrEqual(1);
          expect(cl, `${traceId}/${spanId}`).toEqual(pl);
          insights += pi.length;
          logLines += pl.data.length;
        }
      }
      expect(insights).toBeGreaterThan(0);
      expect(logLines).toBeGreaterThan(0);
      const { id, data } = groupAt(0);
      const traceId = data.traceIds[0] ?? '';
      const reads: ((store: TelemetryStore) => Promise<unknown>)[] = [
        (store) => store.spanInsights(wholeGroup(id), traceId, 'ff'.repeat(8)),
        (store) => store.spanLogs(wholeGroup(id), traceId, 'ff'.repeat(8)),
      ];
      for (const read of reads) {
        const [expected, actual] = await Promise.all([
          outcome(() => read(pg)),
          outcome(() => read(ch)),
        ]);
        expect(actual).toEqual(expected);
        expect(expected).toMatchObject({ status: 404 });
      }
    });

    it("answers the AI summary's spans and checks, and a call's traced holds, alike", async () => {
      let holds = 0;
      for (const { id, data } of groups) {
        for (const traceId of data.traceIds) {
          const [expected, actual] = await Promise.all([
            pg.journeySpans(wholeGroup(id), traceId),
            ch.journeySpans(wholeGroup(id), traceId),
          ]);
          expect(actual, traceId).toEqual(expected);
          expect(expected.length).toBeGreaterThan(0);
        }
        const span = data.spans[1] ?? data.spans[0];
        if (!span) throw new Error('no span');
        const checks: [string, string | undefined][] = [
          [span.traceId, undefined],
          [span.traceId, span.spanId],
          [span.traceId, 'ff'.repeat(8)],
          ['ab'.repeat(16), undefined],
        ];
        const answers: boolean[] = [];
        for (const [traceId, spanId] of checks) {
          const [expected, actual] = await Promise.all([
            pg.hasJourney(wholeGroup(id), traceId, spanId),
            ch.hasJourney(wholeGroup(id), traceId, spanId),
          ]);
          expect(actual, `${traceId}/${spanId}`).toBe(expected);
          answers.push(expected);
        }
        // The group's own trace and span are found (not two stores that find nothing).
        expect(answers.slice(0, 2)).toEqual([true, true]);
        for (const call of data.calls) {
          const contactId = String(call.contactId);
          const [expected, actual] = await Promise.all([
            pg.callTraceHolds(wholeGroup(id), contactId),
            ch.callTraceHolds(wholeGroup(id), contactId),
          ]);
          expect(actual, contactId).toEqual(expected);
          holds += expected.length;
        }
      }
      expect(holds).toBeGreaterThan(0);
    });

    it("never shows one group another's traces", async () => {
      const [a, b] = [groupAt(0), groupAt(1)];
      for (const store of [pg, ch]) {
        const pages = await sameListToTheEnd(b.id, { 'page[size]': '100' });
        const listed = new Set(pages.flatMap((p) => p.data.map((r) => r.traceId)));
        // B lists its own traces: an empty list would hold none of A's trivially.
        expect(listed.size).toBe(b.data.traceIds.length);
        for (const traceId of a.data.traceIds) expect(listed.has(traceId)).toBe(false);
        const span = a.data.spans[0];
        if (!span) throw new Error('no span');
        const reads: (() => Promise<unknown>)[] = [
          () => store.traceJson(wholeGroup(b.id), span.traceId),
          () => store.spanInsights(wholeGroup(b.id), span.traceId, span.spanId),
          () => store.spanLogs(wholeGroup(b.id), span.traceId, span.spanId),
        ];
        for (const read of reads)
          expect(await outcome(read), store.kind).toMatchObject({ status: 404 });
      }
    });
    it("lists only a team's journeys, alike, paged to the end and back", async () => {
      const { id, data } = team;
      const scope = { groupId: id, rules: SALES };
      const salesCalls = new Set(
        data.calls.filter((_, i) => teamOfCall(i) === 'Sales').map((c) => String(c.contactId)),
      );
      const inTeam = data.traceIds.filter((t) => salesCalls.has(data.traceContacts.get(t) ?? ''));
      // Some journeys are the team's, some another team's, some of no call.
      expect(inTeam.length).toBeGreaterThan(5);
      expect(inTeam.length).toBeLessThan(data.traceIds.length / 2);
      expect([...data.traceContacts.values()].filter((c) => c === null).length).toBeGreaterThan(5);
      for (const sort of ['createddate', '-createddate']) {
        const whole = (await sameListToTheEnd(id, { sort, 'page[size]': '100' })).flatMap(
          (p) => p.data,
        );
        expect(whole).toHaveLength(data.traceIds.length);
        const pages = await sameListToTheEnd(scope, { sort, 'page[size]': '4' });
        const listed = pages.flatMap((p) => p.data);
        // The team's journeys in the group's order, counted as the team's.
        expect(listed).toEqual(whole.filter((r) => inTeam.includes(r.traceId)));
        expect(pages[0]?.total).toBe(inTeam.length);
        let prev = pages.at(-1)?.prevCursor ?? null;
        for (let i = pages.length - 2; prev && i >= 0; i--) {
          const query = TraceListQuerySchema.parse({
            sort,
            'page[size]': '4',
            'page[cursor]': prev,
          });
          const [expected, actual] = await Promise.all([
            pg.listTraces(scope, query),
            ch.listTraces(scope, query),
          ]);
          expect(actual).toEqual(expected);
          expect(expected.data).toEqual(pages[i]?.data);
          prev = expected.prevCursor;
        }
      }
      const filtered = await sameListToTheEnd(scope, {
        'filter[start_timestamp][gte]': new Date(NOW_MS - 3 * 24 * 3600_000).toISOString(),
        'filter[cx.platform][gte]': 'genesys',
      });
      expect(filtered[0]?.total).toBeGreaterThan(0);
      expect(filtered[0]?.total).toBeLessThan(inTeam.length);
    });

    it("reads a journey outside the team as another group's, and the team's whole, alike", async () => {
      const { id, data } = team;
      const scope = { groupId: id, rules: SALES };
      const group = wholeGroup(id);
      const salesCalls = new Set(
        data.calls.filter((_, i) => teamOfCall(i) === 'Sales').map((c) => String(c.contactId)),
      );
      const notFound = { status: 404, message: TRACE_TEXTS.traceNotFound };
      let inside = 0;
      let denied = 0;
      for (const traceId of data.traceIds) {
        const passes = salesCalls.has(data.traceContacts.get(traceId) ?? '');
        const spans = data.spans.filter((sp) => sp.traceId === traceId);
        const json = await pg.traceJson(group, traceId);
        const aiSpans = await pg.journeySpans(group, traceId);
        expect(aiSpans.length).toBeGreaterThan(0);
        for (const store of [pg, ch]) {
          const at = `${store.kind} ${traceId}`;
          expect(await store.tracePassesRules(scope, traceId), at).toBe(passes);
          expect(await store.tracePassesRules(group, traceId), at).toBe(true);
          expect(
            await store.tracePassesRules({ groupId: groupAt(0).id, rules: SALES }, traceId),
          ).toBe(false);
          const own = await outcome(() => store.traceJson(scope, traceId));
          if (passes) expect(JSON.parse(own as string), at).toEqual(JSON.parse(json));
          else expect(own, at).toEqual(notFound);
          expect(await store.journeySpans(scope, traceId), at).toEqual(passes ? aiSpans : []);
          expect(await store.hasJourney(scope, traceId), at).toBe(passes);
          for (const { spanId } of spans.slice(0, 3)) {
            expect(await store.hasJourney(scope, traceId, spanId), at).toBe(passes);
            const [insights, logs] = await Promise.all([
              outcome(() => store.spanInsights(scope, traceId, spanId)),
              outcome(() => store.spanLogs(scope, traceId, spanId)),
            ]);
            if (passes) {
              const whole = await store.spanInsights(group, traceId, spanId);
              expect((insights as Insight[]).map(comparable)).toEqual(whole.map(comparable));
              // A span's linked call outside the team keeps its lines (a transfer, T1).
              const wholeLogs = await store.spanLogs(group, traceId, spanId);
              const linkedPasses = wholeLogs.callId === null || salesCalls.has(wholeLogs.callId);
              expect(logs).toEqual(linkedPasses ? wholeLogs : { callId: null, data: [] });
            } else {
              expect(insights, at).toEqual(notFound);
              expect(logs, at).toEqual(notFound);
            }
          }
        }
        if (passes) inside++;
        else denied++;
      }
      expect(inside).toBeGreaterThan(5);
      expect(denied).toBeGreaterThan(inside);
      // A call's traced holds: the team's calls' whole, another team's none.
      let holds = 0;
      let refused = 0;
      for (const call of data.calls) {
        const contactId = String(call.contactId);
        const whole = await pg.callTraceHolds(group, contactId);
        const passes = salesCalls.has(contactId);
        for (const store of [pg, ch])
          expect(
            await store.callTraceHolds(scope, contactId),
            `${store.kind} ${contactId}`,
          ).toEqual(passes ? whole : []);
        if (passes) holds += whole.length;
        else refused += whole.length;
      }
      expect(holds).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    });
  },
);
