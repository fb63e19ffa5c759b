import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import '../../test/setup.ts';
import { HelpButton } from './help-button.tsx';

describe('help button', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    delete window.Beacon;
  });

  it('appears 500 ms after a route change and fades out after 30 s', () => {
    render(<HelpButton articleId="home-article" routeKey="/g1/home" />);
    expect(screen.queryByTestId('help-button')).toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('help-button')).toBeTruthy();
    act(() => vi.advanceTimersByTime(29_999));
    expect(screen.getByTestId('help-button')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    // Fading out for 500 ms.
    expect(screen.getByTestId('help-button')).toBeTruthy();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('help-button')).toBeNull();
  });

  it('reappears on the next route change, and not on pages without an article', () => {
    const view = render(<HelpButton articleId="home-article" routeKey="/g1/home" />);
    act(() => vi.advanceTimersByTime(30_500));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('help-button')).toBeNull();
    view.rerender(<HelpButton articleId="explorer-article" routeKey="/g1/explorer" />);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('help-button')).toBeTruthy();
    view.rerender(<HelpButton articleId={null} routeKey="/g1/workflows" />);
    act(() => vi.advanceTimersByTime(500));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('help-button')).toBeNull();
  });

  it('opens the article in the chat widget, or only logs an error without one', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<HelpButton articleId="home-article" routeKey="/g1/home" />);
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByTestId('help-button'));
    expect(error).toHaveBeenCalledTimes(1);
    const beacon = vi.fn();
    window.Beacon = beacon;
    fireEvent.click(screen.getByTestId('help-button'));
    expect(beacon).toHaveBeenCalledWith('article', 'home-article', { type: 'sidebar' });
    error.mockRestore();
  });
});
