import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../../../test/setup.ts';
import type { InsightFilterKey } from './criteria.ts';
import { useInsightView, type InsightView } from './use-insight-view.ts';

const KEYS: readonly InsightFilterKey[] = ['agentType', 'number'];

function renderView(path = '/insights') {
  const holder: { view?: InsightView } = {};
  function Probe() {
    holder.view = useInsightView('test/insights', KEYS);
    return null;
  }
  const router = createMemoryRouter([{ path: '/insights', element: <Probe /> }], {
    initialEntries: [path],
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <>
      <RouterProvider router={router} />
      {children}
    </>
  );
  renderHook(() => null, { wrapper });
  const view = () => {
    if (!holder.view) throw new Error('the view has not rendered');
    return holder.view;
  };
  return { router, view };
}

describe('useInsightView', () => {
  it('keeps both of two changes made before the first one rendered', () => {
    const { router, view } = renderView();
    const current = view();
    act(() => {
      current.setFilter('number', ['+61290002000']);
      current.setFilter('agentType', ['HUMAN_AGENT']);
    });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('number')).toBe('+61290002000');
    expect(params.get('agentType')).toBe('HUMAN_AGENT');
    expect(view().filters).toEqual({ number: ['+61290002000'], agentType: ['HUMAN_AGENT'] });
  });

  it('opens with the saved preferences, and a cleared filter stays cleared', () => {
    const first = renderView();
    act(() => first.view().setFilter('agentType', ['VIRTUAL_AGENT']));
    act(() => first.view().setTab('ax'));
    act(() => first.view().setSort('ax', { field: 'axScore', direction: 'asc' }));

    const second = renderView();
    expect(second.view().filters.agentType).toEqual(['VIRTUAL_AGENT']);
    expect(second.view().tab).toBe('ax');
    expect(second.view().sort('ax')).toEqual({ field: 'axScore', direction: 'asc' });
    expect(second.view().sort('cx')).toEqual({ field: 'createdOn', direction: 'desc' });
    act(() => second.view().setFilter('agentType', []));
    expect(second.view().filters.agentType).toEqual([]);
  });
});
