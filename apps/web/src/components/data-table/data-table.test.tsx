import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '../../test/setup.ts';
import { SnackbarProvider } from '../snackbar/index.ts';
import { DataTable, type DataTableColumn, type DataTableProps } from './index.ts';

interface Call {
  id: string;
  agent: string;
  mos: number;
}

const CALLS: Call[] = [
  { id: 'c1', agent: 'alice', mos: 4.4 },
  { id: 'c2', agent: 'bob, jr', mos: 2.1 },
  { id: 'c3', agent: 'carol', mos: 3.3 },
];

const COLUMNS: DataTableColumn<Call>[] = [
  { field: 'id', headerName: 'Contact ID', text: (c) => c.id },
  { field: 'agent', headerName: 'Agent', text: (c) => c.agent, sortable: true },
  {
    field: 'mos',
    headerName: 'MOS',
    text: (c) => c.mos.toFixed(2),
    sortValue: (c) => c.mos,
    sortable: true,
    cellData: (c) => ({ 'data-band': c.mos >= 4 ? 'good' : 'bad' }),
  },
];

function renderTable(props: Partial<DataTableProps<Call>> = {}) {
  const all: DataTableProps<Call> = {
    label: 'Calls',
    rows: CALLS,
    columns: COLUMNS,
    getRowId: (c) => c.id,
    emptyText: 'No data Found',
    testIds: { table: 'calls' },
    ...props,
  };
  const view = render(
    <SnackbarProvider>
      <DataTable {...all} />
    </SnackbarProvider>,
  );
  return {
    ...view,
    rerenderWith: (next: Partial<DataTableProps<Call>>) =>
      view.rerender(
        <SnackbarProvider>
          <DataTable {...all} {...next} />
        </SnackbarProvider>,
      ),
  };
}

const rowTexts = () =>
  screen.getAllByTestId('calls-row').map((row) =>
    within(row)
      .getAllByRole('gridcell')
      .map((cell) => cell.textContent),
  );

/** jsdom's Blob has no text(): read it as the browser would save it. */
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
  vi.restoreAllMocks();
});

describe('DataTable', () => {
  it('shows the rows as grid rows with their cells, and the empty text when there are none', () => {
    const { rerenderWith } = renderTable();
    expect(screen.getByRole('grid', { name: 'Calls' })).toBeTruthy();
    expect(rowTexts()).toEqual([
      ['c1', 'alice', '4.40'],
      ['c2', 'bob, jr', '2.10'],
      ['c3', 'carol', '3.30'],
    ]);
    const mos = screen.getAllByTestId('calls-row')[0]?.querySelector('[data-field="mos"]');
    expect(mos?.getAttribute('data-band')).toBe('good');
    expect(screen.queryByTestId('calls-empty')).toBeNull();

    rerenderWith({ rows: [] });
    expect(screen.getByTestId('calls-empty').textContent).toBe('No data Found');
    expect(screen.queryAllByTestId('calls-row')).toHaveLength(0);
  });

  it('shows skeleton rows while the first page loads: 10 by default, or the count given', () => {
    const { rerenderWith } = renderTable({ rows: undefined });
    expect(screen.getAllByTestId('calls-skeleton-row')).toHaveLength(10);
    expect(screen.queryByTestId('calls-empty')).toBeNull();
    rerenderWith({ rows: undefined, skeletonRows: 5 });
    expect(screen.getAllByTestId('calls-skeleton-row')).toHaveLength(5);
    // A refetch keeps the rows (or the empty text) under a progress bar.
    rerenderWith({ rows: CALLS, loading: true });
    expect(screen.queryAllByTestId('calls-skeleton-row')).toHaveLength(0);
    expect(screen.getAllByTestId('calls-row')).toHaveLength(3);
    expect(screen.getByRole('progressbar', { name: 'Loading Calls' })).toBeTruthy();
    rerenderWith({ rows: [], loading: true });
    expect(screen.getByTestId('calls-empty')).toBeTruthy();
  });

  it('pages on the server: calls back with the page asked for and labels the range', () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    const paging = {
      mode: 'server' as const,
      page: 1,
      pageSize: 3,
      total: 8,
      pageSizeOptions: [3, 100, 500],
      onPageChange,
      onPageSizeChange,
    };
    const { rerenderWith } = renderTable({ paging });
    expect(screen.getByText('4–6 of 8')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(0);
    // Page sizes above the community grid's 100 are the table's own paging.
    rerenderWith({ paging: { ...paging, page: 0, pageSize: 500, total: 3 } });
    expect(screen.getByText('1–3 of 3')).toBeTruthy();
    rerenderWith({ paging: { ...paging, total: 3000, totalIsLowerBound: true } });
    expect(screen.getByText('4–6 of more than 3,000')).toBeTruthy();
  });

  it('pages held rows itself, 10 a page, with no footer while they fit one page', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `c${i}`, agent: `a${i}`, mos: 3 }));
    const { rerenderWith } = renderTable({ rows: many, paging: { mode: 'client' } });
    expect(screen.getAllByTestId('calls-row')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(screen.getAllByTestId('calls-row')).toHaveLength(2);
    expect(screen.getByText('11–12 of 12')).toBeTruthy();
    rerenderWith({ rows: many.slice(0, 10), paging: { mode: 'client' } });
    expect(screen.getAllByTestId('calls-row')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Go to next page' })).toBeNull();
  });

  it('sorts on the server: a new column asks descending, the sorted one flips', () => {
    const onChange = vi.fn();
    const { rerenderWith } = renderTable({
      sorting: { mode: 'server', field: 'agent', direction: 'desc', onChange },
    });
    fireEvent.click(screen.getByRole('columnheader', { name: /MOS/ }));
    expect(onChange).toHaveBeenLastCalledWith('mos', 'desc');
    fireEvent.click(screen.getByRole('columnheader', { name: /Agent/ }));
    expect(onChange).toHaveBeenLastCalledWith('agent', 'asc');
    rerenderWith({ sorting: { mode: 'server', field: 'agent', direction: 'asc', onChange } });
    fireEvent.click(screen.getByRole('columnheader', { name: /Agent/ }));
    expect(onChange).toHaveBeenLastCalledWith('agent', 'desc');
    // Unsortable columns do not ask.
    fireEvent.click(screen.getByRole('columnheader', { name: /Contact ID/ }));
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('sorts held rows by value: numbers as numbers', () => {
    renderTable({ sorting: { mode: 'client' } });
    fireEvent.click(screen.getByRole('columnheader', { name: /MOS/ }));
    expect(rowTexts().map((r) => r[2])).toEqual(['2.10', '3.30', '4.40']);
    fireEvent.click(screen.getByRole('columnheader', { name: /MOS/ }));
    expect(rowTexts().map((r) => r[2])).toEqual(['4.40', '3.30', '2.10']);
  });

  it('keeps the columns a user hides per page, and opens with them hidden next time', async () => {
    const { unmount } = renderTable({
      columnVisibilityKey: 'test/calls',
      columns: [
        ...COLUMNS,
        { field: 'actions', headerName: '', hideable: false, render: () => 'x' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const agent = await screen.findByRole('checkbox', { name: 'Agent' });
    // Row buttons cannot be hidden: not listed.
    expect(screen.queryByRole('checkbox', { name: 'actions' })).toBeNull();
    fireEvent.click(agent);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Agent/ })).toBeNull());
    expect(JSON.parse(window.localStorage.getItem('dataTable:columns:test/calls') ?? '{}')).toEqual(
      expect.objectContaining({ agent: false }),
    );
    unmount();

    renderTable({ columnVisibilityKey: 'test/calls' });
    expect(screen.queryByRole('columnheader', { name: /Agent/ })).toBeNull();
    expect(rowTexts()[0]).toEqual(['c1', '4.40']);
    // Another page keeps its own columns.
    renderTable({ columnVisibilityKey: 'test/other', testIds: { table: 'other' } });
    expect(
      within(screen.getByTestId('other')).getByRole('columnheader', { name: /Agent/ }),
    ).toBeTruthy();
  });

  it('downloads tableDownload.csv, comma-separated, of the shown columns of every row', async () => {
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
    const fetchAll = vi.fn(() => Promise.resolve([...CALLS, { id: 'c4', agent: 'dan', mos: 1 }]));
    renderTable({ csv: { rows: fetchAll } });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('tableDownload.csv');
    expect(await readBlob(saved[0]?.blob)).toBe(
      'Contact ID,Agent,MOS\r\nc1,alice,4.40\r\nc2,"bob, jr",2.10\r\nc3,carol,3.30\r\nc4,dan,1.00\r\n',
    );
  });

  it('disables Download CSV while the table is empty', () => {
    renderTable({ rows: [], csv: {} });
    expect(
      (screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('expands a row to show its detail under it, and collapses it again', () => {
    const onRowClick = vi.fn();
    renderTable({
      renderDetail: (c) => <span data-testid="detail">Detail of {c.id}</span>,
      onRowClick,
    });
    expect(screen.queryByTestId('detail')).toBeNull();
    const second = screen.getAllByTestId('calls-row')[1];
    if (!second) throw new Error('a second row expected');
    fireEvent.click(within(second).getByRole('button', { name: 'Expand row' }));
    expect(screen.getByTestId('detail').textContent).toBe('Detail of c2');
    // The detail sits right under its row, across the columns.
    const lines = screen.getAllByRole('row').slice(1);
    expect(lines[2]?.getAttribute('data-testid')).toBe('calls-row-detail');
    expect(within(second).getByRole('button', { name: 'Collapse row' })).toBeTruthy();
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(within(second).getByRole('button', { name: 'Collapse row' }));
    expect(screen.queryByTestId('detail')).toBeNull();
  });

  it('calls back with the row clicked', () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick, rowData: (c) => ({ 'data-call-id': c.id }) });
    const third = screen.getAllByTestId('calls-row')[2];
    expect(third?.getAttribute('data-call-id')).toBe('c3');
    if (third) fireEvent.click(within(third).getByText('carol'));
    expect(onRowClick).toHaveBeenCalledWith(CALLS[2]);
  });

  it('copies a copy column cell to the clipboard and says so', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderTable({
      columns: [{ field: 'id', headerName: 'Contact ID', text: (c) => c.id, copy: true }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy c2' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('c2'));
    fireEvent.mouseOver(screen.getByRole('button', { name: 'Copy c2' }));
    expect(await screen.findByRole('tooltip', { name: 'Copied!' })).toBeTruthy();
  });
});
