import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { HELP_TEXTS } from '@callsight/shared/help/schemas';
import '../../test/setup.ts';
import { jsonResponse } from '../../test/factories.ts';
import { mockApi } from '../../test/render-app.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { HelpButton } from './help-button.tsx';

const ARTICLES: Record<string, { title: string; markdown: string }> = {
  explorer: {
    title: 'Calls and Logs',
    markdown:
      '## Call Stats Log\n\nOne row per call. See [Call detail](call-detail.md).\n\n- **Score** out of 10\n- <b>not bold</b>',
  },
  'call-detail': { title: 'Call detail', markdown: 'Everything about **one call**.' },
  workflows: { title: 'Workflows', markdown: 'A workflow watches your calls.' },
};

function helpApi() {
  return mockApi({
    'GET /api/help': (_init, url) => {
      const page = new URL(url, 'http://localhost').searchParams.get('page') ?? '';
      const article = ARTICLES[page];
      return article
        ? jsonResponse(200, { page, ...article })
        : jsonResponse(404, { error: { code: 'NOT_FOUND', message: HELP_TEXTS.notFound } });
    },
  });
}

function renderButton(articleId: string | null, routeKey: string) {
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <HelpButton articleId={articleId} routeKey={routeKey} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    rerender: (a: string | null, r: string) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <HelpButton articleId={a} routeKey={r} />
        </QueryClientProvider>,
      ),
  };
}

afterEach(() => {
  delete window.Beacon;
  vi.unstubAllGlobals();
});

describe('help button: showing and hiding', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears 500 ms after a route change and fades out after 30 s', () => {
    renderButton('home-article', '/g1/home');
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

  it('reappears on the next route change on the dashboards and the explorer, never elsewhere', () => {
    const view = renderButton('home-article', '/g1/home');
    act(() => vi.advanceTimersByTime(30_500));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('help-button')).toBeNull();
    view.rerender('explorer-article', '/g1/explorer/calls');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('help-button')).toBeTruthy();
    // Workflows: our own article exists, but the spec puts the button on the dashboards and the
    // explorer only (issue 33); the drawer's other topics lead to it.
    view.rerender(null, '/g1/workflows');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('help-button')).toBeNull();
    // GSM monitors: neither.
    view.rerender(null, '/g1/gsm/monitors');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('help-button')).toBeNull();
  });
});

describe('help button: what a click opens', () => {
  it('opens the article in the chat widget when one is configured (spec 000 §2.4)', async () => {
    const api = helpApi();
    const beacon = vi.fn();
    window.Beacon = beacon;
    renderButton('callsight-calls-and-logs-explorer', '/g1/explorer/calls');
    fireEvent.click(await screen.findByTestId('help-button'));
    expect(beacon).toHaveBeenCalledWith('article', 'callsight-calls-and-logs-explorer', {
      type: 'sidebar',
    });
    expect(screen.queryByTestId('help-drawer')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('without a widget opens our own article of the page in a drawer, with no error logged', async () => {
    const api = helpApi();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderButton('callsight-calls-and-logs-explorer', '/g1/explorer/calls');
    fireEvent.click(await screen.findByTestId('help-button'));

    const drawer = within(await screen.findByRole('dialog', { name: 'Calls and Logs' }));
    expect(await drawer.findByRole('heading', { name: 'Call Stats Log' })).toBeTruthy();
    expect(drawer.getByText('Score').tagName).toBe('STRONG');
    // Raw HTML in an article stays text.
    expect(drawer.getByText('<b>not bold</b>')).toBeTruthy();
    expect(api.calls.map((c) => c.url)).toEqual(['/api/help?page=explorer']);
    expect(error).not.toHaveBeenCalled();

    // A link to another article opens it in the same drawer.
    const body = within(drawer.getByTestId('help-article-body'));
    fireEvent.click(body.getByRole('button', { name: 'Call detail' }));
    expect(await screen.findByRole('dialog', { name: 'Call detail' })).toBeTruthy();
    expect(await screen.findByText('one call')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close help' }));
    await waitFor(() => expect(screen.queryByTestId('help-drawer')).toBeNull());
    error.mockRestore();
  });

  it("leads from a page's article to the other topics, and says when one has none", async () => {
    helpApi();
    renderButton('callsight-calls-and-logs-explorer', '/g1/explorer/calls');
    fireEvent.click(await screen.findByTestId('help-button'));
    fireEvent.click(await screen.findByRole('button', { name: 'Workflows' }));
    expect(await screen.findByText('A workflow watches your calls.')).toBeTruthy();

    // A topic without an article (as after a release that dropped it): the drawer says so.
    fireEvent.click(screen.getByRole('button', { name: 'Groups' }));
    expect(await screen.findByText(HELP_TEXTS.notFound)).toBeTruthy();
  });
});
