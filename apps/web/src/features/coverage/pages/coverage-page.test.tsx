import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COVERAGE_TEXTS, type CoverageSummary } from '@callsight/shared';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';

const PATH = `/${GROUP_ID}/admin/extutil`;

function summary(range: CoverageSummary['range'], base: number): CoverageSummary {
  return {
    range,
    from: '2025-06-01T00:00:00.000Z',
    to: '2025-06-02T00:00:00.000Z',
    sets: [
      { set: 'All', count: base, description: 'x' },
      { set: 'NoExtension', count: base + 1, description: 'y' },
      { set: 'LowCoverage', count: base + 2, description: 'z' },
    ],
  };
}

const BASES = { 'now-1d': 10, 'now-7d': 70, 'now-28d': 280 } as const;

function open() {
  setSession(makeToken({ claims: { permissions: ['user:admin'] } }));
  const mocked = mockApi({
    'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
    'GET /api/coverage': (_init, url) => {
      const range = new URL(url, 'http://x').searchParams.get('range') as keyof typeof BASES;
      return jsonResponse(200, summary(range, BASES[range]));
    },
    'GET /api/coverage/NoExtension/download': () =>
      new Response('Agent,CloudCalls\r\nalice,3\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv' },
      }),
  });
  renderApp(PATH);
  return mocked;
}

const counts = () =>
  screen
    .getAllByTestId('coverage-row')
    .map((r) => r.querySelector('[data-field="count"]')?.textContent);

function readBlob(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('nothing saved'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Extension Coverage page', () => {
  it('lists the three sets and their counts; the toggle changes the range asked for', async () => {
    const { calls } = open();
    await waitFor(() => expect(counts()).toEqual(['10', '11', '12']));
    const rows = screen.getAllByTestId('coverage-row');
    expect(rows.map((r) => r.getAttribute('data-set'))).toEqual([
      'All',
      'NoExtension',
      'LowCoverage',
    ]);
    expect(rows.map((r) => r.querySelector('[data-field="description"]')?.textContent)).toEqual([
      COVERAGE_TEXTS.sets.All,
      COVERAGE_TEXTS.sets.NoExtension,
      COVERAGE_TEXTS.sets.LowCoverage,
    ]);
    expect(screen.getByRole('button', { name: '24h' }).getAttribute('aria-pressed')).toBe('true');
    // One column counts agents for every set; low coverage is worded as spec 000 §9 defines it.
    expect(
      within(screen.getByTestId('coverage-table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Set', 'Agents', 'Description', '']);
    expect(COVERAGE_TEXTS.sets.LowCoverage).toBe(
      'Agents with 20 percent or more of their calls seen in cloud data with no agent collector data',
    );

    fireEvent.click(screen.getByRole('button', { name: '7d' }));
    await waitFor(() => expect(counts()).toEqual(['70', '71', '72']));
    fireEvent.click(screen.getByRole('button', { name: '28d' }));
    await waitFor(() => expect(counts()).toEqual(['280', '281', '282']));
    expect(screen.getByRole('button', { name: '28d' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.filter((c) => c.url.startsWith('/api/coverage?')).map((c) => c.url)).toEqual([
      '/api/coverage?range=now-1d',
      '/api/coverage?range=now-7d',
      '/api/coverage?range=now-28d',
    ]);
  });

  it('downloads a set as extension-coverage-{set}.csv with the session, for the range shown', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (blob) saved.push({ name: this.download, blob });
    });
    const { fetchMock } = open();
    await waitFor(() => expect(counts()).toEqual(['10', '11', '12']));
    fireEvent.click(screen.getByRole('button', { name: '7d' }));
    await waitFor(() => expect(counts()).toEqual(['70', '71', '72']));
    const row = screen
      .getAllByTestId('coverage-row')
      .find((r) => r.getAttribute('data-set') === 'NoExtension') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('extension-coverage-NoExtension.csv');
    expect(await readBlob(saved[0]?.blob)).toBe('Agent,CloudCalls\r\nalice,3\r\n');
    const call = fetchMock.mock.calls.find(([url]) =>
      String(url).startsWith('/api/coverage/NoExtension/download'),
    );
    expect(String(call?.[0])).toBe('/api/coverage/NoExtension/download?range=now-7d');
    const headers = (call?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer access-token-1');
  });

  it('says "Error fetching extension coverage" when it cannot be fetched', async () => {
    setSession(makeToken({ claims: { permissions: ['user:admin'] } }));
    mockApi({
      'GET /api/users/profile': () => jsonResponse(200, makeProfile()),
      'GET /api/coverage': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'nope' } }),
    });
    renderApp(PATH);
    expect(await screen.findByText('Error fetching extension coverage')).toBeTruthy();
  });
});
