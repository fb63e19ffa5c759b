import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { DEFAULT_RANGES, type TimeRange } from '@callsight/shared/time-range/index';
import { useTimeRangeParam } from './use-time-range-param.ts';

const LAST_HOUR: TimeRange = { kind: 'relative', from: 'now-1h', to: 'now' };

function Probe({ next }: { next: TimeRange }) {
  const [range, setRange] = useTimeRangeParam(DEFAULT_RANGES.calls);
  const location = useLocation();
  return (
    <>
      <output data-testid="range">{JSON.stringify(range)}</output>
      <output data-testid="search">{location.search}</output>
      <button onClick={() => setRange(next)}>set</button>
    </>
  );
}

function renderAt(url: string, next: TimeRange = LAST_HOUR) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe next={next} />
    </MemoryRouter>,
  );
}

const shown = () => JSON.parse(screen.getByTestId('range').textContent ?? 'null') as unknown;

afterEach(() => cleanup());

describe('useTimeRangeParam', () => {
  it('reads from and to from the URL', () => {
    renderAt('/calls?from=now-7d&to=now');
    expect(shown()).toEqual({ kind: 'relative', from: 'now-7d', to: 'now' });
  });

  it('falls back to the default when missing or malformed', () => {
    renderAt('/calls?from=now-7x&to=now');
    expect(shown()).toEqual({ kind: 'relative', from: 'now-4h', to: 'now' });
  });

  it('writes the range and keeps other parameters', async () => {
    const next: TimeRange = {
      kind: 'absolute',
      from: '2024-05-01T08:00:00.000Z',
      to: '2024-05-02T08:00:00.000Z',
    };
    renderAt('/calls?filter=a~~b', next);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'set' }));
    expect(shown()).toEqual(next);
    const search = new URLSearchParams(screen.getByTestId('search').textContent ?? '');
    expect(search.get('filter')).toBe('a~~b');
    expect(search.get('from')).toBe('2024-05-01T08:00:00.000Z');
    expect(search.get('to')).toBe('2024-05-02T08:00:00.000Z');
  });
});
