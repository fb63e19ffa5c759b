import { describe, expect, it } from 'vitest';
import { dashboardRows } from './charts.ts';
import {
  SaveDatasetMappingsSchema,
  columnFitsRole,
  importBadgeColour,
  importStatus,
  latestImportsOnly,
} from './imports.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString();
const run = (type: 'standard' | 'custom', status: string, minute: number) => ({
  type,
  status,
  createdAt: at(minute),
});

describe('import status per group (spec 001 §4)', () => {
  it('is NO DATA without a standard or custom execution', () => {
    expect(importStatus([])).toBe('NO DATA');
  });

  it('is FAILED when the latest standard or the latest custom execution failed', () => {
    expect(importStatus([run('standard', 'success', 1), run('custom', 'failed', 2)])).toBe(
      'FAILED',
    );
    expect(importStatus([run('standard', 'failed', 5), run('custom', 'success', 2)])).toBe(
      'FAILED',
    );
    // An earlier failure that a later run of its type replaced does not count.
    expect(importStatus([run('standard', 'failed', 1), run('standard', 'success', 2)])).toBe(
      'SUCCESS',
    );
  });

  it('is SUCCESS when either latest succeeded, else the latest status uppercased', () => {
    expect(importStatus([run('custom', 'success', 1)])).toBe('SUCCESS');
    expect(importStatus([run('standard', 'in_progress', 3), run('custom', 'success', 1)])).toBe(
      'SUCCESS',
    );
    expect(importStatus([run('standard', 'pending', 1), run('custom', 'in_progress', 2)])).toBe(
      'IN_PROGRESS',
    );
  });

  it('colours badges: success/completed green, failed/error red, pending/in_progress amber', () => {
    expect(
      ['SUCCESS', 'completed', 'failed', 'ERROR', 'pending', 'in_progress', 'NO DATA'].map(
        importBadgeColour,
      ),
    ).toEqual(['success', 'success', 'error', 'error', 'warning', 'warning', 'info']);
  });
});

describe('the latest-only filter (spec 001 §4)', () => {
  it('keeps the newest import per type and group, in the given order', () => {
    const imports = [
      { id: 's1', type: 'standard' as const, groupId: null, version: 1, createdAt: at(1) },
      { id: 'c1', type: 'custom' as const, groupId: 'g1', version: 1, createdAt: at(2) },
      { id: 's2', type: 'standard' as const, groupId: null, version: 2, createdAt: at(3) },
      { id: 'c2', type: 'custom' as const, groupId: 'g2', version: 1, createdAt: at(4) },
      // A draft edited later keeps its version; the later one of the same version wins.
      { id: 'c1b', type: 'custom' as const, groupId: 'g1', version: 1, createdAt: at(5) },
    ];
    expect(latestImportsOnly(imports).map((i) => i.id)).toEqual(['s2', 'c2', 'c1b']);
    expect(latestImportsOnly([])).toEqual([]);
  });
});

describe('dataset mappings (issue 34)', () => {
  it('a column of ours fits a use: a time for the time, a number for a measure, any but a time for a dimension', () => {
    expect(columnFitsRole('time', 'time')).toBe(true);
    expect(columnFitsRole('time', 'text')).toBe(false);
    expect(columnFitsRole('measure', 'number')).toBe(true);
    expect(columnFitsRole('measure', 'text')).toBe(false);
    expect(columnFitsRole('dimension', 'text')).toBe(true);
    expect(columnFitsRole('dimension', 'number')).toBe(true);
    expect(columnFitsRole('dimension', 'tags')).toBe(true);
    expect(columnFitsRole('dimension', 'time')).toBe(false);
  });

  const fieldsOf = (body: unknown) => {
    const parsed = SaveDatasetMappingsSchema.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
  };

  it('takes one mapping per dataset, to one of calls, seconds, logs or journeys, with column names', () => {
    const ok = { uuid: 'ds-1', datasetId: 'calls', columns: { sales: 'mos_avg' } };
    expect(fieldsOf({ mappings: [ok] })).toEqual([]);
    expect(fieldsOf({ mappings: [] })).toEqual([]);
    expect(fieldsOf({ mappings: [ok, ok] })).toEqual(['mappings.1.uuid']);
    expect(fieldsOf({ mappings: [{ ...ok, datasetId: 'workflow_firings' }] })).toEqual([
      'mappings.0.datasetId',
    ]);
    expect(fieldsOf({ mappings: [{ ...ok, columns: { sales: 'MOS avg' } }] })).toEqual([
      'mappings.0.columns.sales',
    ]);
    expect(fieldsOf({ mappings: [{ ...ok, extra: 1 }] })).toEqual(['mappings.0']);
  });
});

describe('a dashboard’s rows (issue 34)', () => {
  it('are those outside tabs, then each tab’s in order', () => {
    const row = (title: string) => ({ title, cells: [] });
    expect(
      dashboardRows({
        rows: [row('a')],
        tabs: [
          { title: 'T1', rows: [row('b'), row('c')] },
          { title: 'T2', rows: [row('d')] },
        ],
      }).map((r) => r.title),
    ).toEqual(['a', 'b', 'c', 'd']);
    expect(dashboardRows({ rows: [row('a')] }).map((r) => r.title)).toEqual(['a']);
  });
});
