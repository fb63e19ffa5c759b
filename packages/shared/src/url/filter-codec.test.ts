import { describe, expect, it } from 'vitest';
import { decodeFilter, encodeFilter } from './filter-codec.ts';

describe('filter codec (spec 000 §2.2)', () => {
  it('writes key/value text with & swapped for ~~', () => {
    expect(
      encodeFilter({ refreshInterval: 10000, range: 'Last 15 minutes', autoRefresh: true }),
    ).toBe('refreshInterval=10000~~range=Last+15+minutes~~autoRefresh=true');
  });
  it('round-trips values that contain & and ~ and skips empty ones', () => {
    const text = encodeFilter({ agent: 'Tom & Jerry', note: 'a~b', skip: undefined, nil: null });
    expect(text).not.toContain('&');
    expect(decodeFilter(text)).toEqual({ agent: 'Tom & Jerry', note: 'a~b' });
  });
  it('decodes empty or missing text to an empty filter', () => {
    expect(decodeFilter(null)).toEqual({});
    expect(decodeFilter('')).toEqual({});
  });
});
