import type { ReactNode } from 'react';
import type { DefaultValues, FieldPath, FieldValues } from 'react-hook-form';
import { useIsMutating, type MutationKey } from '@tanstack/react-query';
import {
  useWizardForm,
  Wizard,
  WizardDialog,
  type WizardSchema,
  type WizardStep,
} from '../../../../components/wizard/index.ts';

const CREATE = 'Create';

/** A step's snackbar text and content; its label and fields come from the wizard's lists. */
export interface StepPart {
  invalidMessage: string;
  content: ReactNode;
}

interface Props<TValues extends FieldValues, TOutput> {
  title: string;
  testId: string;
  /** The create mutation's key: nothing closes the dialog while it runs. */
  mutationKey: MutationKey;
  schema: WizardSchema<TValues, TOutput>;
  defaultValues: DefaultValues<TValues>;
  labels: readonly string[];
  fields: readonly (readonly FieldPath<TValues>[])[];
  parts: readonly StepPart[];
  onSubmit: (value: TOutput) => Promise<unknown>;
  successMessage?: string;
  failureMessage: (error: unknown) => string;
  onClose: () => void;
}

/**
 * A create wizard in a modal (the monitor's and the test's, spec 002 §2.1, §2.6): Next
 * validates the step, Create on the last step saves, resets and closes.
 */
export function CreateWizard<TValues extends FieldValues, TOutput>(props: Props<TValues, TOutput>) {
  const saving = useIsMutating({ mutationKey: props.mutationKey }) > 0;
  return (
    <WizardDialog title={props.title} onClose={props.onClose} busy={saving} testId={props.testId}>
      <CreateWizardBody {...props} />
    </WizardDialog>
  );
}

function CreateWizardBody<TValues extends FieldValues, TOutput>({
  schema,
  defaultValues,
  labels,
  fields,
  parts,
  onSubmit,
  successMessage,
  failureMessage,
  onClose,
}: Props<TValues, TOutput>) {
  const form = useWizardForm(schema, defaultValues);
  const steps: WizardStep<TValues>[] = parts.map((part, i) => ({
    label: labels[i] ?? '',
    fields: fields[i] ?? [],
    ...part,
  }));
  return (
    <Wizard
      schema={schema}
      form={form}
      steps={steps}
      submitLabel={CREATE}
      successMessage={successMessage}
      failureMessage={failureMessage}
      onSubmit={onSubmit}
      onSuccess={onClose}
      onCancel={onClose}
    />
  );
}
