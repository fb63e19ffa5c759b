import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, renderHook } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { relativeRange } from '@callsight/shared';
import '../../test/setup.ts';
import {
  cursorOfLink,
  isJourneySlideOut,
  legacyJourneyRedirect,
  useJourneySlideOut,
  useTraceListState,
} from './url.ts';

function renderState(url = '/g/traces') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => useTraceListState(), { wrapper });
}

describe('useTraceListState', () => {
  it('opens on Last 7 days, createddate descending, 10 a page', () => {
    const { result } = renderState();
    expect(result.current.range).toEqual(relativeRange('now-7d', 'now'));
    expect(result.current.apiQuery).toMatchObject({ 'page[size]': '10', sort: '-createddate' });
    expect(result.current.apiQuery['page[cursor]']).toBeUndefined();
    const from = Date.parse(result.current.apiQuery['filter[start_timestamp][gte]'] ?? '');
    const to = Date.parse(result.current.apiQuery['filter[end_timestamp][lte]'] ?? '');
    expect(Math.round((to - from) / 86_400_000)).toBe(7);
  });

  it('goes back to page 1 on any sort, size, filter or range change', () => {
    const { result } = renderState();
    const toPage2 = () => act(() => result.current.goToPage(1, 'cursor-2'));
    toPage2();
    expect(result.current.page).toBe(1);
    expect(result.current.apiQuery['page[cursor]']).toBe('cursor-2');
    act(() => result.current.toggleSort());
    expect(result.current.sortDirection).toBe('asc');
    expect(result.current.page).toBe(0);
    expect(result.current.apiQuery['page[cursor]']).toBeUndefined();
    act(() => result.current.toggleSort());
    expect(result.current.sortDirection).toBe('desc');

    toPage2();
    act(() => result.current.setSize(25));
    expect([result.current.page, result.current.size]).toEqual([0, 25]);

    toPage2();
    act(() =>
      result.current.addFilters([
        { field: 'cx.platform', op: 'gte', value: 'genesys' },
        { field: 'cx.platform', op: 'lte', value: 'genesys' },
      ]),
    );
    expect(result.current.page).toBe(0);
    expect(result.current.apiQuery).toMatchObject({
      'filter[cx.platform][gte]': 'genesys',
      'filter[cx.platform][lte]': 'genesys',
    });

    toPage2();
    act(() => result.current.setRange(relativeRange('now-24h', 'now')));
    expect(result.current.page).toBe(0);
    expect(result.current.range).toEqual(relativeRange('now-24h', 'now'));
  });
});

describe('the journey slide-out at /trace/{traceId}', () => {
  let probe: { slideOut: ReturnType<typeof useJourneySlideOut>; location: Location } | null = null;
  function Probe() {
    probe = { slideOut: useJourneySlideOut(), location: useLocation() };
    return null;
  }
  const renderAt = (url: string) =>
    render(
      <MemoryRouter initialEntries={['/elsewhere', url]} initialIndex={1}>
        <Routes>
          <Route path="/:groupId/traces" element={<Probe />} />
          <Route path="/:groupId/trace/:traceId" element={<Probe />} />
          <Route path="/elsewhere" element={<Probe />} />
        </Routes>
      </MemoryRouter>,
    );
  const current = () => {
    if (!probe) throw new Error('not rendered');
    return probe;
  };
  const where = () => `${current().location.pathname}${current().location.search}`;

  it('opens from the list with its parameters, and closes back to the same list', () => {
    renderAt('/g/traces?cursor=c&page=2');
    expect(current().slideOut.traceId).toBeUndefined();
    act(() => current().slideOut.open('abc'));
    expect(where()).toBe('/g/trace/abc?cursor=c&page=2');
    expect(current().slideOut.traceId).toBe('abc');
    expect(isJourneySlideOut(current().location.state)).toBe(true);
    act(() => current().slideOut.close());
    expect(where()).toBe('/g/traces?cursor=c&page=2');
  });

  it('closes to the list in place when the slide-out was not opened from it', () => {
    renderAt('/g/trace/abc?sort=createddate');
    act(() => current().slideOut.close());
    expect(where()).toBe('/g/traces?sort=createddate');
  });

  it('sends an old /traces?journey= link to /trace/{traceId} with the other parameters', () => {
    expect(legacyJourneyRedirect('g', '?journey=abc&page=2&cursor=c')).toEqual({
      pathname: '/g/trace/abc',
      search: '?page=2&cursor=c',
    });
    expect(legacyJourneyRedirect('g', '?journey=a%2Fb')).toEqual({
      pathname: '/g/trace/a%2Fb',
      search: '',
    });
    expect(legacyJourneyRedirect('g', '?page=2')).toBeNull();
  });
});

describe('cursorOfLink', () => {
  it('reads page[cursor] from a links URL', () => {
    expect(cursorOfLink('/api/traces?page%5Bsize%5D=10&page%5Bcursor%5D=YXx4')).toBe('YXx4');
    expect(cursorOfLink(null)).toBeNull();
  });
});
