import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const folder = path.resolve(import.meta.dirname, '../src/db/migrations');
const statementsOf = (tag: string) =>
  fs
    .readFileSync(path.join(folder, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
const tags = (
  JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((e) => e.tag);

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.waitReady;
});
afterAll(async () => db.close());

describe('migration 0008_sample_chunks', () => {
  it('moves the stored seconds of each call into one chunk, in time order, and drops the old table', async () => {
    const chunking = tags.indexOf('0008_sample_chunks');
    for (const tag of tags.slice(0, chunking))
      for (const statement of statementsOf(tag)) await db.exec(statement);
    const group = '00000000-0000-4000-8000-000000000001';
    // Two calls, their seconds inserted out of order; one second has no inbound measures.
    await db.query(
      `insert into call_samples (group_id, contact_id, ts, in_mos, in_packets, rtt_ms, agent_status, mos_computed)
       values ($1, 'a', '2026-01-01T10:00:02.500Z', 4.1, 50, 40.5, 3, 0),
              ($1, 'a', '2026-01-01T10:00:00Z', 4.3, 50, 41, 3, 1),
              ($1, 'a', '2026-01-01T10:00:01Z', null, null, 42, 1, 0),
              ($1, 'b', '2026-01-01T11:00:00Z', 3.2, 48, 300, 2, 0)`,
      [group],
    );
    for (const statement of statementsOf('0008_sample_chunks')) await db.exec(statement);

    const { rows } = await db.query<Record<string, unknown>>(
      `select contact_id, start_ts, end_ts, seconds, offsets_ms, in_mos, in_packets, rtt_ms,
         agent_status, mos_computed
       from call_sample_chunks order by contact_id`,
    );
    expect(rows).toEqual([
      {
        contact_id: 'a',
        start_ts: new Date('2026-01-01T10:00:00Z'),
        end_ts: new Date('2026-01-01T10:00:02.500Z'),
        seconds: 3,
        offsets_ms: [0, 1000, 2500],
        in_mos: [expect.closeTo(4.3, 5), null, expect.closeTo(4.1, 5)],
        in_packets: [50, null, 50],
        rtt_ms: [41, 42, 40.5],
        agent_status: [3, 1, 3],
        mos_computed: [1, 0, 0],
      },
      {
        contact_id: 'b',
        start_ts: new Date('2026-01-01T11:00:00Z'),
        end_ts: new Date('2026-01-01T11:00:00Z'),
        seconds: 1,
        offsets_ms: [0],
        in_mos: [expect.closeTo(3.2, 5)],
        in_packets: [48],
        rtt_ms: [300],
        agent_status: [2],
        mos_computed: [0],
      },
    ]);
    const old = await db.query(`select to_regclass('call_samples') as t`);
    expect(old.rows).toEqual([{ t: null }]);
  });
});

describe('migration 0020_synthetic_calls', () => {
  it("marks the calls stored before it that are a synthetic job's call, and only those", async () => {
    const fresh = new PGlite();
    try {
      await fresh.waitReady;
      const marking = tags.indexOf('0020_synthetic_calls');
      for (const tag of tags.slice(0, marking))
        for (const statement of statementsOf(tag)) await fresh.exec(statement);
      const customer = '00000000-0000-4000-8000-0000000000c1';
      const [group, other] = [
        '00000000-0000-4000-8000-000000000001',
        '00000000-0000-4000-8000-000000000002',
      ];
      await fresh.query(`insert into customers (id, name) values ($1, 'c')`, [customer]);
      await fresh.query(
        `insert into groups (id, customer_id, name) values ($1, $3, 'g'), ($2, $3, 'h')`,
        [group, other, customer],
      );
      // A monitor's job whose call reached call_summaries; the same contact id in another group
      // and an agent's call are not that job's call.
      await fresh.query(
        `insert into synthetic_jobs (group_id, kind, slot_at, connect_region, agent_region, call_contact_id)
         values ($1, 'monitor', now(), 'Mumbai', 'Mumbai', 'monitor-call')`,
        [group],
      );
      await fresh.query(
        `insert into call_summaries (group_id, contact_id, agent, start_time)
         values ($1, 'monitor-call', 'monitor-agent-mumbai', now()),
                ($1, 'agent-call', 'alice', now()),
                ($2, 'monitor-call', 'bob', now())`,
        [group, other],
      );
      for (const statement of statementsOf('0020_synthetic_calls')) await fresh.exec(statement);
      const { rows } = await fresh.query<{ g: string; contact_id: string; synthetic: boolean }>(
        `select right(group_id::text, 1) as g, contact_id, synthetic from call_summaries
         order by group_id, contact_id`,
      );
      expect(rows).toEqual([
        { g: '1', contact_id: 'agent-call', synthetic: false },
        { g: '1', contact_id: 'monitor-call', synthetic: true },
        { g: '2', contact_id: 'monitor-call', synthetic: false },
      ]);
    } finally {
      await fresh.close();
    }
  });
});
