import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import '../../../test/setup.ts';
import { TaggingWizard } from './tagging-wizard.tsx';

/** The tagging wizard offers every measure of the warning tags of spec 002 §9. */
describe('TaggingWizard', () => {
  it('offers CPU, memory, softphone error and unsupported browser, and saves a yes/no config', async () => {
    const onSave = vi.fn(async () => {});
    render(
      <TaggingWizard
        editing={null}
        otherNames={[]}
        saving={false}
        onCancel={() => {}}
        onSave={onSave}
      />,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Browser' },
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Field/ }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(
      expect.arrayContaining([
        'MOS',
        'Audio latency (ms)',
        'Post dial delay (ms)',
        'Ringing time (ms)',
        'Packet loss (%)',
        'Jitter (ms)',
        'Round-trip time (ms)',
        'CPU usage (%)',
        'Memory usage (%)',
        'Softphone error (1 yes, 0 no)',
        'Unsupported browser (1 yes, 0 no)',
      ]),
    );
    fireEvent.click(screen.getByRole('option', { name: 'Unsupported browser (1 yes, 0 no)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('yes-no-hint')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Condition 1 name/ }), {
      target: { value: 'Unsupported browser' },
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Operator/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Greater Than (>)' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Threshold/ }), {
      target: { value: '0' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({
      name: 'Browser',
      field: 'unsupportedBrowser',
      conditions: [{ name: 'Unsupported browser', operator: '>', threshold: 0 }],
    });
  });
});
