import { describe, expect, it } from 'vitest';
import { isPublicPath, paths } from './paths.ts';

describe('paths', () => {
  it('knows the public routes by their first segment', () => {
    expect(isPublicPath('/subscription/C1/P1')).toBe(true);
    expect(isPublicPath('/subscriptionsuccess')).toBe(true);
    expect(isPublicPath('/activated')).toBe(true);
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/callback')).toBe(true);
    expect(isPublicPath('/fallback')).toBe(true);
    expect(isPublicPath('/demo/softphone')).toBe(true);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/g1/subscription')).toBe(false);
    expect(isPublicPath('/g1/dashboard')).toBe(false);
  });

  it('builds in-group links', () => {
    expect(paths.canvas.getHref('g1', 'technology')).toBe('/g1/canvas/technology');
    expect(paths.traceSpan.getHref('g1', 't 1', 's1')).toBe('/g1/trace/t%201/span/s1');
    expect(paths.tracesSpan.getHref('g1', 't1', 's1', 'summary')).toBe(
      '/g1/traces/trace/t1/span/s1/summary',
    );
    expect(paths.groupMemberNew.getHref('g1', 'g2')).toBe('/g1/admin/group/g2/member/0');
  });
});
