import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import groupScoped from './eslint/group-scoped.js';

/**
 * Files whose raw SQL names tenant tables, reviewed: each binds its group from a GroupScope or,
 * on the ingest path, from the API key's group (IngestContext). See docs/decisions.md F11-F12.
 */
const RAW_SQL_FILES = [
  // Ingest: unnest/COPY-shaped writes and by-ctid updates (decisions P1-P9); builder SQL costs ~2 s per 100k rows.
  'apps/server/src/services/telemetry/call-samples.ts',
  'apps/server/src/services/telemetry/call-summaries.ts',
  'apps/server/src/services/telemetry/ingest-logs.ts',
  'apps/server/src/services/journeys/ingest-traces.ts',
  // Claims jobs of every group with FOR UPDATE SKIP LOCKED (decision S14).
  'apps/server/src/jobs/workflow-queue.ts',
  // The firing claim: one INSERT ... SELECT FROM unnest ... ON CONFLICT per batch.
  'apps/server/src/services/workflows/engine.ts',
  // The copilot's aggregates and distinct values; the group is scope.groupId.
  'apps/server/src/services/copilot/call-metrics.ts',
  // PostgreSQL writes a trace's span JSON text; the group is scope.groupId.
  'apps/server/src/services/journeys/trace-detail.ts',
  // Datasets: a lateral unnest of seconds and correlated subqueries on the row's own group_id;
  // every chart's query is scoped by scope.owns in compile-chart.ts.
  'apps/server/src/services/canvas/datasets.ts',
  // Usage rollup and its reads: set-based recomputes over unnest(group, day) and the dirty
  // marks of every group (the billing job's own work); coverage is scoped by scope.groupId.
  'apps/server/src/services/usage/rollup.ts',
  'apps/server/src/services/usage/usage-read.ts',
  'apps/server/src/services/usage/coverage.ts',
  'apps/server/src/services/usage/call-usage.ts',
  'apps/server/src/services/usage/journey-usage.ts',
  // Chart rollups (issue 34): the refresh recomputes marked (group, hour)s of every group in
  // set-based statements, and a chart's lateral reads of ranges are scoped by scope.owns.
  'apps/server/src/services/canvas/rollups/pg-rollup-refresh.ts',
  'apps/server/src/services/canvas/rollups/pg-rollup-chart.ts',
  // The demo's earlier months: one generate_series insert into scope.groupId.
  'apps/server/src/demo/usage-history.ts',
];

const DATE_FORMATTER = 'use formatDisplayDate from @callsight/shared (DD-MM-YYYY HH:mm:ss)';

/** Ways of showing a date other than the app's one formatter (see the block that uses them). */
const DATE_FORMAT_RULES = [
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
    message: `Dates: ${DATE_FORMATTER}.`,
  },
  {
    // Numbers pass their locale (n.toLocaleString('en-US')): a bare call is a date's.
    selector: "CallExpression[callee.property.name='toLocaleString'][arguments.length=0]",
    message: `Dates: ${DATE_FORMATTER}; numbers: toLocaleString('en-US').`,
  },
  {
    selector:
      "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
    message: `Dates: ${DATE_FORMATTER}.`,
  },
  {
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: `Dates: ${DATE_FORMATTER}.`,
  },
  {
    selector:
      "CallExpression[callee.property.name='format'][callee.object.type='CallExpression'][callee.object.callee.name='dayjs']",
    message: `Dates: ${DATE_FORMATTER}.`,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tenant tables are reached only through a group scope (apps/server/src/db/group-scope.ts).
    files: ['apps/server/src/**/*.ts'],
    plugins: { callsight: groupScoped },
    rules: { 'callsight/group-scoped': 'error' },
  },
  {
    files: RAW_SQL_FILES,
    rules: { 'callsight/group-scoped': ['error', { allowRawSql: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Every date the web app shows goes through formatDisplayDate (DD-MM-YYYY HH:mm:ss, spec
    // 000 §9; issue 33): no locale formats, no formats of its own.
    // Tests may compute the texts they expect by other means.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...DATE_FORMAT_RULES] },
  },
);
