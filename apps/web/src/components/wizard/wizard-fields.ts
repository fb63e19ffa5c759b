import type { FieldErrors, FieldPath, FieldValues } from 'react-hook-form';

/** The fields a step validates; a nested path belongs to the step that lists its parent. */
export interface StepFields<TValues extends FieldValues> {
  fields: readonly FieldPath<TValues>[];
}

const within = (path: string, field: string) => path === field || path.startsWith(`${field}.`);

/** Whether a step shows a field (or one of its parents). */
export function inStep<TValues extends FieldValues>(step: StepFields<TValues>, path: string) {
  return step.fields.some((field) => within(path, field));
}

/** The first step that shows a field, or -1 when none does. */
export function stepOfField<TValues extends FieldValues>(
  steps: readonly StepFields<TValues>[],
  path: string,
): number {
  return steps.findIndex((step) => inStep(step, path));
}

/** The dotted paths of the errors react-hook-form holds (nested objects walked to their leaves). */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in value || 'type' in value) out.push(path);
    else out.push(...errorPaths(value as FieldErrors, path));
  }
  return out;
}

/** The first step holding one of the errors, or -1. */
export function firstStepWithError<TValues extends FieldValues>(
  steps: readonly StepFields<TValues>[],
  errors: FieldErrors,
): number {
  const found = errorPaths(errors)
    .map((path) => stepOfField(steps, path))
    .filter((i) => i >= 0);
  return found.length > 0 ? Math.min(...found) : -1;
}
