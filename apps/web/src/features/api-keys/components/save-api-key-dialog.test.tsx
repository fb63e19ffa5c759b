import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import '../../../test/setup.ts';
import { SaveApiKeyDialog } from './save-api-key-dialog.tsx';

const created = {
  id: '6b0f8a52-3b1f-4c55-9a3e-0d2f1c1c1c1c',
  label: 'Collector',
  token: `cs_${'a'.repeat(43)}`,
  lastAccessed: null,
  createdOn: '2030-01-01T00:00:00.000Z',
};

afterEach(() => vi.useRealTimers());

describe('SaveApiKeyDialog', () => {
  it('cannot be dismissed by Escape or the backdrop; only Done closes it', () => {
    const onDone = vi.fn();
    render(<SaveApiKeyDialog created={created} onDone={onDone} />);
    const dialog = screen.getByRole('dialog', { name: 'Save your key' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    const backdrop = document.querySelector('.MuiBackdrop-root');
    if (backdrop) fireEvent.click(backdrop);
    expect(screen.getByRole('dialog', { name: 'Save your key' })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('copies the key and shows "Copied!" for 2 s', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<SaveApiKeyDialog created={created} onDone={() => {}} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(created.token);
    expect(screen.getByTestId('copy-api-key').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByTestId('copy-api-key').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('copy-api-key').textContent).toBe('Copy');
  });
});
