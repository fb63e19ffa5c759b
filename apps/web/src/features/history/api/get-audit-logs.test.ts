import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../test/setup.ts';
import { relativeRange, type AuditLogItem } from '@callsight/shared';
import { clearSession, setSession } from '../../../lib/session.ts';
import { makeToken } from '../../../test/factories.ts';
import { getAllAuditLogs, getAuditLogs } from './get-audit-logs.ts';

const row = (n: number): AuditLogItem => ({
  timestamp: new Date(Date.UTC(2030, 0, 1, 0, 0, n % 60)).toISOString(),
  service: 'workflows',
  id: String(n),
  message: `row ${n}`,
  exception: null,
  action: 'workflow.create',
  actor: 'ada@example.com',
  result: 'success',
});

/** Answers /api/auditLogs from `total` rows, honouring from and size, with the recordcount header. */
function serveAuditLogs(total: number, header: boolean = true) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const from = Number(url.searchParams.get('from'));
    const size = Number(url.searchParams.get('size'));
    const data = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) =>
      row(from + i),
    );
    return new Response(JSON.stringify({ data }), {
      status: 200,
      headers: {
        'Content-Type': 'application/json',
        ...(header ? { recordcount: String(total) } : {}),
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const request = { range: relativeRange('now-1h', 'now'), service: ' workflows ', id: '' };

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('audit logs', () => {
  it('reads the total from the recordcount header and sends the filters', async () => {
    setSession(makeToken());
    const fetchMock = serveAuditLogs(250);
    const page = await getAuditLogs({ ...request, page: 2, size: 100 });
    expect(page.total).toBe(250);
    expect(page.data.data).toHaveLength(50);
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/auditLogs');
    expect(url.searchParams.get('from')).toBe('200');
    expect(url.searchParams.get('service')).toBe('workflows');
    expect(url.searchParams.has('id')).toBe(false);
    expect(url.searchParams.get('fromTime')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer access-token-1');
  });

  it('downloads every row in pages of 1000 over one fixed window, reporting progress', async () => {
    setSession(makeToken());
    const fetchMock = serveAuditLogs(2500);
    const progress = vi.fn();
    const rows = await getAllAuditLogs(request, progress);
    expect(rows).toHaveLength(2500);
    expect(rows[2499]?.id).toBe('2499');
    const urls = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost'));
    expect(urls.map((u) => [u.searchParams.get('from'), u.searchParams.get('size')])).toEqual([
      ['0', '1000'],
      ['1000', '1000'],
      ['2000', '1000'],
    ]);
    expect(new Set(urls.map((u) => u.searchParams.get('toTime'))).size).toBe(1);
    expect(progress.mock.calls).toEqual([
      [1000, 2500],
      [2000, 2500],
      [2500, 2500],
    ]);
  });

  it('stops at a short page when the header is missing', async () => {
    setSession(makeToken());
    const fetchMock = serveAuditLogs(1000, false);
    const rows = await getAllAuditLogs(request, () => {});
    expect(rows).toHaveLength(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
