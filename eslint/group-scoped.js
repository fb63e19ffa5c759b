// Lint rule callsight/group-scoped: a tenant table (one with a group_id column, listed in
// apps/server/src/db/tenant-tables.json) is reached only through a group scope, so that no query
// can forget its group. See docs/decisions.md (S15) and apps/server/src/db/group-scope.ts.
import fs from 'node:fs';

const registry = JSON.parse(
  fs.readFileSync(new URL('../apps/server/src/db/tenant-tables.json', import.meta.url), 'utf8'),
);
/** Drizzle export name → SQL table name. */
const TABLES = new Map(Object.entries(registry.tables).map(([sqlName, name]) => [name, sqlName]));
const SQL_NAMES = [...TABLES.values()];

/** A scope's calls that tie a condition or rows to its group (GroupScope in group-scope.ts). */
const SCOPING = new Set(['owns', 'row', 'rows']);

const methodName = (call) =>
  call.type === 'CallExpression' && call.callee.type === 'MemberExpression'
    ? call.callee.property.name
    : undefined;

/** scope.owns(...), scope.rows(...), or acrossGroups.*(...) where spanning groups is the point. */
const isScoping = (node) => {
  if (!node || node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression')
    return false;
  const { object, property } = node.callee;
  if (object.type === 'Identifier' && object.name === 'acrossGroups') return true;
  return SCOPING.has(property.name);
};

/** The method calls chained after `call` (`a.from(t).where(x).limit(1)` → where, limit). */
function chainAfter(call) {
  const calls = [];
  let node = call;
  while (
    node.parent?.type === 'MemberExpression' &&
    node.parent.object === node &&
    node.parent.parent?.type === 'CallExpression' &&
    node.parent.parent.callee === node.parent
  ) {
    node = node.parent.parent;
    calls.push(node);
  }
  return calls;
}

const ENTRY = { from: 'where', update: 'where', delete: 'where', insert: 'values' };
const JOINS = new Set(['innerJoin', 'leftJoin', 'rightJoin', 'fullJoin']);

export const groupScoped = {
  meta: {
    type: 'problem',
    docs: { description: 'Tenant tables are reached only through a group scope (forGroup)' },
    schema: [
      {
        type: 'object',
        properties: { allowRawSql: { type: 'boolean' } },
        additionalProperties: false,
      },
    ],
    messages: {
      unscoped:
        '{{table}} is a tenant table: {{what}} needs a group scope, e.g. .{{clause}}(scope.{{helper}}({{table}}, ...)) with scope = forGroup(db, groupId), or acrossGroups(...) where spanning groups is the point.',
      rawSql:
        'Raw SQL names the tenant table {{table}}: build it through the query builder with a group scope, or list this file in RAW_SQL_FILES (eslint.config.js) once its group comes from a GroupScope.',
    },
  },
  create(context) {
    /** Local name → Drizzle export name of the tenant tables this file imports (aliases too). */
    const local = new Map();
    const tableOf = (node) => (node?.type === 'Identifier' ? local.get(node.name) : undefined);
    /** Variables holding a scoped condition or rows (`const where = scope.owns(t, ...)`). */
    const scopedVars = new Set();
    const scoped = (node) =>
      isScoping(node) || (node?.type === 'Identifier' && scopedVars.has(node.name));
    const check = (call, table, entry) => {
      const clause = ENTRY[entry];
      const ok = chainAfter(call).some((c) => methodName(c) === clause && scoped(c.arguments[0]));
      if (!ok)
        context.report({
          node: call,
          messageId: 'unscoped',
          data: {
            table,
            what: `.${entry}(${table})`,
            clause,
            helper: clause === 'values' ? 'rows' : 'owns',
          },
        });
    };
    return {
      ImportSpecifier(node) {
        const imported = node.imported.name ?? node.imported.value;
        if (TABLES.has(imported)) local.set(node.local.name, imported);
      },
      VariableDeclarator(node) {
        if (node.id.type !== 'Identifier') return;
        const aliased = tableOf(node.init);
        if (aliased) local.set(node.id.name, aliased);
        else if (isScoping(node.init)) scopedVars.add(node.id.name);
      },
      CallExpression(call) {
        const name = methodName(call);
        const table = tableOf(call.arguments[0]);
        if (!name || !table) return;
        if (name in ENTRY) check(call, table, name);
        else if (JOINS.has(name) && !scoped(call.arguments[1]))
          context.report({
            node: call,
            messageId: 'unscoped',
            data: { table, what: `.${name}(${table}, ...)`, clause: name, helper: 'owns' },
          });
      },
      TaggedTemplateExpression(node) {
        if (context.options[0]?.allowRawSql) return;
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        const text = node.quasi.quasis.map((q) => q.value.raw).join(' ');
        const named = SQL_NAMES.find((t) => new RegExp(`\\b${t}\\b`).test(text));
        const interpolated = node.quasi.expressions.map(tableOf).find(Boolean);
        const table = named ?? interpolated;
        if (table) context.report({ node, messageId: 'rawSql', data: { table } });
      },
    };
  },
};

export default { rules: { 'group-scoped': groupScoped } };
