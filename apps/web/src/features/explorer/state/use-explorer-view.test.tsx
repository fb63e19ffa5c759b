import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CALL_STATS_SORT_COLUMNS, relativeRange } from '@callsight/shared';
import '../../../test/setup.ts';
import { readPreferences, savePreferences } from './preferences.ts';
import { useExplorerView } from './use-explorer-view.ts';

const config = {
  list: 'calls',
  sortColumns: CALL_STATS_SORT_COLUMNS,
  defaultSort: 'timestamp',
} as const;

function renderView(url = '/g/explorer/calls') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => useExplorerView(config), { wrapper });
}

describe('useExplorerView', () => {
  it('opens on Last 4 hours, newest first, 10 a page', () => {
    const { result } = renderView();
    expect(result.current.request).toEqual({
      range: relativeRange('now-4h', 'now'),
      filters: [],
      sortColumn: 'timestamp',
      sortDirection: 'desc',
      page: 0,
      size: 10,
      includeTestCalls: false,
    });
  });

  it('keeps "Include test calls" in the URL only: a new visit starts without test calls', () => {
    const first = renderView();
    act(() => first.result.current.setIncludeTestCalls(true));
    expect(first.result.current.request).toMatchObject({ includeTestCalls: true, page: 0 });
    act(() => first.result.current.setSize(25));
    expect(first.result.current.request.includeTestCalls).toBe(true);
    first.unmount();
    expect(readPreferences('calls')).not.toHaveProperty('includeTestCalls');
    expect(renderView().result.current.request.includeTestCalls).toBe(false);
    // A shared link (the copilot's, say) carries it.
    const filter = encodeURIComponent('testCalls=true');
    const linked = renderView(`/g/explorer/calls?from=now-1h&to=now&filter=${filter}`);
    expect(linked.result.current.request.includeTestCalls).toBe(true);
  });

  it('starts a new sort column descending, toggles the current one, and goes back to page 1', () => {
    const { result } = renderView();
    act(() => result.current.setPage(2));
    expect(result.current.request.page).toBe(2);
    act(() => result.current.toggleSort('mos'));
    expect(result.current.request).toMatchObject({
      sortColumn: 'mos',
      sortDirection: 'desc',
      page: 0,
    });
    act(() => result.current.toggleSort('mos'));
    expect(result.current.request.sortDirection).toBe('asc');
    act(() => result.current.setPage(1));
    act(() => result.current.setFilters([{ field: 'agent', operator: '=', value: 'a' }]));
    expect(result.current.request.page).toBe(0);
  });

  it('saves the view per page and reopens with it when the URL holds none', () => {
    const first = renderView();
    act(() => first.result.current.setFilters([{ field: 'mos', operator: '>=', value: '3.5' }]));
    act(() => first.result.current.setRange(relativeRange('now-24h', 'now')));
    act(() => first.result.current.setSize(25));
    first.unmount();
    expect(readPreferences('calls')).toMatchObject({ size: 25 });
    expect(readPreferences('logs')).toEqual({});

    const again = renderView();
    expect(again.result.current.request).toMatchObject({
      range: relativeRange('now-24h', 'now'),
      filters: [{ field: 'mos', operator: '>=', value: '3.5' }],
      size: 25,
      page: 0,
    });
  });

  it('lets a shared link win over the saved view and ignores unknown sort columns', () => {
    savePreferences('calls', { sortColumn: 'rtt', sortDirection: 'asc' });
    const filter = encodeURIComponent('sort=score~~dir=asc~~page=3');
    const { result } = renderView(`/g/explorer/calls?from=now-1h&to=now&filter=${filter}`);
    expect(result.current.request).toMatchObject({
      range: relativeRange('now-1h', 'now'),
      sortColumn: 'timestamp',
      sortDirection: 'asc',
      page: 3,
    });
  });

  it('ignores saved preferences it cannot read', () => {
    window.localStorage.setItem('filterPreferences:explorer/calls', '{"size":"big"');
    expect(readPreferences('calls')).toEqual({});
    window.localStorage.setItem('filterPreferences:explorer/calls', '{"size":"big"}');
    expect(readPreferences('calls')).toEqual({});
  });
});
