import { z } from 'zod';

/** Form values of a synthetic wizard: the schedule is the chosen minutes as text ('' = none). */
export interface ScheduledValues {
  schedule: string;
}

/** The create input's schedule: omitted for Run Once (0), else its minutes (spec 002 §7.1). */
export const scheduleInput = (schedule: string) =>
  schedule === '' || schedule === '0' ? undefined : Number(schedule);

/**
 * A wizard's whole value as one schema: the shared create input checked at the form's fields,
 * and a schedule required (the shared input treats a missing one as Run Once). Each issue goes
 * under the form field its path starts with.
 */
export function syntheticWizardSchema<TValues extends ScheduledValues, TOutput>(
  input: z.ZodType<TOutput>,
  toInput: (values: TValues) => unknown,
  scheduleRequired: string,
): z.ZodType<TOutput, TValues> {
  return z.custom<TValues>().transform((values, ctx) => {
    const parsed = input.safeParse(toInput(values));
    const errors = new Map<string, string>();
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'root');
        if (!errors.has(field)) errors.set(field, issue.message);
      }
    if (values.schedule === '') errors.set('schedule', scheduleRequired);
    if (parsed.success && errors.size === 0) return parsed.data;
    for (const [field, message] of errors)
      ctx.addIssue({ code: 'custom', path: [field], message, input: values });
    return z.NEVER;
  });
}
