import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import '../test/setup.ts';
import {
  readPagePreferences,
  readPageText,
  savePagePreferences,
  savePageText,
} from './page-preferences.ts';

const Schema = z.object({ tab: z.enum(['a', 'b']).optional() });

afterEach(() => vi.restoreAllMocks());

describe('page preferences', () => {
  it('saves and reads a page’s preferences under filterPreferences:<page>', () => {
    savePagePreferences('gsm/insights', { tab: 'b' });
    expect(localStorage.getItem('filterPreferences:gsm/insights')).toBe('{"tab":"b"}');
    expect(readPagePreferences('gsm/insights', Schema)).toEqual({ tab: 'b' });
    expect(readPagePreferences('other', Schema)).toBeUndefined();
  });

  it('ignores, with a warning, what does not parse', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('filterPreferences:x', '{oops');
    expect(readPagePreferences('x', Schema)).toBeUndefined();
    localStorage.setItem('filterPreferences:x', '{"tab":"z"}');
    expect(readPagePreferences('x', Schema)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('keeps raw texts (a selected tab)', () => {
    savePageText('explorer/tab', 'logs');
    expect(readPageText('explorer/tab')).toBe('logs');
  });
});
