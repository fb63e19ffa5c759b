import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  CONFIG_CATALOGUE,
  ConfigCatalogueSchema,
  countFieldDefinitions,
  serializeConfigValue,
  storedFieldIndex,
  type ConfigFieldDefinition,
  type ConfigModuleDefinition,
  type Permission,
} from '@callsight/shared';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { configEntries, customers, groups } from '../apps/server/src/db/schema/index.ts';
import { readCatalogue } from '../apps/server/src/services/config/catalogue-view.ts';
import type { Caller } from '../apps/server/src/lib/caller.ts';
import type { Benchmark, BenchContext, BenchResult } from './lib/benchmark.ts';

const targetFields = 200;
const warmupReads = 100;
const measuredReads = 2000;
const httpReads = 500;
const p99LimitMs = 20;

const ROLE_SETS: Permission[][] = [
  ['user:viewer', 'user:user', 'user:admin', 'user:super'],
  ['user:admin', 'user:super'],
  ['user:super'],
];

/** A synthetic field of the kinds the real catalogue holds, with rotating roles. */
function syntheticField(module: string, n: number): ConfigFieldDefinition {
  const key = `BENCH_${module}_${n}`;
  const roles = { readRoles: ROLE_SETS[n % 3] ?? [], writeRoles: ROLE_SETS[(n + 1) % 3] ?? [] };
  switch (n % 5) {
    case 0:
      return {
        key,
        type: 'string',
        control: 'text',
        title: `Text ${n}`,
        default: '',
        rule: { kind: 'url' },
        ...roles,
      };
    case 1:
      return {
        key,
        type: 'string',
        control: 'number',
        title: `Number ${n}`,
        default: '10',
        rule: { kind: 'number', min: 0, max: 100 },
        ...roles,
      };
    case 2:
      return {
        key,
        type: 'boolean',
        control: 'toggle',
        title: `Toggle ${n}`,
        default: true,
        ...roles,
      };
    case 3:
      return { key, type: 'list', control: 'list', title: `List ${n}`, default: [], ...roles };
    default:
      return {
        key,
        type: 'string',
        control: 'select',
        title: `Select ${n}`,
        default: 'a',
        options: ['a', 'b', 'c'].map((v) => ({ value: v, label: v })),
        ...roles,
      };
  }
}

/** The real catalogue with synthetic fields spread over its modules up to `size` definitions. */
function catalogueOf(size: number): ConfigModuleDefinition[] {
  const modules = CONFIG_CATALOGUE.map((m) => ({ ...m, fields: [...m.fields] }));
  let missing = size - countFieldDefinitions(modules);
  for (let n = 0; missing > 0; n++, missing--) {
    const module = modules[n % modules.length];
    module?.fields.push(syntheticField(module.key, n));
  }
  return modules;
}

/** A value different from the default, so that every field is read from a stored row. */
function storedText(field: ConfigFieldDefinition): string {
  switch (field.type) {
    case 'boolean':
      return serializeConfigValue('boolean', field.default !== true);
    case 'list':
      return serializeConfigValue('list', ['alpha', 'beta', 'gamma']);
    case 'array':
    case 'json':
      return serializeConfigValue(field.type, field.default);
    case 'string':
      if (field.options?.length) return field.options.at(-1)?.value ?? '';
      if (field.rule?.kind === 'number') return String(field.rule.min);
      if (field.rule?.kind === 'url') return 'https://bench.example.com/path';
      return 'bench value';
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
}

/**
 * 200 fields read by the service behind GET /api/config/catalogue on embedded PGlite, kept in
 * files as the product keeps it (not in memory).
 */
async function serviceReads(): Promise<{ fields: number; stored: number; samples: number[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'callsight-bench-catalogue-'));
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    const [customer] = await db.insert(customers).values({ name: 'Bench customer' }).returning();
    if (!customer) throw new Error('customer not created');
    const [group] = await db
      .insert(groups)
      .values({ customerId: customer.id, name: 'Bench group' })
      .returning();
    if (!group) throw new Error('group not created');
    const catalogue = catalogueOf(targetFields);
    const stored = [...storedFieldIndex(catalogue).values()].map(({ field }) => ({
      groupId: group.id,
      key: field.key,
      value: storedText(field),
    }));
    await db.insert(configEntries).values(stored);

    // A super user sees every module and field: the largest answer.
    const caller: Caller = {
      userId: crypto.randomUUID(),
      sessionId: crypto.randomUUID(),
      email: 'bench@callsight.local',
      name: 'Bench',
      isSuper: true,
      groupId: group.id,
      permissions: ['user:super'],
    };
    const readOnce = async () => {
      const view = await readCatalogue(db, caller, { catalogue });
      // What the route's serializer does with the answer.
      return JSON.stringify(ConfigCatalogueSchema.encode(view)).length;
    };
    for (let i = 0; i < warmupReads; i++) await readOnce();
    const samples: number[] = [];
    for (let i = 0; i < measuredReads; i++) {
      const start = performance.now();
      await readOnce();
      samples.push(performance.now() - start);
    }
    return { fields: countFieldDefinitions(catalogue), stored: stored.length, samples };
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The real catalogue through HTTP on the bench server, as the signed-in demo admin. Reported,
 * not judged: it adds the sign-in checks every route makes and the HTTP stack.
 */
async function httpReadsOf(baseUrl: string): Promise<number[]> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.callsight.local', password: 'Callsight-demo-1' }),
  });
  if (login.status !== 200) throw new Error(`demo admin sign-in answered ${login.status}`);
  const session = (await login.json()) as { accessToken: string; claims: { groupId: string } };
  const headers = {
    authorization: `Bearer ${session.accessToken}`,
    'x-group-id': session.claims.groupId,
  };
  const samples: number[] = [];
  for (let i = 0; i < warmupReads + httpReads; i++) {
    const start = performance.now();
    const res = await fetch(`${baseUrl}/api/config/catalogue`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/config/catalogue answered ${res.status}`);
    if (i >= warmupReads) samples.push(performance.now() - start);
  }
  return samples;
}

async function run({ baseUrl }: BenchContext): Promise<BenchResult> {
  const service = await serviceReads();
  const s = summarize(service.samples);
  const h = summarize(await httpReadsOf(baseUrl));
  const failures: string[] = [];
  if (service.fields < targetFields)
    failures.push(`catalogue has ${service.fields} fields, wanted ${targetFields}`);
  if (s.p99 >= p99LimitMs)
    failures.push(`200-field catalogue read p99 ${s.p99.toFixed(2)} ms >= ${p99LimitMs} ms`);
  return {
    figures: [
      {
        label: 'catalogue fields (stored entries)',
        value: `${service.fields} (${service.stored})`,
      },
      { label: 'reads (PGlite, in process)', value: measuredReads },
      { label: 'read p50', value: s.p50, unit: 'ms' },
      { label: 'read p99', value: s.p99, unit: 'ms' },
      { label: 'read max', value: s.max, unit: 'ms' },
      {
        label: `HTTP GET /api/config/catalogue, ${countFieldDefinitions()} fields, p50`,
        value: h.p50,
        unit: 'ms',
      },
      { label: 'HTTP GET /api/config/catalogue p99 (reported)', value: h.p99, unit: 'ms' },
    ],
    failures,
  };
}

export const configCatalogue: Benchmark = {
  name: 'config-catalogue',
  description: `read a ${targetFields}-field config catalogue for a group (values stored for every field) ${measuredReads} times on PGlite (service and serializer); fails if p99 >= ${p99LimitMs} ms; the real catalogue over HTTP is reported`,
  run,
};
