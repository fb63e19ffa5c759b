import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { EXPLORER_TEXTS, type CallStatsPage as Page, type CallStatsRow } from '@callsight/shared';
import '../../../test/setup.ts';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { GROUP_ID, jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { CallStatsPage } from './call-stats-page.tsx';

/**
 * Our own test calls in the Call Stats Log (issue 33): left out unless "Include test calls" is
 * on, and shown with a "Test call" badge beside the agent when they are listed.
 */

const row = (callContactId: string, agent: string, testCall: boolean): CallStatsRow => ({
  timestamp: '2026-03-03T14:00:00.000Z',
  agent,
  callContactId,
  agentISP: 'Telstra',
  mos: { avg: 4.2 },
  jitter: { avg: 4 },
  rtt: { avg: 40 },
  totals: { packetsLostFraction: 0 },
  durationSeconds: 120,
  score: 10,
  tags: [],
  testCall,
});

function renderPage() {
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[`/${GROUP_ID}/explorer/calls`]}>
        <Routes>
          <Route path="/:groupId/explorer/calls/*" element={<CallStatsPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('test calls in the Call Stats Log', () => {
  it('asks without them by default, and with them once "Include test calls" is on', async () => {
    const api = mockApi({
      'GET /api/calls/stats': (_init, url) => {
        const withTests = new URL(url, 'http://x').searchParams.get('includeTestCalls') === 'true';
        const page: Page = {
          rows: withTests
            ? [row('agent-call', 'alice', false), row('monitor-call', 'monitor-agent-mumbai', true)]
            : [row('agent-call', 'alice', false)],
          total: withTests ? 2 : 1,
          totalRelation: 'eq',
        };
        return jsonResponse(200, page);
      },
    });
    renderPage();
    await screen.findByText('alice');
    const requested = () => api.calls.filter((c) => c.url.startsWith('/api/calls/stats'));
    expect(requested().every((c) => !c.url.includes('includeTestCalls'))).toBe(true);
    expect(screen.queryByText(EXPLORER_TEXTS.testCall)).toBeNull();

    const toggle = screen.getByRole('checkbox', { name: EXPLORER_TEXTS.includeTestCalls });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await screen.findByText('monitor-agent-mumbai');
    expect(requested().at(-1)?.url).toContain('includeTestCalls=true');
    expect((toggle as HTMLInputElement).checked).toBe(true);

    // The badge sits in the test call's row, beside its agent; the agent's call has none.
    const rows = screen.getAllByTestId('call-stats-row');
    const monitorRow = rows.find((r) => r.textContent?.includes('monitor-call'));
    const agentRow = rows.find((r) => r.textContent?.includes('agent-call'));
    if (!monitorRow || !agentRow) throw new Error('rows not shown');
    expect(within(monitorRow).getByTestId('test-call-badge').textContent).toBe(
      EXPLORER_TEXTS.testCall,
    );
    expect(within(agentRow).queryByTestId('test-call-badge')).toBeNull();
    await waitFor(() => expect(requested().length).toBeGreaterThanOrEqual(2));
  });
});
