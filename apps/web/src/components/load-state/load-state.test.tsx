import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '../../test/setup.ts';
import { LoadState, RetryAlert } from './index.ts';

describe('RetryAlert', () => {
  it('says the failure and retries on Retry', () => {
    const onRetry = vi.fn();
    render(
      <RetryAlert testId="things-error" onRetry={onRetry}>
        The things could not be loaded.
      </RetryAlert>,
    );
    const alert = screen.getByTestId('things-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('The things could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('LoadState', () => {
  it('shows a spinner while loading', () => {
    render(<LoadState failed={false} failedText="Failed." onRetry={() => undefined} />);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the failure with Retry once the load failed', () => {
    const onRetry = vi.fn();
    render(<LoadState failed failedText="The campaign could not be loaded." onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('The campaign could not be loaded.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
