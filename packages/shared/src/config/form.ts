import { z } from 'zod';
import { hasPropertySubFields } from './catalogue.ts';
import { checkConfigValue } from './validation.ts';
import type { ConfigFieldView, ConfigValue } from './types.ts';

/** Every field of a module view stored under its own key, sub-fields of toggles included. */
export function storedFieldViews(fields: readonly ConfigFieldView[]): ConfigFieldView[] {
  return fields.flatMap((f) => [
    f,
    ...(hasPropertySubFields(f) ? [] : storedFieldViews(f.subFields ?? [])),
  ]);
}

export type ConfigFormValues = Record<string, unknown>;

/** Initial values of a generic settings form: current values; secrets start empty. */
export function configFormValues(fields: readonly ConfigFieldView[]): ConfigFormValues {
  const values: ConfigFormValues = {};
  for (const f of storedFieldViews(fields)) {
    if (f.hide) continue;
    values[f.key] = f.secret ? '' : (f.value ?? f.default);
  }
  return values;
}

/**
 * The schema of a generic settings form: each writable, drawn field checked with the rules the
 * server applies, so that the form shows the same texts before saving.
 */
export function configFormSchema(fields: readonly ConfigFieldView[]) {
  const checked = storedFieldViews(fields).filter((f) => f.writable && !f.hide);
  return z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
    for (const f of checked) {
      const value = values[f.key];
      if (f.secret && (value === '' || value === undefined)) continue;
      const result = checkConfigValue(f, value);
      if (!result.ok) ctx.addIssue({ code: 'custom', path: [f.key], message: result.message });
    }
  });
}

/** The writes of a submitted form: writable fields whose value changed (a typed secret counts). */
export function changedConfigEntries(
  fields: readonly ConfigFieldView[],
  initial: ConfigFormValues,
  current: ConfigFormValues,
): { key: string; value: ConfigValue }[] {
  const out: { key: string; value: ConfigValue }[] = [];
  for (const f of storedFieldViews(fields)) {
    if (!f.writable || f.hide || !(f.key in current)) continue;
    const value = current[f.key];
    if (f.secret) {
      if (typeof value === 'string' && value !== '') out.push({ key: f.key, value });
      continue;
    }
    if (JSON.stringify(value) !== JSON.stringify(initial[f.key])) {
      const checked = checkConfigValue(f, value);
      out.push({ key: f.key, value: checked.ok ? checked.value : (value as ConfigValue) });
    }
  }
  return out;
}
