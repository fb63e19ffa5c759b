import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestCallInput } from '@callsight/shared';
import type { ClickHouseClient } from '../src/db/clickhouse/client.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { createTenant, ingest } from './factories.ts';
import { openContractClickHouse, type ContractClickHouse } from './support/contract-clickhouse.ts';

/**
 * Issue 33 §1: a team condition's Value field offers the values that exist for its type, from
 * GET /api/dataRoles/values (admins): the group's Agent Group n levels, its CTR attribute names,
 * or one attribute's values, of its calls of the last 90 days; the same lists on both stores.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Math.floor((Date.now() - 2 * HOUR) / 60_000) * 60_000;

function call(
  contactId: string,
  startTime: number,
  agentGroups: (string | null)[],
  ctrAttributes: Record<string, string> | null,
): IngestCallInput {
  return {
    contactId,
    agent: `agent-${contactId}`,
    direction: 'INBOUND',
    startTime,
    endTime: startTime + 60_000,
    agentGroups,
    ...(ctrAttributes ? { ctrAttributes } : {}),
  };
}

/** The group's calls: repeated, unsorted and empty values. */
const CALLS: IngestCallInput[] = [
  call('fv-1', T0, ['Sydney', 'Tier 2'], { queue: 'VIP', language: 'en' }),
  call('fv-2', T0 + 60_000, ['Manila', 'Tier 1'], { queue: 'Billing', note: '' }),
  call('fv-3', T0 + 120_000, ['Manila', 'Tier 2', 'Night'], { queue: 'VIP' }),
  call('fv-4', T0 + 180_000, ['Auckland'], null),
  call('fv-5', T0 + 240_000, [], { Region: 'APAC' }),
];
/** Level 4 holds more values than are offered: the first 200 in order. */
const MANY = Array.from({ length: 205 }, (_, i) =>
  call(
    `fv-many-${i}`,
    T0 + 300_000 + i * 1000,
    [null, null, null, `L${String(204 - i).padStart(3, '0')}`],
    null,
  ),
);
/** Within the retention but outside the 90 days: none of its values is offered. */
const OLD = call('fv-old', T0 - 100 * DAY, ['Ancient'], { legacy: 'yes', queue: 'Old' });
/** Another group's call: none of its values is offered either. */
const OTHER = call('fv-other', T0, ['Elsewhere'], { secret: 'other' });

const EXPECTED: Record<string, string[]> = {
  'type=group1': ['Auckland', 'Manila', 'Sydney'],
  'type=group2': ['Tier 1', 'Tier 2'],
  'type=group3': ['Night'],
  'type=group4': Array.from({ length: 200 }, (_, i) => `L${String(i).padStart(3, '0')}`),
  'type=group5': [],
  'type=attributes': ['Region', 'language', 'note', 'queue'],
  'type=attributes&field=': ['Region', 'language', 'note', 'queue'],
  'type=attributes&field=queue': ['Billing', 'VIP'],
  'type=attributes&field=%20queue%20': ['Billing', 'VIP'],
  'type=attributes&field=note': [],
  'type=attributes&field=missing': [],
};

/** The file's one ClickHouse session, handed to the store without its close (disposed last). */
const kept = (client: ClickHouseClient): ClickHouseClient => ({ ...client, close: async () => {} });

type Tenant = Awaited<ReturnType<typeof createTenant>>;

interface Side {
  s: TestServer;
  tenant: Tenant;
}

let clickhouse: ContractClickHouse;
const sides: Partial<Record<'postgres' | 'clickhouse', Side>> = {};
const sideOf = (store: 'postgres' | 'clickhouse'): Side => {
  const side = sides[store];
  if (!side) throw new Error(`no ${store} server`);
  return side;
};

async function open(store: 'postgres' | 'clickhouse'): Promise<Side> {
  const s =
    store === 'clickhouse'
      ? await startTestServer({}, { clickHouse: kept(clickhouse.client) })
      : await startTestServer();
  const tenant = await createTenant(s);
  const other = await createTenant(s);
  await ingest(s.app, tenant.key, 'calls', [...CALLS, ...MANY]);
  await ingest(s.app, other.key, 'calls', [OTHER]);
  await ingest(s.app, tenant.key, 'calls', [OLD]);
  return { s, tenant };
}

beforeAll(async () => {
  clickhouse = await openContractClickHouse();
  sides.postgres = await open('postgres');
  sides.clickhouse = await open('clickhouse');
}, 180_000);

afterAll(async () => {
  await sides.clickhouse?.s.close();
  await sides.postgres?.s.close();
  await clickhouse?.dispose();
});

async function values(side: Side, query: string, headers = side.tenant.adminHeaders) {
  return side.s.app.inject({ method: 'GET', url: `/api/dataRoles/values?${query}`, headers });
}

describe.each(['postgres', 'clickhouse'] as const)('GET /api/dataRoles/values on %s', (store) => {
  it('offers the distinct non-empty values of the last 90 days, sorted', async () => {
    const side = sideOf(store);
    for (const [query, expected] of Object.entries(EXPECTED)) {
      const res = await values(side, query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      expect(res.json<string[]>(), query).toEqual(expected);
    }
  });

  it('refuses a viewer (403) and an unknown type (400)', async () => {
    const side = sideOf(store);
    const viewer = await values(side, 'type=group1', side.tenant.viewerHeaders);
    expect(viewer.statusCode, viewer.body).toBe(403);
    const bad = await values(side, 'type=agent');
    expect(bad.statusCode, bad.body).toBe(400);
    const long = await values(side, `type=attributes&field=${'x'.repeat(201)}`);
    expect(long.statusCode, long.body).toBe(400);
  });
});

it('answers the same non-empty lists on both stores', async () => {
  const pg = sideOf('postgres');
  const ch = sideOf('clickhouse');
  for (const query of Object.keys(EXPECTED)) {
    const [a, b] = await Promise.all([values(pg, query), values(ch, query)]);
    expect(b.json<string[]>(), query).toEqual(a.json<string[]>());
  }
  expect((await values(pg, 'type=group1')).json<string[]>().length).toBeGreaterThan(0);
});
