import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '../../test/setup.ts';
import { NameCell, TableSearchField, TagsCell } from './index.ts';

describe('table cells', () => {
  it('shows a name with its description, and the name alone without one', () => {
    const { rerender } = render(<NameCell name="Spring load" description="Before the sale" />);
    expect(screen.getByText('Spring load')).toBeTruthy();
    expect(screen.getByText('Before the sale')).toBeTruthy();
    rerender(<NameCell name="Spring load" description="" />);
    expect(screen.getByText('Spring load').parentElement?.childElementCount).toBe(1);
  });

  it('shows each tag as a chip', () => {
    const { container } = render(<TagsCell tags={['nightly', 'eu']} />);
    expect([...container.querySelectorAll('.MuiChip-label')].map((c) => c.textContent)).toEqual([
      'nightly',
      'eu',
    ]);
  });
});

describe('TableSearchField', () => {
  it('is named by its label and reports what is typed', () => {
    const onChange = vi.fn();
    render(<TableSearchField label="Search Campaigns" value="" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Search Campaigns' });
    expect(input.getAttribute('placeholder')).toBe('Search Campaigns');
    expect(input.getAttribute('type')).toBe('text');
    fireEvent.change(input, { target: { value: 'spr' } });
    expect(onChange).toHaveBeenCalledWith('spr');
  });

  it('is a search input when clearable', () => {
    render(<TableSearchField clearable label="Search" value="x" onChange={() => undefined} />);
    expect(screen.getByRole('searchbox', { name: 'Search' }).getAttribute('type')).toBe('search');
  });
});
