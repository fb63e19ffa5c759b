import { describe, expect, it } from 'vitest';
import { DASHBOARD_DEFAULT_FILTER, encodeFilter } from '@callsight/shared';
import { readFilter } from './url-filter.ts';

describe('URL filter', () => {
  it('uses the defaults when the URL has no filter', () => {
    expect(readFilter(DASHBOARD_DEFAULT_FILTER, null)).toEqual({
      refreshInterval: 10000,
      range: 'Last 15 minutes',
      refreshRate: 5000,
      autoRefresh: true,
    });
  });

  it('reads values typed like the defaults', () => {
    const text = encodeFilter({ range: 'Last 1 hour', refreshInterval: 30000, autoRefresh: false });
    expect(text).toBe('range=Last+1+hour~~refreshInterval=30000~~autoRefresh=false');
    expect(readFilter(DASHBOARD_DEFAULT_FILTER, text)).toEqual({
      refreshInterval: 30000,
      range: 'Last 1 hour',
      refreshRate: 5000,
      autoRefresh: false,
    });
  });

  it('falls back to the default for values that do not parse and drops unknown keys', () => {
    const filter = readFilter(
      DASHBOARD_DEFAULT_FILTER,
      'refreshInterval=soon~~autoRefresh=yes~~extra=1',
    );
    expect(filter).toEqual(DASHBOARD_DEFAULT_FILTER);
    expect('extra' in filter).toBe(false);
  });
});
