import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { wizardResolver, type WizardSchema } from './wizard-schema.ts';

/**
 * The form a Wizard steps through, checked by the wizard's schema. A field's error stays until
 * the next Next or save (typing in the field clears it).
 */
export function useWizardForm<TValues extends FieldValues, TOutput>(
  schema: WizardSchema<TValues, TOutput>,
  defaultValues: DefaultValues<TValues>,
): UseFormReturn<TValues, unknown, TOutput> {
  return useForm<TValues, unknown, TOutput>({
    resolver: wizardResolver(schema),
    reValidateMode: 'onSubmit',
    defaultValues,
  });
}
