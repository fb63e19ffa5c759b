import { describe, expect, it } from 'vitest';
import { isSupportedBrowser } from './browser-support.ts';

describe('isSupportedBrowser', () => {
  it('supports Chromium 120+ and Firefox 115+, nothing else', () => {
    expect(isSupportedBrowser('Chrome', '120.0.1')).toBe(true);
    expect(isSupportedBrowser('Microsoft Edge', '125')).toBe(true);
    expect(isSupportedBrowser('Chrome', '119.0')).toBe(false);
    expect(isSupportedBrowser('Firefox', '115.6esr')).toBe(true);
    expect(isSupportedBrowser('Firefox', '102')).toBe(false);
    expect(isSupportedBrowser('Safari', '17.1')).toBe(false);
    expect(isSupportedBrowser('Chrome', null)).toBe(false);
    expect(isSupportedBrowser('Netscape', '9')).toBe(false);
  });
});
