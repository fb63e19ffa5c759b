import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canvasDashboardId,
  zonedDayNumber,
  zonedDayStart,
  type ChartData,
  type GuestToken,
  type IngestCallInput,
  type IngestLogInput,
} from '@callsight/shared';
import type { ClickHouseClient } from '../../src/db/clickhouse/client.ts';
import { TIMESTAMP_COLUMN } from '../../src/services/canvas/compile-chart.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import { createTenant, ingest } from '../factories.ts';
import { openContractClickHouse, type ContractClickHouse } from '../support/contract-clickhouse.ts';

/**
 * Issue 34: a dashboard's charts through the embed's chart-data route, on both telemetry stores.
 * Time series get buckets that fit the window (minutes over 15 minutes, the viewer's days over a
 * month, 23 and 25 hours across DST); the Logs and Errors charts read one window's log lines and
 * agree; an average over nothing is no data; histogram bins have round edges.
 */

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A minute boundary safely in the past: the windows end here. */
const NOW = Math.floor(Date.now() / MIN) * MIN - 2 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

type Fields = { error: { message: string; fields?: Record<string, string> } };

/** The file's one ClickHouse session, handed to the store without its close (disposed last). */
const kept = (client: ClickHouseClient): ClickHouseClient => ({ ...client, close: async () => {} });

const call = (
  contactId: string,
  agent: string,
  startMs: number,
  endMs: number,
): IngestCallInput => ({
  contactId,
  agent,
  direction: 'INBOUND',
  startTime: startMs,
  endTime: endMs,
});

const line = (
  contactId: string,
  agent: string,
  timeMs: number,
  level: 'INFO' | 'ERROR',
  text: string,
): IngestLogInput => ({ time: timeMs, level, agent, contactId, text });

/** The last day before `beforeMs` whose local length is not 24 hours in a time zone (DST). */
function lastDstDay(timeZone: string, beforeMs: number): number {
  for (let day = zonedDayNumber(beforeMs, timeZone) - 1; ; day--) {
    if (zonedDayStart(day + 1, timeZone) - zonedDayStart(day, timeZone) !== DAY) return day;
  }
}

describe.each(['postgres', 'clickhouse'] as const)(
  'canvas chart windows on the %s store',
  (store) => {
    let clickhouse: ContractClickHouse | undefined;
    let s: TestServer;

    beforeAll(async () => {
      if (store === 'clickhouse') {
        clickhouse = await openContractClickHouse();
        s = await startTestServer({}, { clickHouse: kept(clickhouse.client) });
      } else {
        s = await startTestServer();
      }
    }, 180_000);

    afterAll(async () => {
      await s?.close();
      await clickhouse?.dispose();
    });

    /** A group with an API key, and a chart reader of one of its standard dashboards. */
    async function tenant() {
      const t = await createTenant(s);
      const tokens = new Map<string, string>();
      const tokenOf = async (dashboardId: string) => {
        const known = tokens.get(dashboardId);
        if (known) return known;
        const res = await s.app.inject({
          method: 'POST',
          url: `/api/dataRoles/default/token/${encodeURIComponent(dashboardId)}`,
          headers: t.adminHeaders,
        });
        expect(res.statusCode, res.body).toBe(200);
        const token = res.json<GuestToken>().token;
        tokens.set(dashboardId, token);
        return token;
      };
      const post = async (key: string, chartId: string, body: Record<string, unknown>) => {
        const dashboardId = canvasDashboardId(key, t.group.id) ?? key;
        return s.app.inject({
          method: 'POST',
          url: `/api/embed/dashboards/${encodeURIComponent(dashboardId)}/charts/${chartId}/data`,
          headers: { authorization: `Bearer ${await tokenOf(dashboardId)}` },
          payload: body,
        });
      };
      const chart = async (key: string, chartId: string, body: Record<string, unknown>) => {
        const res = await post(key, chartId, body);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<ChartData>();
      };
      return { ...t, post, chart };
    }

    const total = (data: ChartData, column: string) => {
      const at = data.columns.findIndex((c) => c.name === column);
      expect(at, `${data.chartId} has ${column}`).toBeGreaterThanOrEqual(0);
      return data.rows.reduce((sum, row) => sum + Number(row[at] ?? 0), 0);
    };

    it("reads one window's error lines in every Logs and Errors chart, and they agree", async () => {
      const t = await tenant();
      await ingest(s.app, t.key, 'calls', [
        // Started before the window; two of its three errors fall inside it.
        call('ann-1', 'ann.errors', NOW - 25 * MIN, NOW - 2 * MIN),
        call('bob-1', 'bob.quiet', NOW - 12 * MIN, NOW - 9 * MIN),
        call('cat-1', 'cat.errors', NOW - 8 * MIN, NOW - 3 * MIN),
        // An hour earlier, a call that logged no error.
        call('dan-1', 'dan.quiet', NOW - 60 * MIN, NOW - 55 * MIN),
      ]);
      await ingest(s.app, t.key, 'logs', [
        line('ann-1', 'ann.errors', NOW - 24 * MIN, 'ERROR', 'ICE failed after 1 attempts'),
        line('ann-1', 'ann.errors', NOW - 10 * MIN, 'ERROR', 'ICE failed after 22 attempts'),
        line('ann-1', 'ann.errors', NOW - 5 * MIN, 'ERROR', 'Media timeout 7 s'),
        line('bob-1', 'bob.quiet', NOW - 11 * MIN, 'INFO', 'Call connected'),
        line('cat-1', 'cat.errors', NOW - 7 * MIN, 'ERROR', 'ICE failed after 3 attempts'),
        line('dan-1', 'dan.quiet', NOW - 59 * MIN, 'INFO', 'Call connected'),
      ]);
      const last15 = { from: iso(NOW - 15 * MIN), to: iso(NOW) };
      const overTime = await t.chart('logserrors', 'error-logs', last15);
      const byAgent = await t.chart('logserrors', 'error-logs-by-agent', last15);
      const top = await t.chart('logserrors', 'top-errors', last15);
      // Three error lines in the window: ann's two and cat's one.
      expect(total(overTime, 'Error logs')).toBe(3);
      expect(byAgent.rows).toEqual([
        ['ann.errors', 2],
        ['cat.errors', 1],
      ]);
      expect(total(top, 'Lines')).toBe(3);
      expect(top.rows.map((r) => r[0])).toEqual([
        'ICE failed after n attempts',
        'Media timeout n s',
      ]);
      // Over 15 minutes, a bucket a minute, each inside the window.
      expect(overTime.intervalMs).toBe(MIN);
      for (const row of overTime.rows) {
        expect(Number(row[0]) % MIN).toBe(0);
        expect(Number(row[0])).toBeGreaterThanOrEqual(NOW - 15 * MIN);
        expect(Number(row[0])).toBeLessThan(NOW);
      }

      // A window of calls that logged no error: no chart counts a zero it never measured.
      const quiet = { from: iso(NOW - 70 * MIN), to: iso(NOW - 40 * MIN) };
      for (const id of ['error-logs', 'error-logs-by-agent', 'top-errors'])
        expect((await t.chart('logserrors', id, quiet)).rows, id).toEqual([]);
    });

    it('buckets a day-grain chart by the minute over the last 15 minutes', async () => {
      const t = await tenant();
      await ingest(s.app, t.key, 'calls', [
        call('m-1', 'ann', NOW - 12 * MIN + 5_000, NOW - 11 * MIN),
        call('m-2', 'bob', NOW - 12 * MIN + 40_000, NOW - 11 * MIN),
        call('m-3', 'cat', NOW - 3 * MIN + 1_000, NOW - 2 * MIN),
        call('m-4', 'dan', NOW - 20 * MIN, NOW - 19 * MIN),
      ]);
      const data = await t.chart('default', 'calls-over-time', {
        from: iso(NOW - 15 * MIN),
        to: iso(NOW),
      });
      expect(data.columns.map((c) => c.name)).toEqual([TIMESTAMP_COLUMN, 'Calls']);
      expect(data.intervalMs).toBe(MIN);
      expect(data.rows).toEqual([
        [NOW - 12 * MIN, 2],
        [NOW - 3 * MIN, 1],
      ]);
      // A wider chart of the same window: still minutes (the finest grain).
      const wide = await t.chart('default', 'calls-over-time', {
        from: iso(NOW - 15 * MIN),
        to: iso(NOW),
        maxDataPoints: 2000,
      });
      expect(wide.rows).toEqual(data.rows);
      // A narrow one: 5 minutes.
      const narrow = await t.chart('default', 'calls-over-time', {
        from: iso(NOW - 15 * MIN),
        to: iso(NOW),
        maxDataPoints: 3,
      });
      expect(narrow.intervalMs).toBe(5 * MIN);
      expect(narrow.rows.reduce((n, r) => n + Number(r[1]), 0)).toBe(3);
    });

    it("buckets 30 days by the viewer's days", async () => {
      const t = await tenant();
      const timeZone = 'Asia/Kolkata';
      const starts = [29.5, 20.2, 20.3, 7.9, 0.4].map((d) => NOW - Math.round(d * DAY));
      await ingest(
        s.app,
        t.key,
        'calls',
        starts.map((ms, i) => call(`d-${i}`, 'ann', ms, ms + MIN)),
      );
      const data = await t.chart('default', 'calls-over-time', {
        from: iso(NOW - 30 * DAY),
        to: iso(NOW),
        maxDataPoints: 30,
        timeZone,
      });
      expect(data.intervalMs).toBe(DAY);
      const counts = new Map<number, number>();
      for (const ms of starts) {
        const midnight = zonedDayStart(zonedDayNumber(ms, timeZone), timeZone);
        counts.set(midnight, (counts.get(midnight) ?? 0) + 1);
      }
      expect(data.rows).toEqual([...counts].sort((a, b) => a[0] - b[0]));
      // Kolkata's midnights are 18:30 UTC.
      for (const row of data.rows) expect(iso(Number(row[0])).slice(11, 16)).toBe('18:30');
      // In UTC by default: UTC midnights.
      const utc = await t.chart('default', 'calls-over-time', {
        from: iso(NOW - 30 * DAY),
        to: iso(NOW),
        maxDataPoints: 30,
      });
      for (const row of utc.rows) expect(Number(row[0]) % DAY).toBe(0);
    });

    it('starts day buckets at local midnights across a DST change (23 or 25 hours)', async () => {
      const t = await tenant();
      const timeZone = 'America/New_York';
      const change = lastDstDay(timeZone, NOW - 5 * DAY);
      const days = [-3, -2, -1, 0, 1, 2, 3].map((d) => change + d);
      // A call at each local noon.
      await ingest(
        s.app,
        t.key,
        'calls',
        days.map((day, i) => {
          const noon = zonedDayStart(day, timeZone) + 12 * HOUR;
          return call(`dst-${i}`, 'ann', noon, noon + MIN);
        }),
      );
      const from = zonedDayStart(days[0] ?? 0, timeZone);
      const to = zonedDayStart((days.at(-1) ?? 0) + 1, timeZone);
      const data = await t.chart('default', 'calls-over-time', {
        from: iso(from),
        to: iso(to),
        // A week and an hour (or less one): 8 points make days.
        maxDataPoints: 8,
        timeZone,
      });
      expect(data.intervalMs).toBe(DAY);
      expect(data.rows).toEqual(days.map((day) => [zonedDayStart(day, timeZone), 1]));
      const lengths = data.rows.slice(1).map((r, i) => Number(r[0]) - Number(data.rows[i]?.[0]));
      expect(lengths.filter((ms) => ms !== DAY)).toHaveLength(1);
    });

    it('answers no data for an average over no calls, and 0 calls', async () => {
      const t = await tenant();
      await ingest(s.app, t.key, 'calls', [
        call('a-1', 'ann', NOW - 3 * HOUR, NOW - 3 * HOUR + MIN),
      ]);
      const empty = { from: iso(NOW - HOUR), to: iso(NOW) };
      for (const id of ['mos', 'score'])
        expect((await t.chart('default', id, empty)).rows, id).toEqual([]);
      expect((await t.chart('default', 'mos-over-time', empty)).rows).toEqual([]);
      expect((await t.chart('default', 'calls', empty)).rows).toEqual([[0]]);
    });

    it('bins a histogram with round edges in the unit', async () => {
      const t = await tenant();
      const durations = [10, 31, 47, 95, 180, 435];
      await ingest(
        s.app,
        t.key,
        'calls',
        durations.map((sec, i) =>
          call(`h-${i}`, 'ann', NOW - HOUR + i * MIN, NOW - HOUR + i * MIN + sec * 1000),
        ),
      );
      const data = await t.chart('agentinteractions', 'duration-histogram', {
        from: iso(NOW - 2 * HOUR),
        to: iso(NOW),
      });
      // 10 to 435 s in at most 20 bins: 25 s wide from 0, the last closed at 450.
      expect(data.rows).toEqual([
        [0, 25, 1],
        [25, 50, 2],
        [75, 100, 1],
        [175, 200, 1],
        [425, 450, 1],
      ]);
    });

    it('refuses a bad time zone or number of points, naming the field', async () => {
      const t = await tenant();
      const window = { from: iso(NOW - HOUR), to: iso(NOW) };
      const refused = async (extra: Record<string, unknown>) => {
        const res = await t.post('default', 'calls-over-time', { ...window, ...extra });
        expect(res.statusCode, res.body).toBe(400);
        return res.json<Fields>().error.fields;
      };
      expect(await refused({ timeZone: 'Mars/Olympus_Mons' })).toEqual({
        timeZone: 'timeZone must be an IANA time zone such as Europe/London',
      });
      expect(await refused({ maxDataPoints: 1 })).toEqual({
        maxDataPoints: 'maxDataPoints must be at least 2',
      });
      expect(await refused({ maxDataPoints: 2001 })).toEqual({
        maxDataPoints: 'maxDataPoints must be at most 2000',
      });
      expect(await refused({ maxDataPoints: 12.5 })).toEqual({
        maxDataPoints: 'maxDataPoints must be a whole number',
      });
    });
  },
);
