import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BILLING_TEXTS, BILLING_USAGE_COLUMNS } from '@callsight/shared';
import '../../../test/setup.ts';
import { GROUP_ID, jsonResponse, makeProfile, makeToken } from '../../../test/factories.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import { clearSession, setSession } from '../../../lib/session.ts';
import { groupId, makeBillableGroup, makeUsage } from '../test/fixtures.ts';

vi.mock('../../../components/charts/echart.tsx', async () => {
  const { FakeBarChart } = await import('../test/fake-bar-chart.tsx');
  return { EChart: FakeBarChart };
});

type Handlers = Parameters<typeof mockApi>[0];

const PATH = `/${GROUP_ID}/admin/groups/billing`;
const usagePath = (n: number) => `GET /api/billing/${groupId(n)}/ap-southeast-2`;
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

function open(handlers: Handlers) {
  setSession(makeToken({ claims: { permissions: ['user:super', 'user:billing'] } }));
  const mocked = mockApi({
    'GET /api/users/profile': () => jsonResponse(200, makeProfile({ isSuper: true })),
    ...handlers,
  });
  renderApp(PATH);
  return mocked;
}

/** Each group's usage answered at once. */
function instantUsage(ns: number[]): Handlers {
  return Object.fromEntries(ns.map((n) => [usagePath(n), () => jsonResponse(200, makeUsage(n))]));
}

const rows = () => screen.queryAllByTestId('billing-row');
const cell = (row: HTMLElement, field: string) =>
  row.querySelector(`[data-field="${field}"]`)?.textContent ?? null;
const usageCells = (row: HTMLElement) => BILLING_USAGE_COLUMNS.map((c) => cell(row, c));

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

describe('Billing tab', () => {
  it('shows dashes until each row loads, fetching only the page in view, at most 5 at once', async () => {
    const groups = range(1, 12).map((n) => makeBillableGroup(n));
    const started: number[] = [];
    const waiting: (() => void)[] = [];
    let inFlight = 0;
    let peak = 0;
    const slowUsage: Handlers = Object.fromEntries(
      range(1, 12).map((n) => [
        usagePath(n),
        () => {
          inFlight++;
          peak = Math.max(peak, inFlight);
          started.push(n);
          return new Promise<Response>((resolve) =>
            waiting.push(() => {
              inFlight--;
              resolve(jsonResponse(200, makeUsage(n)));
            }),
          );
        },
      ]),
    );
    const { calls } = open({
      'GET /api/billing/billable-groups': () => jsonResponse(200, { groups }),
      ...slowUsage,
    });

    await waitFor(() => expect(rows()).toHaveLength(10));
    await waitFor(() => expect(started).toHaveLength(5));
    // The queue holds the other five back; every row still shows dashes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toEqual([1, 2, 3, 4, 5]);
    for (const row of rows()) {
      expect(row.getAttribute('data-loaded')).toBe('false');
      expect(usageCells(row)).toEqual(BILLING_USAGE_COLUMNS.map(() => '-'));
    }
    expect(cell(rows()[0] as HTMLElement, 'GroupName')).toBe('Group 01');
    // Headers in words, each its own (issue 33); the CSV keeps the field names.
    const headers = within(screen.getByTestId('billing-table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Group ID',
      'Group name',
      'Agent interaction minutes (rounded)',
      'Agent seconds (ended calls)',
      'Billing minutes (rounded)',
      'Agent minutes (rounded)',
      'Cloud minutes (rounded)',
      'Assurance test minutes (rounded)',
      'Assurance tests',
      'Heartbeat tests',
      'Measured minutes (rounded)',
      'Agents',
    ]);

    // One answer frees one slot.
    waiting.shift()?.();
    await waitFor(() => expect(started).toHaveLength(6));
    await waitFor(() => expect(rows()[0]?.getAttribute('data-loaded')).toBe('true'));
    expect(usageCells(rows()[0] as HTMLElement)).toEqual(
      BILLING_USAGE_COLUMNS.map((_, i) => String(100 + i)),
    );
    expect(usageCells(rows()[9] as HTMLElement)).toEqual(BILLING_USAGE_COLUMNS.map(() => '-'));

    while (started.length < 10 || waiting.length > 0) {
      waiting.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await waitFor(() =>
      expect(rows().map((r) => r.getAttribute('data-loaded'))).toEqual(
        range(1, 10).map(() => 'true'),
      ),
    );
    expect(peak).toBe(5);
    expect(started.sort((a, b) => a - b)).toEqual(range(1, 10));
    expect(cell(rows()[9] as HTMLElement, 'DurationRoundedMin')).toBe('1002');
    // The chart shows the loaded page's billing minutes.
    const chart = screen.getByRole('figure', {
      name: 'Billing minutes (rounded) by group (this page)',
    });
    expect(within(chart).getAllByTestId('bar')[0]?.textContent).toBe('Group 01: 102');

    // The second page fetches its own two groups, and only those.
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(rows().map((r) => cell(r, 'GroupName'))).toEqual(['Group 11', 'Group 12']),
    );
    await waitFor(() => expect(started).toHaveLength(12));
    waiting.splice(0).forEach((release) => release());
    await waitFor(() => expect(rows().map((r) => cell(r, 'AgentCount'))).toEqual(['1109', '1209']));
    expect(peak).toBe(5);

    // Criteria of the default range: last 30 days, with the browser's time zone.
    const groupsCall = calls.find((c) => c.url.startsWith('/api/billing/billable-groups'));
    const criteria = JSON.parse(
      new URL(groupsCall?.url ?? '', 'http://x').searchParams.get('criteria') ?? '{}',
    ) as Record<string, string>;
    expect(criteria).toEqual({
      fromTime: 'now-30d',
      toTime: 'now',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    const usageCall = calls.find((c) => c.url.startsWith(`/api/billing/${groupId(1)}/`));
    expect(new URL(usageCall?.url ?? '', 'http://x').searchParams.get('criteria')).toBe(
      JSON.stringify(criteria),
    );
  });

  it('downloads every group (one page of 10000) as tableDownload.csv with the table columns', async () => {
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
    const { calls } = open({
      'GET /api/billing/billable-groups': () =>
        jsonResponse(200, { groups: [1, 2].map((n) => makeBillableGroup(n)) }),
      ...instantUsage([1, 2]),
      'GET /api/billing/usage': () =>
        jsonResponse(200, { rows: [1, 2, 3].map(makeUsage), total: 3 }),
    });
    await waitFor(() =>
      expect(rows().map((r) => r.getAttribute('data-loaded'))).toEqual(['true', 'true']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('tableDownload.csv');
    const lines = (await readBlob(saved[0]?.blob)).trimEnd().split('\r\n');
    expect(lines[0]).toBe(['GroupID', 'GroupName', ...BILLING_USAGE_COLUMNS].join(','));
    expect(lines.slice(1)).toEqual(
      [1, 2, 3].map((n) =>
        [groupId(n), `Group 0${n}`, ...BILLING_USAGE_COLUMNS.map((_, i) => n * 100 + i)].join(','),
      ),
    );
    // The table's own rows are the same text as the file's.
    expect(
      rows().map((r) => [cell(r, 'GroupID'), cell(r, 'GroupName'), ...usageCells(r)].join(',')),
    ).toEqual(lines.slice(1, 3));
    const download = calls.find((c) => c.url.startsWith('/api/billing/usage?'));
    const query = new URL(download?.url ?? '', 'http://x').searchParams;
    expect(query.get('page')).toBe('0');
    expect(query.get('size')).toBe('10000');
    expect(JSON.parse(query.get('criteria') ?? '{}')).toMatchObject({
      fromTime: 'now-30d',
      toTime: 'now',
    });
  });

  it('says "No data Found" when no group is billable', async () => {
    open({ 'GET /api/billing/billable-groups': () => jsonResponse(200, { groups: [] }) });
    expect((await screen.findByTestId('billing-empty')).textContent).toBe('No data Found');
    expect(BILLING_TEXTS.noData).toBe('No data Found');
    expect(
      (screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says "Error fetching billing details" when the groups cannot be fetched', async () => {
    open({
      'GET /api/billing/billable-groups': () =>
        jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'nope' } }),
    });
    expect(await screen.findByText('Error fetching billing details')).toBeTruthy();
    expect(screen.queryByText('No data Found')).toBeNull();
  });

  it('says "Error fetching billing details" when a row cannot be fetched, keeping its dashes', async () => {
    open({
      'GET /api/billing/billable-groups': () =>
        jsonResponse(200, { groups: [1, 2].map((n) => makeBillableGroup(n)) }),
      ...instantUsage([1]),
      [usagePath(2)]: () => jsonResponse(400, { error: { code: 'BAD', message: 'bad' } }),
    });
    expect(await screen.findByText('Error fetching billing details')).toBeTruthy();
    await waitFor(() => expect(rows()[0]?.getAttribute('data-loaded')).toBe('true'));
    expect(usageCells(rows()[1] as HTMLElement)).toEqual(BILLING_USAGE_COLUMNS.map(() => '-'));
  });
});
