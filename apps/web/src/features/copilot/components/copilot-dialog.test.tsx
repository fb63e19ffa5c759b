import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import '../../../test/setup.ts';
import { jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { CopilotDialog } from './copilot-dialog.tsx';
import { splitWords } from './typed-text.tsx';
import { copilotVariant } from '../api/ask-copilot.ts';
import type { EnabledFeature } from '@callsight/shared';

const RESPONSE =
  'Here is the average MOS by agent in the last 7 days across the whole contact centre, with the daily trend drawn below for the same agents and days.';
const REPLY = {
  response: RESPONSE,
  artifacts: [
    {
      type: 'table',
      title: 'Average MOS by agent',
      columns: [
        { key: 'key', label: 'Agent' },
        { key: 'mos', label: 'Average MOS' },
      ],
      rows: [
        { key: 'alice', mos: 4.2 },
        { key: 'bob', mos: 3.1 },
      ],
    },
    { type: 'chart', title: 'Trend', data: { series: 'broken' } },
  ],
  threadId: '6f1c1c1e-2d6e-4c55-9a0e-8a1f4b8f2c11',
};

function renderDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CopilotDialog open onClose={vi.fn()} variant="garvis2" />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog'));
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

describe('CopilotDialog', () => {
  it('opens a link answer (the calls of "show me those calls") inside the current group', async () => {
    mockApi({
      'POST /api/garvis2/ask': () =>
        jsonResponse(200, {
          response: 'I found 2 calls yesterday.',
          artifacts: [
            {
              type: 'link',
              title: 'Open these calls in the explorer',
              label: 'Open in the explorer',
              path: 'explorer/calls?from=2026-03-10T00%3A00%3A00.000Z&to=2026-03-11T00%3A00%3A00.000Z',
            },
          ],
          threadId: REPLY.threadId,
        }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/g-1/dashboard']}>
          <Routes>
            <Route
              path=":groupId/*"
              element={
                <>
                  <CopilotDialog open onClose={vi.fn()} variant="garvis2" />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('Question'), {
      target: { value: 'show me those calls' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask' }));
    fireEvent.click(await dialog.findByRole('link', { name: 'Open in the explorer' }));
    expect(screen.getByTestId('where').textContent).toBe(
      '/g-1/explorer/calls?from=2026-03-10T00%3A00%3A00.000Z&to=2026-03-11T00%3A00%3A00.000Z',
    );
  });

  it('ignores an empty ask, shows the table at once, types the reply and then the chart', async () => {
    const api = mockApi({ 'POST /api/garvis2/ask': () => jsonResponse(200, REPLY) });
    const dialog = renderDialog();
    fireEvent.change(dialog.getByLabelText('Question'), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask' }));
    expect(api.calls).toHaveLength(0);
    expect(dialog.queryByTestId('copilot-question')).toBeNull();

    fireEvent.change(dialog.getByLabelText('Question'), { target: { value: 'MOS by agent?' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask' }));
    // The table comes with the reply, before the typing is done and before any chart.
    const table = await dialog.findByTestId('copilot-table');
    expect(within(table).getByRole('row', { name: 'alice 4.2' })).toBeTruthy();
    const reply = dialog.getByTestId('copilot-reply');
    expect(reply.getAttribute('data-typed')).toBe('false');
    expect(dialog.getByTestId('copilot-reply-text').textContent).not.toBe(RESPONSE);
    expect(dialog.queryByTestId('copilot-chart')).toBeNull();

    await waitFor(() => expect(reply.getAttribute('data-typed')).toBe('true'));
    expect(dialog.getByTestId('copilot-reply-text').textContent).toBe(RESPONSE);
    // A chart that cannot be drawn shows the spec's text.
    expect((await dialog.findByTestId('copilot-chart-error')).textContent).toBe(
      'Unable to render chart',
    );
    expect(api.calls[0]?.body).toMatchObject({ question: 'MOS by agent?' });
    expect(api.calls[0]?.body).not.toHaveProperty('threadId');

    fireEvent.change(dialog.getByLabelText('Question'), { target: { value: 'and by ISP?' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]?.body).toMatchObject({ question: 'and by ISP?', threadId: REPLY.threadId });
  });

  it('says there was a problem when the ask fails', async () => {
    mockApi({
      'POST /api/garvis2/ask': () =>
        jsonResponse(500, { error: { code: 'INTERNAL', message: 'boom' } }),
    });
    const dialog = renderDialog();
    fireEvent.change(dialog.getByLabelText('Question'), { target: { value: 'How many calls?' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Ask' }));
    expect((await dialog.findByTestId('copilot-error')).textContent).toBe(
      'Sorry, there was a problem! Try again.',
    );
  });
});

describe('splitWords', () => {
  it('keeps each word with its following spaces and line breaks', () => {
    expect(splitWords('Hello  there\nfriend')).toEqual(['Hello  ', 'there\n', 'friend']);
    expect(splitWords('')).toEqual([]);
  });
});

describe('copilotVariant', () => {
  const on = (...features: EnabledFeature['feature'][]) =>
    features.map((feature) => ({ group: 'g1', feature }));
  it('picks the ask of the group’s flags (spec 002 §6, §7.6)', () => {
    expect(copilotVariant(on('garvis2'), 'g1')).toBe('garvis2');
    expect(copilotVariant(on('garvis2', 'garvisPreview'), 'g1')).toBe('garvis2Preview');
    expect(copilotVariant(on('garvis'), 'g1')).toBe('garvis');
    expect(copilotVariant(on('garvisPreview'), 'g1')).toBeNull();
    expect(copilotVariant(on('garvis2'), 'other')).toBeNull();
  });
});
