import { describe, expect, it } from 'vitest';
import { listWithMore, quoteInput, truncateText, truncationMarker } from './limits.ts';

describe('truncateText', () => {
  it('keeps a text of at most max characters as it is', () => {
    expect(truncateText('', 10)).toBe('');
    expect(truncateText('x'.repeat(40), 40)).toBe('x'.repeat(40));
  });

  it('cuts a longer text to exactly max characters, ending with how many were cut', () => {
    const cut = truncateText('a'.repeat(1_048_576), 1024);
    expect(cut).toHaveLength(1024);
    const marker = truncationMarker(1_048_576 - cut.indexOf('…'));
    expect(cut.endsWith(marker)).toBe(true);
    expect(cut).toBe('a'.repeat(1024 - marker.length) + marker);
    expect(truncateText('b'.repeat(41), 40)).toBe(`${'b'.repeat(19)}…[truncated 22 chars]`);
  });

  it('never splits a surrogate pair', () => {
    const cut = truncateText('😀'.repeat(100), 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.startsWith('😀'.repeat(Math.floor(cut.indexOf('…') / 2)))).toBe(true);
    expect(cut.indexOf('…') % 2).toBe(0);
  });
});

describe('quoting input in messages', () => {
  it('quotes at most 64 characters, then an ellipsis', () => {
    expect(quoteInput('us-east-1')).toBe('us-east-1');
    expect(quoteInput('z'.repeat(1_000_000))).toBe(`${'z'.repeat(64)}…`);
  });

  it('lists the first five names, then how many more', () => {
    expect(listWithMore(['a', 'b'])).toBe('a, b');
    expect(listWithMore(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('a, b, c, d, e and 2 more');
    expect(listWithMore(['k'.repeat(1000)])).toBe(`${'k'.repeat(64)}…`);
  });
});
