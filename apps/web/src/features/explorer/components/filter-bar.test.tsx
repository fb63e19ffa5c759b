import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import '../../../test/setup.ts';
import { FilterBar } from './filter-bar.tsx';

function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('FilterBar', () => {
  it('applies only when field, operator and value are all given', () => {
    const onChange = vi.fn();
    render(<FilterBar list="calls" filters={[]} onChange={onChange} />);
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);
    choose('Field', 'RTT (ms)');
    expect(apply).toHaveProperty('disabled', true);
    choose('Operator', '<=');
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), {
      target: { value: ' 150 ' },
    });
    fireEvent.click(apply);
    expect(onChange).toHaveBeenCalledWith([{ field: 'rtt', operator: '<=', value: '150' }]);
  });

  it('does not apply a numeric value that is not a number; text fields take = only', () => {
    const onChange = vi.fn();
    render(<FilterBar list="calls" filters={[]} onChange={onChange} />);
    choose('Field', 'MOS');
    choose('Operator', '>=');
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: 'good' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Enter a number')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();

    choose('Field', 'Agent ISP');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Operator' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['=']);
  });

  it('lists the applied filters and removes one or all', () => {
    const onChange = vi.fn();
    const filters = [
      { field: 'agent', operator: '=' as const, value: 'alice' },
      { field: 'packetsLostFraction', operator: '>=' as const, value: '1' },
    ];
    render(<FilterBar list="calls" filters={filters} onChange={onChange} />);
    expect(screen.getByText('Agent = alice')).toBeTruthy();
    expect(screen.getByText('Packet Loss (%) >= 1')).toBeTruthy();
    const chip = screen.getByText('Agent = alice').closest('.MuiChip-root');
    const remove = chip?.querySelector('.MuiChip-deleteIcon');
    if (!remove) throw new Error('no delete icon');
    fireEvent.click(remove);
    expect(onChange).toHaveBeenLastCalledWith([filters[1]]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
