import { describe, expect, it } from 'vitest';
import {
  type AbsoluteSelection,
  applyDateChange,
  applyDatePick,
  applyTimeChange,
  calendarCells,
  formatDateText,
  isSelectableDate,
  maxSelectableDate,
  parseDateText,
  selectionToTimeRange,
  shiftMonth,
  startSelection,
  yearOptions,
} from './calendar.ts';

// Wednesday 15 May 2024, 10:30:00 local time.
const NOW = new Date(2024, 4, 15, 10, 30, 0, 0);

const at = (...parts: [number, number, number, number?, number?, number?, number?]) =>
  new Date(
    parts[0],
    parts[1],
    parts[2],
    parts[3] ?? 0,
    parts[4] ?? 0,
    parts[5] ?? 0,
    parts[6] ?? 0,
  );

const selection = (from: Date, to: Date, selecting: 'from' | 'to' = 'from'): AbsoluteSelection => ({
  from,
  to,
  selecting,
});

describe('calendarCells', () => {
  it('shows 42 days from the Monday on or before the 1st', () => {
    const cells = calendarCells(2024, 4); // May 2024 starts on a Wednesday.
    expect(cells).toHaveLength(42);
    expect(cells[0]).toEqual({ date: at(2024, 3, 29), day: 29, inMonth: false, key: '2024-04-29' });
    expect(cells[2]).toEqual({ date: at(2024, 4, 1), day: 1, inMonth: true, key: '2024-05-01' });
    expect(cells[32]).toEqual({ date: at(2024, 4, 31), day: 31, inMonth: true, key: '2024-05-31' });
    expect(cells[41]).toEqual({ date: at(2024, 5, 9), day: 9, inMonth: false, key: '2024-06-09' });
    expect(cells.filter((cell) => cell.inMonth)).toHaveLength(31);
    cells.forEach((cell, index) => expect(cell.date.getDay()).toBe((index + 1) % 7));
  });

  it('starts on the 1st when it is a Monday', () => {
    const cells = calendarCells(2021, 1); // 1 February 2021 was a Monday; 28 days.
    expect(cells[0]?.key).toBe('2021-02-01');
    expect(cells[27]?.key).toBe('2021-02-28');
    expect(cells[28]).toMatchObject({ key: '2021-03-01', inMonth: false });
    expect(cells[41]?.key).toBe('2021-03-14');
  });

  it('shows six leading days when the 1st is a Sunday', () => {
    const cells = calendarCells(2024, 8); // 1 September 2024 was a Sunday.
    expect(cells[0]?.key).toBe('2024-08-26');
    expect(cells[6]).toMatchObject({ key: '2024-09-01', inMonth: true });
    expect(cells[41]?.key).toBe('2024-10-06');
  });

  it('crosses the year boundary', () => {
    const cells = calendarCells(2025, 0); // 1 January 2025 was a Wednesday.
    expect(cells[0]).toMatchObject({ key: '2024-12-30', inMonth: false });
    expect(cells[2]).toMatchObject({ key: '2025-01-01', inMonth: true });
  });
});

describe('limits', () => {
  it('offers the years 1900 to the current year plus 10', () => {
    const years = yearOptions(NOW);
    expect(years[0]).toBe(1900);
    expect(years.at(-1)).toBe(2034);
    expect(years).toHaveLength(135);
  });

  it('allows dates up to the end of today', () => {
    expect(maxSelectableDate(NOW)).toEqual(at(2024, 4, 15, 23, 59, 59, 999));
    expect(isSelectableDate(at(2024, 4, 15, 23, 59), NOW)).toBe(true);
    expect(isSelectableDate(at(1900, 0, 1), NOW)).toBe(true);
    expect(isSelectableDate(at(2024, 4, 16), NOW)).toBe(false);
  });

  it('moves a month back and forth across years', () => {
    expect(shiftMonth(2024, 0, -1)).toEqual({ year: 2023, month: 11 });
    expect(shiftMonth(2024, 11, 1)).toEqual({ year: 2025, month: 0 });
    expect(shiftMonth(2024, 4, 1)).toEqual({ year: 2024, month: 5 });
  });
});

describe('applyDatePick', () => {
  const start = selection(at(2024, 4, 10, 8, 0), at(2024, 4, 12, 18, 0));

  it('alternates between From and To, keeping each end’s time', () => {
    const first = applyDatePick(start, at(2024, 4, 11), NOW);
    expect(first).toEqual(selection(at(2024, 4, 11, 8, 0), at(2024, 4, 12, 18, 0), 'to'));
    const second = applyDatePick(first, at(2024, 4, 14), NOW);
    expect(second).toEqual(selection(at(2024, 4, 11, 8, 0), at(2024, 4, 14, 18, 0), 'from'));
    const third = applyDatePick(second, at(2024, 4, 1), NOW);
    expect(third).toEqual(selection(at(2024, 4, 1, 8, 0), at(2024, 4, 14, 18, 0), 'to'));
  });

  it('pushes the end to one day after a start moved past it', () => {
    expect(applyDatePick(start, at(2024, 4, 13), NOW)).toEqual(
      selection(at(2024, 4, 13, 8, 0), at(2024, 4, 14, 8, 0), 'to'),
    );
  });

  it('keeps a pushed end within today', () => {
    expect(applyDatePick(start, at(2024, 4, 15), NOW)).toEqual(
      selection(at(2024, 4, 15, 8, 0), at(2024, 4, 15, 23, 59, 59, 999), 'to'),
    );
  });

  it('pulls the start to one day before an end moved before it', () => {
    const selectingTo = { ...start, selecting: 'to' as const };
    expect(applyDatePick(selectingTo, at(2024, 4, 9), NOW)).toEqual(
      selection(at(2024, 4, 8, 18, 0), at(2024, 4, 9, 18, 0), 'from'),
    );
    // Same day, but the end's time falls before the start's.
    const early = selection(at(2024, 4, 10, 8, 0), at(2024, 4, 12, 6, 0), 'to');
    expect(applyDatePick(early, at(2024, 4, 10), NOW)).toEqual(
      selection(at(2024, 4, 9, 6, 0), at(2024, 4, 10, 6, 0), 'from'),
    );
  });

  it('keeps an end equal to the start', () => {
    const same = selection(at(2024, 4, 10, 8, 0), at(2024, 4, 12, 8, 0));
    expect(applyDatePick(same, at(2024, 4, 12), NOW)).toEqual(
      selection(at(2024, 4, 12, 8, 0), at(2024, 4, 12, 8, 0), 'to'),
    );
  });

  it('rejects a date after today and keeps selecting the same end', () => {
    expect(applyDatePick(start, at(2024, 4, 16), NOW)).toBe(start);
    const selectingTo = { ...start, selecting: 'to' as const };
    expect(applyDatePick(selectingTo, at(2025, 0, 1), NOW)).toBe(selectingTo);
    expect(applyDatePick(selectingTo, at(2024, 4, 15), NOW)).toEqual(
      selection(at(2024, 4, 10, 8, 0), at(2024, 4, 15, 18, 0), 'from'),
    );
  });

  it('moves to a shorter month without rolling over', () => {
    const january = selection(at(2024, 0, 31, 8, 0), at(2024, 2, 31, 9, 0));
    expect(applyDatePick(january, at(2024, 1, 15), NOW).from).toEqual(at(2024, 1, 15, 8, 0));
  });
});

describe('applyDateChange', () => {
  it('sets the named end without changing which end is selected', () => {
    const start = selection(at(2024, 4, 10, 8, 0), at(2024, 4, 12, 18, 0));
    expect(applyDateChange(start, 'to', at(2024, 4, 13), NOW)).toEqual(
      selection(at(2024, 4, 10, 8, 0), at(2024, 4, 13, 18, 0), 'from'),
    );
    expect(applyDateChange(start, 'to', at(2024, 4, 16), NOW)).toBe(start);
  });
});

describe('applyTimeChange', () => {
  const start = selection(at(2024, 4, 12, 8, 0), at(2024, 4, 12, 18, 0));

  it('sets hours and minutes, zeroing seconds', () => {
    const withSeconds = selection(at(2024, 4, 12, 8, 0, 30, 500), at(2024, 4, 12, 18, 0));
    expect(applyTimeChange(withSeconds, 'from', 9, 15)).toEqual(
      selection(at(2024, 4, 12, 9, 15), at(2024, 4, 12, 18, 0)),
    );
    expect(applyTimeChange(start, 'to', 23, 59)).toEqual(
      selection(at(2024, 4, 12, 8, 0), at(2024, 4, 12, 23, 59)),
    );
  });

  it('pushes the end to one minute after a start moved past it', () => {
    expect(applyTimeChange(start, 'from', 19, 30)).toEqual(
      selection(at(2024, 4, 12, 19, 30), at(2024, 4, 12, 19, 31)),
    );
  });

  it('pulls the start to one minute before an end moved before it', () => {
    expect(applyTimeChange(start, 'to', 7, 0)).toEqual(
      selection(at(2024, 4, 12, 6, 59), at(2024, 4, 12, 7, 0)),
    );
  });

  it('clamps hours to 0-23 and minutes to 0-59', () => {
    expect(applyTimeChange(start, 'to', 25, 75).to).toEqual(at(2024, 4, 12, 23, 59));
    expect(applyTimeChange(start, 'from', -3, -1).from).toEqual(at(2024, 4, 12, 0, 0));
    expect(applyTimeChange(start, 'from', 7.8, 5.2).from).toEqual(at(2024, 4, 12, 7, 5));
  });

  it('ignores values that are not numbers', () => {
    expect(applyTimeChange(start, 'from', Number.NaN, 5)).toBe(start);
    expect(applyTimeChange(start, 'to', 5, Number.POSITIVE_INFINITY)).toBe(start);
  });

  it('keeps a pushed end within today when given now', () => {
    const today = selection(at(2024, 4, 15, 8, 0), at(2024, 4, 15, 10, 0));
    expect(applyTimeChange(today, 'from', 23, 59, NOW)).toEqual(
      selection(at(2024, 4, 15, 23, 59), at(2024, 4, 15, 23, 59, 59, 999)),
    );
    expect(applyTimeChange(today, 'from', 23, 59)).toEqual(
      selection(at(2024, 4, 15, 23, 59), at(2024, 4, 16, 0, 0)),
    );
  });
});

describe('parseDateText', () => {
  const previous = at(2024, 4, 10, 8, 15, 30);

  it('reads DD-MM-YYYY onto the previous time of day', () => {
    expect(parseDateText('14-05-2024', previous)).toEqual(at(2024, 4, 14, 8, 15, 30));
    expect(parseDateText(' 1-2-2024 ', previous)).toEqual(at(2024, 1, 1, 8, 15, 30));
    expect(parseDateText('29-02-2024', previous)).toEqual(at(2024, 1, 29, 8, 15, 30));
    expect(parseDateText('01-01-1900', previous)).toEqual(at(1900, 0, 1, 8, 15, 30));
  });

  it.each([
    '',
    'abc',
    '31-02-2024',
    '29-02-2023',
    '00-05-2024',
    '14-13-2024',
    '14-00-2024',
    '2024-05-14',
    '14/05/2024',
    '14-05-24',
    '14-05-1899',
    '14-05-2024 10:00',
  ])('reverts %j to the previous value', (text) => {
    expect(parseDateText(text, previous)).toBe(previous);
  });

  it('formats the field as DD-MM-YYYY', () => {
    expect(formatDateText(at(2024, 4, 5, 23, 0))).toBe('05-05-2024');
  });
});

describe('selections and ranges', () => {
  it('starts selecting From and yields an absolute range', () => {
    const state = startSelection({ fromTime: at(2024, 4, 1), toTime: at(2024, 4, 2) });
    expect(state).toEqual(selection(at(2024, 4, 1), at(2024, 4, 2), 'from'));
    expect(selectionToTimeRange(state)).toEqual({
      kind: 'absolute',
      from: at(2024, 4, 1).toISOString(),
      to: at(2024, 4, 2).toISOString(),
    });
  });
});
