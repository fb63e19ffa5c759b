import { describe, expect, it } from 'vitest';
import { readMigrations } from './migrate.ts';
import { renderMigration } from './render-migration.ts';
import { retentionDaysOf } from './retention.ts';

const withoutComments = (statement: string) => statement.replace(/^\s*--.*$/gm, '');
const ONE_SERVER = { database: 'callsight', retentionDays: 395 };
const CLUSTER = { database: 'callsight', cluster: 'main', retentionDays: 30 };

describe('ClickHouse migrations: one server or a cluster from the same files', () => {
  it('renders plain MergeTree tables on one server, without the Distributed statements', async () => {
    for (const file of await readMigrations()) {
      const statements = renderMigration(file.text, ONE_SERVER);
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements.map(withoutComments)) {
        expect(statement).not.toMatch(/ON CLUSTER|_local\b|Replicated|Distributed|\{[a-z_]+\}/);
        expect(statement).toMatch(/IF NOT EXISTS/);
      }
    }
  });

  it('renders replicated local tables ON CLUSTER with a Distributed table over each', async () => {
    const files = await readMigrations();
    const all = files.flatMap((file) => renderMigration(file.text, CLUSTER));
    for (const table of ['call_seconds', 'call_summaries', 'softphone_logs', 'call_aggregates']) {
      const local = all.find((s) =>
        s.includes(`CREATE TABLE IF NOT EXISTS ${table}_local ON CLUSTER main`),
      );
      expect(local, table).toMatch(/ENGINE = Replicated\w*MergeTree/);
      expect(local).toMatch(/toIntervalDay\(30\)/);
      const distributed = all.find((s) =>
        s.includes(`CREATE TABLE IF NOT EXISTS ${table} ON CLUSTER main AS ${table}_local`),
      );
      expect(distributed, table).toMatch(
        new RegExp(
          `ENGINE = Distributed\\(main, callsight, ${table}_local, cityHash64\\(group_id, `,
        ),
      );
    }
    const view = all.find((s) => s.includes('MATERIALIZED VIEW'));
    expect(view).toMatch(/call_aggregates_mv_local ON CLUSTER main\s+TO call_aggregates_local/);
    expect(view).toMatch(/FROM call_seconds_local/);
  });

  it('refuses an unknown placeholder', () => {
    expect(() =>
      renderMigration('CREATE TABLE {tabel} (x UInt8) ENGINE = Memory;', ONE_SERVER),
    ).toThrow(/unknown placeholder \{tabel\}/);
  });

  it('reads the retention of a table from its engine', () => {
    expect(
      retentionDaysOf(
        'MergeTree PARTITION BY toYYYYMM(t) ORDER BY (group_id, contact_id, t) TTL toDateTime(t) + toIntervalDay(395) SETTINGS index_granularity = 8192',
      ),
    ).toBe(395);
    expect(retentionDaysOf('MergeTree ORDER BY x')).toBeNull();
  });
});
