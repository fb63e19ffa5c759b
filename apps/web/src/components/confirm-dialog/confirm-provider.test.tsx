import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../test/setup.ts';
import { ConfirmProvider, useConfirm } from './confirm-provider.tsx';
import { SnackbarProvider, useSnackbar } from '../snackbar/index.ts';

let confirmFn: ReturnType<typeof useConfirm> | null = null;
let snackbar: ReturnType<typeof useSnackbar> | null = null;
function Capture() {
  confirmFn = useConfirm();
  snackbar = useSnackbar();
  return null;
}

function setup() {
  render(
    <SnackbarProvider>
      <ConfirmProvider>
        <Capture />
      </ConfirmProvider>
    </SnackbarProvider>,
  );
}

describe('confirm dialog and snackbar', () => {
  it('resolves true on OK and false on Cancel', async () => {
    setup();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer =
        confirmFn?.({ title: 'Delete?', message: 'Really delete it?', okText: 'Delete' }) ?? answer;
    });
    expect(screen.getByRole('dialog', { name: 'Delete?' }).textContent).toContain(
      'Really delete it?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirmFn?.({ title: 'Leave?', message: 'Unsaved changes.' }) ?? answer;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('shows only OK when cancelText is null', () => {
    setup();
    act(() => {
      void confirmFn?.({ title: 'Note', message: 'Done.', cancelText: null });
    });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it('shows a snackbar message with its severity', async () => {
    setup();
    act(() => snackbar?.show('Config has been set successfully.', 'success'));
    const alert = await screen.findByTestId('snackbar');
    expect(alert.textContent).toContain('Config has been set successfully.');
    expect(alert.className).toContain('MuiAlert-colorSuccess');
    expect(alert.className).toContain('MuiAlert-filled');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('snackbar')).toBeNull());
  });
});
