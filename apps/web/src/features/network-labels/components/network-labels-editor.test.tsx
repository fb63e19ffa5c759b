import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import '../../../test/setup.ts';
import { jsonResponse } from '../../../test/factories.ts';
import { mockApi } from '../../../test/render-app.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { NetworkLabelsEditor } from './network-labels-editor.tsx';

function renderEditor(initial: { cidr: string; label: string }[]) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NetworkLabelsEditor groupId="g-1" initial={initial} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { onDone };
}

const input = (name: string) => screen.getByRole('textbox', { name });

describe('NetworkLabelsEditor', () => {
  it('shows both errors of an empty new row on submit and sends nothing', async () => {
    const api = mockApi({});
    renderEditor([]);
    expect(screen.getByText('No Networks To Edit')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Network 0/50' }));
    expect(screen.queryByText('Please enter a label (max 120 characters)')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Changes' }));
    expect(
      await screen.findByText('Please enter a valid CIDR range (e.g. 192.168.1.0/24)'),
    ).toBeTruthy();
    expect(await screen.findByText('Please enter a label (max 120 characters)')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('flags an overlap on the later row, clears it when the rows swap, then saves the list in order', async () => {
    const api = mockApi({
      'PUT /api/config/ip/': (init) => jsonResponse(201, JSON.parse(String(init?.body))),
      'GET /api/config/ip/': () => jsonResponse(200, { ipMap: [] }),
    });
    const { onDone } = renderEditor([
      { cidr: '10.0.0.0/8', label: 'Corporate' },
      { cidr: '192.168.0.0/16', label: 'Lab' },
    ]);
    fireEvent.change(input('CIDR Range, row 2'), { target: { value: '10.20.0.0/16' } });
    expect(await screen.findByText('Overlaps with 10.0.0.0/8 (Row 1)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move row 2 up' }));
    await waitFor(() => expect(screen.queryByText('Overlaps with 10.0.0.0/8 (Row 1)')).toBeNull());
    expect((input('CIDR Range, row 1') as HTMLInputElement).value).toBe('10.20.0.0/16');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ipMap: [
        { cidr: '10.20.0.0/16', label: 'Lab' },
        { cidr: '10.0.0.0/8', label: 'Corporate' },
      ],
    });
  });

  it('puts the server row errors on the rows and keeps edit mode', async () => {
    mockApi({
      'PUT /api/config/ip/': () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid body: ipMap.0.label',
            fields: { 'ipMap.0.label': 'Please enter a label (max 120 characters)' },
          },
        }),
    });
    const { onDone } = renderEditor([{ cidr: '10.0.0.0/8', label: 'Corporate' }]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Submit Changes' }));
    expect(await screen.findByText('Please enter a label (max 120 characters)')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Invalid body: ipMap.0.label');
    expect(onDone).not.toHaveBeenCalled();
  });
});
