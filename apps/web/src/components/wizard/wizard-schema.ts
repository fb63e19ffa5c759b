import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** A wizard's whole value: its input is the form's values, its output what is saved. */
export type WizardSchema<TValues extends FieldValues, TOutput> =
  | z.ZodType<TOutput, TValues>
  // A schema that depends on the values, e.g. a password required only for a new account.
  | ((values: TValues) => z.ZodType<TOutput, TValues>);

/** The schema that applies to these values. */
export function schemaFor<TValues extends FieldValues, TOutput>(
  schema: WizardSchema<TValues, TOutput>,
  values: TValues,
): z.ZodType<TOutput, TValues> {
  return typeof schema === 'function' ? schema(values) : schema;
}

/** The form's resolver of the wizard's schema: `useForm({ resolver: wizardResolver(schema) })`. */
export function wizardResolver<TValues extends FieldValues, TOutput>(
  schema: WizardSchema<TValues, TOutput>,
): Resolver<TValues, unknown, TOutput> {
  return (values, context, options) =>
    zodResolver(schemaFor(schema, values))(values, context, options);
}

/** The first issue at each path, as react-hook-form names fields ('conditions.threshold'). */
export function issuesByField(error: z.ZodError): Map<string, z.core.$ZodIssue> {
  const out = new Map<string, z.core.$ZodIssue>();
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (!out.has(path)) out.set(path, issue);
  }
  return out;
}
