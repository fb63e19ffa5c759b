import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { getTableName, isTable } from 'drizzle-orm';
import * as schema from '../../src/db/schema/index.ts';
import { groupScoped } from '../../../../eslint/group-scoped.js';
import { startTestServer, type TestServer } from '../harness.ts';

const registry = JSON.parse(
  fs.readFileSync(new URL('../../src/db/tenant-tables.json', import.meta.url), 'utf8'),
) as { tables: Record<string, string> };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('tenant tables', () => {
  it('every table with a group column is registered for group scoping, under its Drizzle name', async () => {
    const result = await s.database.db.execute(sql`
      select table_name from information_schema.columns
      where column_name = 'group_id' and table_schema = current_schema()
      order by table_name`);
    const withGroup = (result.rows as { table_name: string }[]).map((r) => r.table_name);
    expect(Object.keys(registry.tables).sort()).toEqual(withGroup);
    const drizzleNames = new Map<string, string>();
    for (const [name, value] of Object.entries(schema))
      if (isTable(value)) drizzleNames.set(getTableName(value), name);
    for (const [sqlName, name] of Object.entries(registry.tables))
      expect(drizzleNames.get(sqlName), sqlName).toBe(name);
  });
});

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

describe('lint rule callsight/group-scoped', () => {
  tester.run('group-scoped', groupScoped, {
    valid: [
      `import { networkLabels } from './schema';
       db.select().from(networkLabels).where(scope.owns(networkLabels, eq(networkLabels.id, id)));`,
      `import { networkLabels as n } from './schema';
       const where = scope.owns(n);
       db.select().from(n).where(where).orderBy(n.position);`,
      `import { networkLabels } from './schema';
       tx.insert(networkLabels).values(scope.rows(networkLabels, rows));`,
      `import { networkLabels } from './schema';
       tx.update(networkLabels).set({ label: 'x' }).where(scope.owns(networkLabels));`,
      `import { auditLog } from './schema';
       db.select().from(auditLog).where(acrossGroups.where(eq(auditLog.id, id)));`,
      `import { groups } from './schema';
       db.select().from(groups).where(eq(groups.id, id));`,
    ],
    invalid: [
      {
        code: `import { networkLabels } from './schema';
               db.select().from(networkLabels).where(eq(networkLabels.groupId, groupId));`,
        errors: [{ messageId: 'unscoped' }],
      },
      {
        code: `import { networkLabels as n } from './schema';
               const t = n;
               db.delete(t);`,
        errors: [{ messageId: 'unscoped' }],
      },
      {
        code: `import { networkLabels } from './schema';
               tx.insert(networkLabels).values(rows);`,
        errors: [{ messageId: 'unscoped' }],
      },
      {
        code: `import { callSummaries, groups } from './schema';
               db.select().from(groups).innerJoin(callSummaries, eq(callSummaries.groupId, groups.id));`,
        errors: [{ messageId: 'unscoped' }],
      },
      {
        code: 'db.execute(sql`select * from call_summaries where contact_id = ${id}`);',
        errors: [{ messageId: 'rawSql' }],
      },
    ],
  });
});
