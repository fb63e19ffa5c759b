import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Teammate } from '@callsight/shared';
import '../../../test/setup.ts';
import { GROUP_ID, OTHER_GROUP_ID } from '../../../test/factories.ts';
import { TeammatesTable } from './teammates-table.tsx';

function teammate(i: number, overrides: Partial<Teammate> = {}): Teammate {
  return {
    id: `u${i}`,
    name: `Person ${String(i).padStart(2, '0')}`,
    email: `person${i}@example.com`,
    picture: null,
    role: 'viewer',
    isSuper: false,
    isMember: true,
    group: { id: GROUP_ID, name: 'Acme Support' },
    groups: [{ id: GROUP_ID, name: 'Acme Support' }],
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function renderTable(
  teammates: Teammate[] | undefined,
  props: { loading?: boolean; removingId?: string | null; onRemove?: (t: Teammate) => void } = {},
) {
  return render(
    <MemoryRouter>
      <TeammatesTable
        groupId={GROUP_ID}
        teammates={teammates}
        loading={props.loading ?? false}
        removingId={props.removingId ?? null}
        onRemove={props.onRemove ?? (() => undefined)}
      />
    </MemoryRouter>,
  );
}

const names = () =>
  screen
    .getAllByTestId('teammate-row')
    .map((row) => within(row).getAllByRole('gridcell')[0]?.textContent);

describe('TeammatesTable', () => {
  it("is the app's data grid: ten skeleton rows while loading, then the members", () => {
    const { rerender } = renderTable(undefined, { loading: true });
    expect(screen.getByRole('grid', { name: 'Teammates' })).toBeTruthy();
    expect(screen.getAllByTestId('teammate-skeleton-row')).toHaveLength(10);
    rerender(
      <MemoryRouter>
        <TeammatesTable
          groupId={GROUP_ID}
          teammates={[teammate(1, { role: 'admin', isSuper: true })]}
          loading={false}
          removingId={null}
          onRemove={() => undefined}
        />
      </MemoryRouter>,
    );
    expect(screen.queryAllByTestId('teammate-skeleton-row')).toHaveLength(0);
    const [row] = screen.getAllByTestId('teammate-row');
    if (!row) throw new Error('one row expected');
    const cells = within(row).getAllByRole('gridcell');
    expect(cells.map((c) => c.getAttribute('data-field'))).toEqual([
      'name',
      'email',
      'role',
      'actions',
    ]);
    expect(cells[0]?.textContent).toBe('P0Person 01Super');
    expect(cells[1]?.textContent).toBe('person1@example.com');
    expect(cells[2]?.textContent).toBe('Group Admin');
    expect(within(row).getByRole('link', { name: 'Edit Person 01' }).getAttribute('href')).toBe(
      `/${GROUP_ID}/admin/user/u1`,
    );
  });

  it('searches by name, e-mail and role, and says so when nothing matches', () => {
    renderTable([
      teammate(1, { name: 'Ada Lovelace' }),
      teammate(2, { name: 'Grace Hopper', email: 'grace@navy.example', role: 'admin' }),
      teammate(3, { name: 'Alan Turing', role: 'user' }),
    ]);
    const search = screen.getByRole('textbox', { name: 'Search Teammates' });
    fireEvent.change(search, { target: { value: 'navy' } });
    expect(names()).toEqual(['GHGrace Hopper']);
    fireEvent.change(search, { target: { value: 'group user' } });
    expect(names()).toEqual(['ATAlan Turing']);
    fireEvent.change(search, { target: { value: 'LOVELACE' } });
    expect(names()).toEqual(['ALAda Lovelace']);
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.queryAllByTestId('teammate-row')).toHaveLength(0);
    expect(screen.getByTestId('teammates-empty').textContent).toBe(
      'Sorry, no matching records found',
    );
  });

  it('pages by 10 and goes back to the first page on a new search', () => {
    renderTable(Array.from({ length: 12 }, (_, i) => teammate(i + 1)));
    expect(screen.getAllByTestId('teammate-row')).toHaveLength(10);
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(names()).toEqual(['P1Person 11', 'P1Person 12']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search Teammates' }), {
      target: { value: 'Person 1' },
    });
    // Persons 10 to 12: one page again, shown from its first row.
    expect(names()).toEqual(['P1Person 10', 'P1Person 11', 'P1Person 12']);
    expect(screen.queryByRole('button', { name: 'Go to next page' })).toBeNull();
  });

  it('asks to remove a teammate, and not twice while the removal runs', () => {
    const onRemove = vi.fn();
    const rows = [teammate(1), teammate(2, { groups: [{ id: OTHER_GROUP_ID, name: 'Sales' }] })];
    const { rerender } = renderTable(rows, { onRemove });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Teammate Person 02' }));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ id: 'u2' }));
    rerender(
      <MemoryRouter>
        <TeammatesTable
          groupId={GROUP_ID}
          teammates={rows}
          loading={false}
          removingId="u2"
          onRemove={onRemove}
        />
      </MemoryRouter>,
    );
    const removing = screen.getByRole('button', { name: 'Remove Teammate Person 02' });
    expect((removing as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Remove Teammate Person 01' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });
});
