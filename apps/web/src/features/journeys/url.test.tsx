import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { relativeRange } from '@callsight/shared';
import '../../test/setup.ts';
import { cursorOfLink, useTraceListState } from './url.ts';

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

  it('keeps the open journey apart from paging', () => {
    const { result } = renderState('/g/traces?cursor=c&page=2');
    act(() => result.current.openJourney('abc'));
    expect([result.current.journey, result.current.page]).toEqual(['abc', 2]);
    act(() => result.current.closeJourney());
    expect(result.current.journey).toBeUndefined();
  });
});

describe('cursorOfLink', () => {
  it('reads page[cursor] from a links URL', () => {
    expect(cursorOfLink('/api/traces?page%5Bsize%5D=10&page%5Bcursor%5D=YXx4')).toBe('YXx4');
    expect(cursorOfLink(null)).toBeNull();
  });
});
