import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import '../../test/setup.ts';
import { useForm, useFormState, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import TextField from '@mui/material/TextField';
import { Providers } from '../../app/providers.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { useSnackbar } from '../snackbar/index.ts';
import { Wizard, WizardDialog, wizardResolver, type WizardStep } from './index.ts';

// A three-step wizard in the shape of the spec's: a name, a number typed as text, a note.
const RunSchema = z.object({
  name: z.string().trim().min(1, 'Required (Name)'),
  count: z
    .string()
    .regex(/^\d+$/, 'Invalid number')
    .transform((text) => Number(text)),
  note: z.string(),
});
type RunInput = z.input<typeof RunSchema>;
type RunOutput = z.output<typeof RunSchema>;

function Field({
  name,
  label,
  register,
}: {
  name: keyof RunInput;
  label: string;
  register: UseFormRegister<RunInput>;
}) {
  const { errors } = useFormState<RunInput>({ name });
  const { ref, ...rest } = register(name);
  return (
    <TextField
      label={label}
      {...rest}
      inputRef={ref}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? ' '}
    />
  );
}

interface HarnessProps {
  onSubmit?: (values: RunOutput) => Promise<unknown>;
  onSuccess?: () => void;
  onClose?: () => void;
  submitDisabled?: boolean;
  dialog?: boolean;
}

function Harness({
  onSubmit = async () => undefined,
  onSuccess,
  onClose = () => undefined,
  submitDisabled,
  dialog = false,
}: HarnessProps) {
  const form = useForm<RunInput, unknown, RunOutput>({
    resolver: wizardResolver(RunSchema),
    defaultValues: { name: '', count: '', note: '' },
  });
  const { register } = form;
  const steps: WizardStep<RunInput>[] = [
    {
      label: 'Name',
      fields: ['name'],
      invalidMessage: 'Please enter a Name.',
      content: <Field name="name" label="Name" register={register} />,
    },
    {
      label: 'Count',
      fields: ['count'],
      content: <Field name="count" label="Count" register={register} />,
    },
    {
      label: 'Note',
      fields: ['note'],
      content: <Field name="note" label="Note" register={register} />,
    },
  ];
  const wizard = (
    <Wizard
      schema={RunSchema}
      form={form}
      steps={steps}
      submitLabel="Run"
      onSubmit={onSubmit}
      successMessage="Run started."
      failureMessage={(err) => (err instanceof Error ? err.message : 'Failed')}
      onSuccess={onSuccess}
      onCancel={onClose}
      submitDisabled={submitDisabled}
    />
  );
  return (
    <>
      <button type="button" onClick={() => form.setValue('name', '')}>
        Clear name outside
      </button>
      <SayElse />
      {dialog ? (
        <WizardDialog title="Run Test" onClose={onClose} busy={form.formState.isSubmitting}>
          {wizard}
        </WizardDialog>
      ) : (
        wizard
      )}
    </>
  );
}

/** A message from outside the wizard, which its steps must leave alone. */
function SayElse() {
  const { show } = useSnackbar();
  return (
    <button type="button" onClick={() => show('Something else.', 'info')}>
      Say something else
    </button>
  );
}

function renderWizard(props: HarnessProps = {}) {
  return render(
    <Providers queryClient={createQueryClient()}>
      <Harness {...props} />
    </Providers>,
  );
}

const button = (name: string) => screen.getByRole('button', { name });
const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(box(name), { target: { value } });
const snackbar = () => screen.queryByTestId('snackbar')?.textContent ?? null;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Wizard', () => {
  it('refuses Next until the step validates: field error and the step snackbar text', () => {
    renderWizard();
    fireEvent.click(button('Next'));
    // Refused at once, in the same frame as the click.
    expect(box('Name')).toBeTruthy();
    expect(screen.getByText('Required (Name)')).toBeTruthy();
    expect(snackbar()).toBe('Please enter a Name.');
    expect(screen.queryByRole('textbox', { name: 'Count' })).toBeNull();

    type('Name', 'Ada');
    fireEvent.click(button('Next'));
    expect(box('Count')).toBeTruthy();
    expect(screen.queryByText('Required (Name)')).toBeNull();
  });

  it("dismisses a step's snackbar text once another step shows (Next or Previous)", async () => {
    renderWizard();
    fireEvent.click(button('Next'));
    expect(snackbar()).toBe('Please enter a Name.');
    type('Name', 'Ada');
    fireEvent.click(button('Next'));
    expect(box('Count')).toBeTruthy();
    // Stale on the next step: 'Please enter a Name.' must not stay over Count.
    await waitFor(() => expect(snackbar()).toBeNull());

    type('Count', 'x');
    fireEvent.click(button('Previous'));
    type('Name', '');
    fireEvent.click(button('Next'));
    expect(snackbar()).toBe('Please enter a Name.');
    type('Name', 'Ada');
    fireEvent.click(button('Next'));
    fireEvent.click(button('Previous'));
    await waitFor(() => expect(snackbar()).toBeNull());
  });

  it('leaves a message that replaced the step text, and clears the text when the dialog closes', async () => {
    const onClose = vi.fn();
    const view = renderWizard({ dialog: true, onClose });
    fireEvent.click(button('Next'));
    expect(snackbar()).toBe('Please enter a Name.');
    fireEvent.click(screen.getByText('Say something else'));
    type('Name', 'Ada');
    fireEvent.click(button('Next'));
    expect(box('Count')).toBeTruthy();
    expect(snackbar()).toBe('Something else.');

    fireEvent.click(button('Previous'));
    type('Name', '');
    fireEvent.click(button('Next'));
    expect(snackbar()).toBe('Please enter a Name.');
    view.rerender(
      <Providers queryClient={createQueryClient()}>
        <p>closed</p>
      </Providers>,
    );
    await waitFor(() => expect(snackbar()).toBeNull());
  });

  it('shows no snackbar for a step without a text, and Previous keeps the values', () => {
    renderWizard();
    type('Name', 'Ada');
    fireEvent.click(button('Next'));
    type('Count', 'three');
    fireEvent.click(button('Next'));
    expect(screen.getByText('Invalid number')).toBeTruthy();
    expect(snackbar()).toBeNull();

    fireEvent.click(button('Previous'));
    expect(box('Name').value).toBe('Ada');
    expect(screen.queryByText('Invalid number')).toBeNull();
    fireEvent.click(button('Next'));
    expect(box('Count').value).toBe('three');
  });

  it('the last step shows the wizard label; it saves the parsed whole value, says so and resets', async () => {
    const onSubmit = vi.fn(async (_values: RunOutput) => undefined);
    const onSuccess = vi.fn();
    renderWizard({ onSubmit, onSuccess });
    type('Name', ' Ada ');
    fireEvent.click(button('Next'));
    type('Count', '3');
    fireEvent.click(button('Next'));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    type('Note', 'first run');
    fireEvent.click(button('Run'));

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ada', count: 3, note: 'first run' });
    expect(snackbar()).toBe('Run started.');
    // Reset: back on the first step, empty.
    expect(box('Name').value).toBe('');
    expect(button('Next')).toBeTruthy();
  });

  it('the last button returns to the first step that no longer validates', async () => {
    const onSubmit = vi.fn(async (_values: RunOutput) => undefined);
    renderWizard({ onSubmit });
    type('Name', 'Ada');
    fireEvent.click(button('Next'));
    type('Count', '3');
    fireEvent.click(button('Next'));
    fireEvent.click(button('Clear name outside'));
    fireEvent.click(button('Run'));

    expect(await screen.findByText('Required (Name)')).toBeTruthy();
    expect(box('Name')).toBeTruthy();
    expect(snackbar()).toBe('Please enter a Name.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a failed save shows the failure text and the server field error on its step', async () => {
    const onSuccess = vi.fn();
    const onSubmit = vi.fn(async () => {
      throw new ApiRequestError(409, 'CONFLICT', 'That name is taken.', {
        name: 'Name must be unique',
      });
    });
    renderWizard({ onSubmit, onSuccess });
    type('Name', 'Ada');
    fireEvent.click(button('Next'));
    type('Count', '3');
    fireEvent.click(button('Next'));
    fireEvent.click(button('Run'));

    expect(await screen.findByText('Name must be unique')).toBeTruthy();
    expect(snackbar()).toBe('That name is taken.');
    expect(box('Name').value).toBe('Ada');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('keeps the last button disabled when told, and while saving', async () => {
    let finish: (() => void) | undefined;
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const view = renderWizard({ submitDisabled: true, onSubmit });
    type('Name', 'Ada');
    fireEvent.click(button('Next'));
    type('Count', '3');
    fireEvent.click(button('Next'));
    expect(button('Run').hasAttribute('disabled')).toBe(true);

    view.rerender(
      <Providers queryClient={createQueryClient()}>
        <Harness onSubmit={onSubmit} />
      </Providers>,
    );
    fireEvent.click(button('Run'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(button('Run').hasAttribute('disabled')).toBe(true);
    finish?.();
    await waitFor(() => expect(snackbar()).toBe('Run started.'));
  });

  it('as a dialog: a click on the backdrop does not close it; Escape and Close do', () => {
    const onClose = vi.fn();
    renderWizard({ dialog: true, onClose });
    const dialog = screen.getByRole('dialog', { name: 'Run Test' });
    type('Name', 'Ada');

    const container = dialog.parentElement;
    expect(container?.classList.contains('MuiDialog-container')).toBe(true);
    if (container) {
      fireEvent.mouseDown(container);
      fireEvent.click(container);
    }
    expect(onClose).not.toHaveBeenCalled();
    expect(box('Name').value).toBe('Ada');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(button('Close'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
