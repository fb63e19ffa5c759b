import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { absoluteRange, DEFAULT_RANGES, type TimeRange } from '@callsight/shared/time-range/index';
import { TimeRangePicker } from './time-range-picker.tsx';

// Wednesday 15 May 2024, 10:30 local time.
const NOW = new Date(2024, 4, 15, 10, 30);
const at = (month: number, day: number, hours = 0, minutes = 0) =>
  new Date(2024, month, day, hours, minutes);

/** Keeps the value like a screen does, so that auto-applied changes flow back in. */
function Harness({
  initial,
  onChange,
}: {
  initial: TimeRange;
  onChange: (range: TimeRange) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TimeRangePicker
      value={value}
      now={NOW}
      onChange={(range) => {
        setValue(range);
        onChange(range);
      }}
    />
  );
}

function setup(initial: TimeRange) {
  const onChange = vi.fn<(range: TimeRange) => void>();
  const user = userEvent.setup({ delay: null });
  render(<Harness initial={initial} onChange={onChange} />);
  return { onChange, user };
}

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('time-range-picker-button'));
  return screen.findByRole('dialog', { name: 'Time Range' });
}

const legend = () => screen.getByTestId('time-range-legend').textContent;
/** A day cell by its DD-MM-YYYY name (looked up by test id: role queries are slow on 84 cells). */
function day(side: 'from' | 'to', text: string): HTMLButtonElement {
  const [dd, mm, yyyy] = text.split('-');
  const cell = screen.getByTestId(`time-range-${side}-day-${yyyy}-${mm}-${dd}`);
  expect(cell.getAttribute('aria-label')).toBe(text);
  return cell as HTMLButtonElement;
}

afterEach(() => cleanup());

// Each test drives a popover of ~300 elements through jsdom: allow more than the default 5 s.
describe('TimeRangePicker', { timeout: 20_000 }, () => {
  it('shows the range label and applies a quick range', async () => {
    const { onChange, user } = setup(DEFAULT_RANGES.picker);
    expect(screen.getByTestId('time-range-picker-button').textContent).toBe('Last 15 minutes');

    const dialog = await openPicker(user);
    expect(within(dialog).getByRole('tab', { name: 'Quick' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(within(dialog).getByRole('button', { name: 'Set' })).toBeTruthy();
    expect(
      screen.getByTestId('time-range-quick-last-15-minutes').getAttribute('aria-current'),
    ).toBe('true');
    expect(
      screen.getByTestId('time-range-quick-custom-range').getAttribute('aria-current'),
    ).toBeNull();

    await user.click(screen.getByTestId('time-range-quick-last-4-hours'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ kind: 'relative', from: 'now-4h', to: 'now' });
    await waitFor(() => expect(screen.queryByTestId('time-range-popover')).toBeNull());
    expect(screen.getByTestId('time-range-picker-button').textContent).toBe('Last 4 hours');
  });

  it('lists every preset and Custom Range in order', async () => {
    const { user } = setup(DEFAULT_RANGES.picker);
    await openPicker(user);
    const items = within(screen.getByRole('list', { name: 'Quick ranges' })).getAllByRole('button');
    expect(
      items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent),
    ).toEqual([
      'Today',
      'This week',
      'This month',
      'This year',
      'Last 15 minutes',
      'Last 30 minutes',
      'Last 1 hour',
      'Last 4 hours',
      'Last 12 hours',
      'Last 24 hours',
      'Last 7 days',
      'Last 30 days',
      'Last 60 days',
      'Last 90 days',
      'Last 6 months',
      'Last 1 year',
      'Last 2 years',
      'Last 5 years',
      'Custom Range',
    ]);
  });

  it('auto-applies each date pick, alternating From and To', async () => {
    const { onChange, user } = setup(DEFAULT_RANGES.picker);
    await openPicker(user);
    await user.click(screen.getByRole('tab', { name: 'Absolute' }));
    expect(legend()).toBe('Selecting From');

    // Last 15 minutes resolves to 10:15 .. 10:30 today; picks keep each end's time.
    await user.click(day('from', '10-05-2024'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(absoluteRange(at(4, 10, 10, 15), at(4, 15, 10, 30)));
    expect(legend()).toBe('Selecting To');

    await user.click(day('to', '12-05-2024'));
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(absoluteRange(at(4, 10, 10, 15), at(4, 12, 10, 30)));
    expect(legend()).toBe('Selecting From');
    expect(day('from', '10-05-2024').getAttribute('data-range-end')).toBe('from');
    expect(day('from', '12-05-2024').getAttribute('data-range-end')).toBe('to');

    // The third pick sets From again, even on the To calendar.
    await user.click(day('to', '11-05-2024'));
    expect(onChange).toHaveBeenLastCalledWith(absoluteRange(at(4, 11, 10, 15), at(4, 12, 10, 30)));
    expect(legend()).toBe('Selecting To');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('time-range-popover')).toBeNull());
    expect(screen.getByTestId('time-range-picker-button').textContent).toBe(
      '11-05-2024 10:15 to 12-05-2024 10:30',
    );
  });

  it('pushes the end a day past a start moved beyond it and disables days after today', async () => {
    const { onChange, user } = setup(absoluteRange(at(4, 10, 8), at(4, 12, 18)));
    await openPicker(user);
    expect(screen.getByRole('tab', { name: 'Absolute' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(day('to', '16-05-2024').disabled).toBe(true);
    expect(day('to', '15-05-2024').disabled).toBe(false);

    await user.click(day('from', '13-05-2024'));
    expect(onChange).toHaveBeenLastCalledWith(absoluteRange(at(4, 13, 8), at(4, 14, 8)));
  });

  it("highlights 'Custom Range' for an unmatched range and returns to Absolute from it", async () => {
    const { user } = setup(absoluteRange(at(4, 10, 8), at(4, 12, 18)));
    await openPicker(user);
    await user.click(screen.getByRole('tab', { name: 'Quick' }));
    const custom = screen.getByTestId('time-range-quick-custom-range');
    expect(custom.getAttribute('aria-current')).toBe('true');
    await user.click(custom);
    expect(screen.getByRole('tab', { name: 'Absolute' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('highlights the quick range an absolute range matches', async () => {
    const { user } = setup(absoluteRange(at(4, 15, 0, 0), at(4, 15, 23, 59)));
    await openPicker(user);
    await user.click(screen.getByRole('tab', { name: 'Quick' }));
    expect(screen.getByTestId('time-range-quick-today').getAttribute('aria-current')).toBe('true');
  });

  it('reverts invalid date text and applies valid text', async () => {
    const { onChange, user } = setup(absoluteRange(at(4, 10, 8), at(4, 12, 18)));
    await openPicker(user);
    const input = screen.getByRole('textbox', { name: 'From date' }) as HTMLInputElement;
    expect(input.value).toBe('10-05-2024');

    await user.clear(input);
    await user.type(input, '31-02-2024{Enter}');
    expect(input.value).toBe('10-05-2024');
    await user.clear(input);
    await user.type(input, '20-05-2024{Enter}'); // after today: rejected
    expect(input.value).toBe('10-05-2024');
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, '09-04-2024{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(absoluteRange(at(3, 9, 8), at(4, 12, 18)));
    expect(input.value).toBe('09-04-2024');
    // The From calendar follows the typed month.
    expect(
      (screen.getByRole('combobox', { name: 'From Date month' }) as HTMLSelectElement).value,
    ).toBe('3');
  });

  it('applies hour and minute fields with the 1-minute push and 0-23 clamp', async () => {
    const { onChange, user } = setup(absoluteRange(at(4, 12, 8), at(4, 12, 18)));
    await openPicker(user);
    const hours = screen.getByRole('spinbutton', { name: 'From hours' }) as HTMLInputElement;
    const minutes = screen.getByRole('spinbutton', { name: 'From minutes' }) as HTMLInputElement;

    await user.clear(hours);
    await user.type(hours, '19{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(absoluteRange(at(4, 12, 19), at(4, 12, 19, 1)));

    await user.clear(hours);
    await user.type(hours, '30{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(absoluteRange(at(4, 12, 23), at(4, 12, 23, 1)));
    expect(hours.value).toBe('23');

    const calls = onChange.mock.calls.length;
    await user.clear(minutes);
    await user.type(minutes, '{Enter}');
    expect(onChange).toHaveBeenCalledTimes(calls);
    expect(minutes.value).toBe('0');
  });

  it('navigates months with the arrows and selectors', async () => {
    const { user } = setup(absoluteRange(at(4, 10, 8), at(4, 12, 18)));
    await openPicker(user);
    const month = screen.getByRole('combobox', { name: 'From Date month' }) as HTMLSelectElement;
    const year = screen.getByRole('combobox', { name: 'From Date year' }) as HTMLSelectElement;
    await user.click(screen.getByRole('button', { name: 'From Date previous month' }));
    expect(month.value).toBe('3');
    await user.selectOptions(year, '2023');
    await user.click(screen.getByRole('button', { name: 'From Date next month' }));
    expect([month.value, year.value]).toEqual(['4', '2023']);
    expect(day('from', '01-05-2023').getAttribute('data-in-month')).toBe('true');
    expect(year.options[0]?.value).toBe('1900');
    expect(year.options[year.options.length - 1]?.value).toBe('2034');
  });

  it('applies the shown range with Set and closes', async () => {
    const { onChange, user } = setup(DEFAULT_RANGES.picker);
    await openPicker(user);
    await user.click(screen.getByRole('tab', { name: 'Absolute' }));
    await user.click(screen.getByRole('button', { name: 'Set' }));
    expect(onChange).toHaveBeenCalledWith(absoluteRange(at(4, 15, 10, 15), at(4, 15, 10, 30)));
    await waitFor(() => expect(screen.queryByTestId('time-range-popover')).toBeNull());
  });

  it('closes on Escape without a change', async () => {
    const { onChange, user } = setup(DEFAULT_RANGES.picker);
    await openPicker(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('time-range-popover')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });
});
