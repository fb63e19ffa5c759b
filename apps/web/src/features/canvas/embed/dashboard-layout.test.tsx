import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { DashboardRow, DashboardSpec } from '@callsight/shared';
import '../../../test/setup.ts';
import { DashboardLayout } from './dashboard-layout.tsx';

const cell = (id: string, width = 6): DashboardRow['cells'][number] => ({
  width,
  chart: {
    id,
    title: id,
    vizType: 'big_number_total',
    datasetId: 'calls',
    metrics: [{ aggregate: 'COUNT', label: 'Calls' }],
    groupby: [],
    filters: [],
    rowLimit: 1,
  },
});

/** The Superset fixture's layout (issue 34): no rows outside its two tabs, 6 and 4 charts. */
const TABBED: Pick<DashboardSpec, 'id' | 'rows' | 'tabs'> = {
  id: 'sales',
  rows: [],
  tabs: [
    {
      title: 'Sales Overview',
      rows: [
        { cells: [cell('total-revenue', 3), cell('total-products-sold', 2), cell('quarterly', 6)] },
        { cells: [cell('by-line', 2), cell('quarterly-by-line', 6), cell('pie', 3)] },
      ],
    },
    {
      title: 'Exploratory',
      rows: [
        { cells: [cell('area'), cell('heatmap')] },
        { title: 'Seasonality', cells: [cell('horizon'), cell('deal-size')] },
      ],
    },
  ],
};

const drawn = () => screen.queryAllByTestId('cell').map((c) => c.textContent);
const renderCell = (c: DashboardRow['cells'][number]) => <div data-testid="cell">{c.chart.id}</div>;

describe('a dashboard with tabs', () => {
  it('shows every tab as a tab, and the open tab’s charts only', () => {
    render(<DashboardLayout spec={TABBED} renderCell={renderCell} />);
    const tabs = within(screen.getByRole('tablist', { name: 'Dashboard tabs' })).getAllByRole(
      'tab',
    );
    expect(tabs.map((t) => t.textContent)).toEqual(['Sales Overview', 'Exploratory']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(drawn()).toEqual([
      'total-revenue',
      'total-products-sold',
      'quarterly',
      'by-line',
      'quarterly-by-line',
      'pie',
    ]);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('sales-tab-0');

    fireEvent.click(screen.getByRole('tab', { name: 'Exploratory' }));
    expect(screen.getByRole('tab', { name: 'Exploratory' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(drawn()).toEqual(['area', 'heatmap', 'horizon', 'deal-size']);
    // A row's title heads it.
    expect(screen.getByRole('heading', { name: 'Seasonality' })).toBeTruthy();
  });

  it('draws the rows outside the tabs above them; a dashboard without tabs has no tab list', () => {
    const { unmount } = render(
      <DashboardLayout
        spec={{ ...TABBED, rows: [{ cells: [cell('above', 12)] }] }}
        renderCell={renderCell}
      />,
    );
    expect(drawn()[0]).toBe('above');
    expect(drawn()).toHaveLength(7);
    unmount();

    render(
      <DashboardLayout
        spec={{ id: 'plain', rows: [{ cells: [cell('a'), cell('b')] }] }}
        renderCell={renderCell}
      />,
    );
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(drawn()).toEqual(['a', 'b']);
  });
});
