import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDisplayDate } from '@callsight/shared';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';
import { makeAuditLog } from '../test/fixtures.ts';
import { billingDataSummary } from './billing-audit-logs-tab.tsx';

type Handlers = Parameters<typeof mockApi>[0];

const PATH = `/${GROUP_ID}/admin/groups/billingauditlogs`;

function open(handlers: Handlers) {
  setSession(makeToken({ claims: { permissions: ['user:super', 'user:billing'] } }));
  const mocked = mockApi({
    'GET /api/users/profile': () => jsonResponse(200, makeProfile({ isSuper: true })),
    ...handlers,
  });
  renderApp(PATH);
  return mocked;
}

const cell = (row: HTMLElement, field: string) =>
  row.querySelector(`[data-field="${field}"]`)?.textContent ?? null;

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Billing Audit Logs tab', () => {
  it('lists sends with their time, status and data, paged by the server', async () => {
    const { calls } = open({
      'GET /api/marketplace/billingAuditLogs': (_init, url) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        const logs =
          page === 0
            ? [
                makeAuditLog(1),
                makeAuditLog(2, {
                  status: 'failed',
                  groupID: null,
                  groupName: null,
                  billingData: { error: 'Throttled', records: [1, 2] },
                }),
              ]
            : [makeAuditLog(11)];
        return jsonResponse(200, { logs, total: 11 });
      },
    });
    const rows = await screen.findAllByTestId('billing-audit-row');
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(cell(first, 'provider')).toBe('AWS');
    expect(cell(first, 'customerName')).toBe('Customer 1');
    expect(cell(first, 'sentAt')).toBe(formatDisplayDate('2025-03-01T10:20:30.000Z'));
    expect(cell(first, 'sentAt')).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(within(first).getByTestId('billing-audit-status').textContent).toBe('success');
    expect(cell(first, 'billingData')).toBe('month: 2025-02, quantity: 121, dimension: minutes');
    expect(within(second).getByTestId('billing-audit-status').textContent).toBe('failed');
    expect(cell(second, 'groupName')).toBe('-');
    expect(cell(second, 'billingData')).toBe('error: Throttled, records: [2]');

    // The whole billing data opens under its row.
    fireEvent.click(within(second).getByRole('button', { name: 'Expand row' }));
    expect(JSON.parse((await screen.findByTestId('billing-data-json')).textContent ?? '')).toEqual({
      error: 'Throttled',
      records: [1, 2],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(
        screen.getAllByTestId('billing-audit-row').map((r) => cell(r, 'customerName')),
      ).toEqual(['Customer 11']),
    );
    expect(
      calls.filter((c) => c.url.startsWith('/api/marketplace/billingAuditLogs')).map((c) => c.url),
    ).toEqual([
      '/api/marketplace/billingAuditLogs?page=0&size=10',
      '/api/marketplace/billingAuditLogs?page=1&size=10',
    ]);
  });

  it('says "No billing audit logs found" when there are none', async () => {
    open({
      'GET /api/marketplace/billingAuditLogs': () => jsonResponse(200, { logs: [], total: 0 }),
    });
    expect((await screen.findByTestId('billing-audit-empty')).textContent).toBe(
      'No billing audit logs found',
    );
  });

  it('says "Error fetching billing audit logs" when they cannot be fetched', async () => {
    open({
      'GET /api/marketplace/billingAuditLogs': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'nope' } }),
    });
    expect(await screen.findByText('Error fetching billing audit logs')).toBeTruthy();
  });

  it('summarises billing data in one line', () => {
    expect(billingDataSummary({})).toBe('-');
    expect(billingDataSummary({ a: 1, b: null, c: { d: 1 }, e: true })).toBe(
      'a: 1, b: null, c: {…}, e: true',
    );
  });
});
