import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COVERAGE_CSV_HEADERS, parseCsvRows, type CoverageSummary } from '@callsight/shared';
import { journeyTraces } from '../src/db/schema/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createTenant, ingest } from './factories.ts';

/**
 * Extension coverage through the API (spec 000 §9, issue 33): low coverage means 20 percent or
 * more of an agent's calls seen in cloud data (contact records) with no agent collector data
 * (no call the collector reported under the contact's id, in the same group). Every set counts
 * agents.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const NOW = Date.now();
const MIN = 60_000;

async function get(url: string, headers: Record<string, string>) {
  const res = await s.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.body, json: <T>() => res.json<T>(), res };
}

describe('extension coverage', () => {
  it('counts agents; low coverage is 20 percent or more of cloud calls without collector data', async () => {
    const t = await createTenant(s);
    const other = await createTenant(s);
    const tag = t.group.id.slice(0, 8);
    // Cloud calls per agent and how many of them the collector reported: amy 1 of 5 missing
    // (exactly 20 %), ben 1 of 6 (17 %), cal none reported (one without any contact id), eve's
    // one contact reported only in another group; dee has collector calls and no cloud calls.
    const plan: [agent: string, cloud: number, reported: number][] = [
      ['amy', 5, 4],
      ['ben', 6, 5],
      ['cal', 2, 0],
      ['eve', 1, 0],
    ];
    const journeys: (typeof journeyTraces.$inferInsert)[] = [];
    const calls: { contactId: string; agent: string; startTime: number; endTime: number }[] = [];
    let n = 0;
    for (const [agent, cloud, reported] of plan) {
      for (let i = 0; i < cloud; i++) {
        const start = NOW - 3 * 3_600_000 + n++ * MIN;
        const contactId = `cov-${tag}-${agent}-${i}`;
        journeys.push({
          groupId: t.group.id,
          traceId: `trace-${tag}-${agent}-${i}`,
          startTime: new Date(start),
          endTime: new Date(start + 90_000),
          durationMs: 90_000,
          spanCount: 1,
          serviceName: 'connect',
          rootSpanName: 'cx.journey',
          softphoneContactId: agent === 'cal' && i === 1 ? null : contactId,
          agentUsername: agent,
        });
        if (i < reported)
          calls.push({ contactId, agent, startTime: start, endTime: start + 90_000 });
      }
    }
    for (let i = 0; i < 2; i++) {
      const start = NOW - 3 * 3_600_000 + n++ * MIN;
      calls.push({
        contactId: `cov-${tag}-dee-${i}`,
        agent: 'dee',
        startTime: start,
        endTime: start + 90_000,
      });
    }
    await ingest(s.app, t.key, 'calls', calls);
    await ingest(s.app, other.key, 'calls', [
      {
        contactId: `cov-${tag}-eve-0`,
        agent: 'eve',
        startTime: NOW - 3_600_000,
        endTime: NOW - 3_600_000 + 90_000,
      },
    ]);
    await s.database.db.insert(journeyTraces).values(journeys);

    const summary = await get('/api/coverage?range=now-1d', t.adminHeaders);
    expect(summary.status, summary.body).toBe(200);
    const sets = summary.json<CoverageSummary>().sets;
    expect(Object.fromEntries(sets.map((x) => [x.set, x.count]))).toEqual({
      All: 5,
      NoExtension: 2,
      LowCoverage: 3,
    });
    expect(sets.find((x) => x.set === 'LowCoverage')?.description).toBe(
      'Agents with 20 percent or more of their calls seen in cloud data with no agent collector data',
    );

    const csv = async (set: string) => {
      const res = await get(`/api/coverage/${set}/download?range=now-1d`, t.adminHeaders);
      expect(res.status, res.body).toBe(200);
      const parsed = parseCsvRows(res.body);
      expect(res.res.headers['recordcount']).toBe(String(parsed.rows.length));
      return parsed;
    };
    // One row per agent in every set, each column one measure of one thing.
    const all = await csv('All');
    expect(all.headers).toEqual([...COVERAGE_CSV_HEADERS.All]);
    expect(
      all.rows.map((r) => [
        r.Agent,
        r.CloudCalls,
        r.CloudCallsWithoutCollectorData,
        r.WithoutCollectorDataPercent,
        r.CollectorCalls,
      ]),
    ).toEqual([
      ['amy', '5', '1', '20', '4'],
      ['ben', '6', '1', '16.7', '5'],
      ['cal', '2', '2', '100', '0'],
      ['dee', '0', '0', '', '2'],
      ['eve', '1', '1', '100', '0'],
    ]);
    expect(all.rows.find((r) => r.Agent === 'dee')?.LastCloudCall).toBe('');
    expect(all.rows.find((r) => r.Agent === 'eve')?.LastCloudCall).toBe(
      journeys.at(-1)?.startTime?.toISOString(),
    );
    expect((await csv('NoExtension')).rows.map((r) => r.Agent)).toEqual(['cal', 'eve']);
    const low = await csv('LowCoverage');
    expect(low.headers).toEqual([...COVERAGE_CSV_HEADERS.LowCoverage]);
    expect(low.rows.map((r) => r.Agent)).toEqual(['amy', 'cal', 'eve']);
  });
});
