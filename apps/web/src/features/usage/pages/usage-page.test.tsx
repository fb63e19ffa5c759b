import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { UsageRecord } from '@callsight/shared';
import type { EChartProps } from '../../../components/charts/index.ts';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';

// ECharts draws on a canvas jsdom lacks: the chart lists its bars instead.
vi.mock('../../../components/charts/echart.tsx', () => ({
  EChart: ({ ariaLabel, option }: EChartProps) => {
    const axis = option.xAxis as { data: string[] };
    const series = option.series as { data: number[] }[];
    return (
      <figure aria-label={ariaLabel}>
        {axis.data.map((label, i) => (
          <span key={label} data-testid="bar">{`${label}: ${series[0]?.data[i]}`}</span>
        ))}
      </figure>
    );
  },
}));

const PATH = `/${GROUP_ID}/admin/billing`;
const FIGURES = [
  'AgentCount',
  'DurationRoundedMin',
  'AgentDurationRoundedMin',
  'CloudDurationRoundedMin',
  'AssuranceTestCount',
];
/** The figures' headers, in words (issue 33). */
const HEADERS = [
  'Agents',
  'Billing minutes (rounded)',
  'Agent minutes (rounded)',
  'Cloud minutes (rounded)',
  'Assurance tests',
];

function record(month: string, n: number, current = false): UsageRecord {
  return {
    Period: current ? 'Current Usage' : month,
    Month: month,
    From: `${month}-01T00:00:00.000Z`,
    To: `${month}-28T00:00:00.000Z`,
    AgentCount: n,
    DurationRoundedMin: n * 10,
    AgentDurationRoundedMin: n * 10 - 1,
    CloudDurationRoundedMin: 1,
    AssuranceTestCount: n * 2,
  };
}

/** The current month (2025-06) and the 12 months before it, newest first. */
const RECORDS = [
  record('2025-06', 13, true),
  ...Array.from({ length: 12 }, (_, i) => {
    const month = 5 - i;
    const year = month > 0 ? 2025 : 2024;
    return record(`${year}-${String(month > 0 ? month : month + 12).padStart(2, '0')}`, 12 - i);
  }),
];

function open(answer: () => Response) {
  setSession(makeToken({ claims: { permissions: ['user:admin'] } }));
  const mocked = mockApi({
    'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
    'GET /api/usage': answer,
  });
  renderApp(PATH);
  return mocked;
}

const texts = (table: HTMLElement) =>
  within(table)
    .getAllByTestId('usage-row')
    .map((row) =>
      ['Period', 'Month', ...FIGURES]
        .map((f) => row.querySelector(`[data-field="${f}"]`)?.textContent)
        .filter((t) => t !== undefined),
    );

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Usage page', () => {
  it('shows the first period as Current Usage and the rest as the previous 12 months', async () => {
    open(() => jsonResponse(200, RECORDS));
    expect(await screen.findByRole('heading', { name: 'Current Usage' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Previous 12 months' })).toBeTruthy();
    const current = await screen.findByTestId('usage-current');
    const headers = (table: HTMLElement) =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(headers(current)).toEqual(['Period', ...HEADERS]);
    expect(texts(current)).toEqual([['Current Usage', '13', '130', '129', '1', '26']]);

    const previous = screen.getByTestId('usage-previous');
    expect(headers(previous)).toEqual(['Month', ...HEADERS]);
    const rows = texts(previous);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(['2025-05', '12', '120', '119', '1', '24']);
    expect(rows[11]).toEqual(['2024-06', '1', '10', '9', '1', '2']);

    expect(screen.getByTestId('usage-note').textContent).toBe(
      'Usage is available from July 2023. Each call is rounded up to the nearest minute.',
    );
    // Billing minutes per month, oldest first.
    const bars = within(screen.getByRole('figure', { name: 'Billing minutes (rounded) per month' }))
      .getAllByTestId('bar')
      .map((b) => b.textContent);
    expect(bars).toHaveLength(13);
    expect(bars[0]).toBe('2024-06: 10');
    expect(bars[12]).toBe('2025-06: 130');
  });

  it('shows only the months since July 2023 when there are fewer', async () => {
    open(() => jsonResponse(200, [record('2023-08', 2, true), record('2023-07', 1)]));
    const previous = await screen.findByTestId('usage-previous');
    expect(await within(previous).findAllByTestId('usage-row')).toHaveLength(1);
    expect(texts(previous)).toEqual([['2023-07', '1', '10', '9', '1', '2']]);
  });

  it('says "Error fetching usage" when the usage cannot be fetched', async () => {
    open(() => jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'nope' } }));
    expect(await screen.findByText('Error fetching usage')).toBeTruthy();
  });
});
