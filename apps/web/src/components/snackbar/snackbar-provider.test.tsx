import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import '../../test/setup.ts';
import { useState } from 'react';
import { SnackbarProvider, useSnackbar, type SnackbarSeverity } from './index.ts';

/** Buttons that show a message of each severity and dismiss the first one shown. */
function Buttons() {
  const { showTracked, dismiss } = useSnackbar();
  const [first, setFirst] = useState<number | null>(null);
  const say = (text: string, severity: SnackbarSeverity) => {
    const id = showTracked(text, severity);
    setFirst((current) => current ?? id);
  };
  return (
    <>
      <button type="button" onClick={() => say('Saved.', 'success')}>
        success
      </button>
      <button type="button" onClick={() => say('It broke.', 'error')}>
        error
      </button>
      <button type="button" onClick={() => say('Careful.', 'warning')}>
        warning
      </button>
      <button type="button" onClick={() => first !== null && dismiss(first)}>
        dismiss first
      </button>
    </>
  );
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const text = () => screen.queryByTestId('snackbar')?.textContent ?? null;
/** Moves the clock on; React renders what the timers changed at the end. */
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** The time-out fires, then the 800 ms fade runs (it starts once React has rendered). */
const hideAfter = (ms: number) => {
  wait(ms);
  wait(900);
};

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <SnackbarProvider>
      <Buttons />
    </SnackbarProvider>,
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SnackbarProvider', () => {
  it('hides a success message after 5 s, not 100 s', () => {
    click('success');
    expect(text()).toBe('Saved.');
    wait(4900);
    expect(text()).toBe('Saved.');
    hideAfter(100);
    expect(text()).toBeNull();
  });

  it('keeps warnings 6 s and errors 8 s', () => {
    click('warning');
    wait(5900);
    expect(text()).toBe('Careful.');
    hideAfter(100);
    expect(text()).toBeNull();

    click('error');
    wait(7900);
    expect(text()).toBe('It broke.');
    hideAfter(100);
    expect(text()).toBeNull();
  });

  it('a newer message gets its own time, and dismissing an older one leaves it', () => {
    click('success');
    wait(4000);
    click('error');
    expect(text()).toBe('It broke.');
    click('dismiss first');
    wait(7000);
    expect(text()).toBe('It broke.');
    hideAfter(1000);
    expect(text()).toBeNull();
  });

  it('dismiss closes the message when it is still the one shown', () => {
    click('warning');
    click('dismiss first');
    wait(900);
    expect(text()).toBeNull();
  });
});
