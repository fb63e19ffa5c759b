import { z } from 'zod';
import { requiredText } from '../common/validation.ts';
import {
  CONNECT_NUMBER_LENGTH,
  CONNECT_REGION_MAX_LENGTH,
  CONNECT_REGIONS,
  LATENCY_TAGGING_FIELDS,
  TAGGING_DEFAULT_TEXT,
  TAGGING_OPERATORS,
  TAGGING_TEXTS,
  type TaggingOperator,
} from './constants.ts';

const OPERATOR_VALUES = TAGGING_OPERATORS.map((o) => o.value) as [
  TaggingOperator,
  ...TaggingOperator[],
];
export const TaggingOperatorSchema = z.enum(OPERATOR_VALUES);

/**
 * A threshold typed in a text field (string) or sent as JSON (number); always a finite number
 * out. One union of both input types, checked in one step, so that forms see the spec's text.
 */
export const ThresholdSchema = z
  .union([z.string(), z.number()], { error: 'Required (Threshold)' })
  .transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : String(value);
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: 'Required (Threshold)' });
      return z.NEVER;
    }
    const n = Number(text);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: TAGGING_TEXTS.thresholdNumber });
      return z.NEVER;
    }
    return n;
  });

export const TaggingConditionSchema = z.object({
  name: requiredText('Condition name', 120),
  operator: TaggingOperatorSchema,
  threshold: ThresholdSchema,
});
export type TaggingCondition = z.infer<typeof TaggingConditionSchema>;

/** One tagging config (spec 000 §3 and §5): all conditions share one operator. */
export const TaggingConfigSchema = z
  .object({
    name: requiredText('Name', 120),
    field: requiredText('Field', 120),
    conditions: z.array(TaggingConditionSchema).min(1, TAGGING_TEXTS.atLeastOneCondition).max(50),
  })
  .superRefine((config, ctx) => {
    const first = config.conditions[0]?.operator;
    if (first && config.conditions.some((c) => c.operator !== first)) {
      ctx.addIssue({ code: 'custom', message: TAGGING_TEXTS.sameOperator, path: ['conditions'] });
    }
  });
export type TaggingConfig = z.infer<typeof TaggingConfigSchema>;
export type TaggingConfigInput = z.input<typeof TaggingConfigSchema>;

/** A tagging config as the API answers it (thresholds already numbers). */
export const TaggingConfigViewSchema = z.object({
  name: z.string(),
  field: z.string(),
  conditions: z.array(
    z.object({ name: z.string(), operator: TaggingOperatorSchema, threshold: z.number() }),
  ),
});
export const TaggingConfigViewListSchema = z.array(TaggingConfigViewSchema);

/** The stored list of tagging configs: names are unique. */
export const TaggingConfigListSchema = z
  .array(TaggingConfigSchema)
  .max(200)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((c, i) => {
      const name = c.name.toLowerCase();
      if (seen.has(name))
        ctx.addIssue({
          code: 'custom',
          message: TAGGING_TEXTS.duplicateName(c.name),
          path: [i, 'name'],
        });
      seen.add(name);
    });
  });

/** Makes every condition use the operator given (spec 000 §5: changing one changes all). */
export function withOperator<T extends { operator: TaggingOperator }>(
  conditions: readonly T[],
  operator: TaggingOperator,
): T[] {
  return conditions.map((c) => ({ ...c, operator }));
}

/** The operator a new condition takes: the one in use, or Less Than when there is none. */
export function currentOperator(
  conditions: readonly { operator: TaggingOperator }[],
): TaggingOperator {
  return conditions[0]?.operator ?? '<';
}

const REGION_VALUES = CONNECT_REGIONS.map((r) => r.value) as string[];

/** A dial number as the API answers it; PUT takes a list of these. */
export const ConnectNumberViewSchema = z.object({ region: z.string(), number: z.string() });
export const ConnectNumberViewListSchema = z.array(ConnectNumberViewSchema);

/** One dial number per Connect region; 10 to 15 characters (spec 000 §5). */
export const ConnectNumberSchema = z
  .object({
    region: z
      .string()
      .trim()
      .min(1, 'Required (Region)')
      .max(
        CONNECT_REGION_MAX_LENGTH,
        `Region must be at most ${CONNECT_REGION_MAX_LENGTH} characters`,
      ),
    number: z.string().trim(),
  })
  .superRefine((n, ctx) => {
    if (!REGION_VALUES.includes(n.region)) {
      ctx.addIssue({
        code: 'custom',
        message: TAGGING_TEXTS.unknownRegion(n.region),
        path: ['region'],
      });
    } else if (
      n.number.length < CONNECT_NUMBER_LENGTH.min ||
      n.number.length > CONNECT_NUMBER_LENGTH.max
    ) {
      ctx.addIssue({
        code: 'custom',
        message: TAGGING_TEXTS.numberLength(n.region),
        path: ['number'],
      });
    }
  });
export type ConnectNumber = z.infer<typeof ConnectNumberSchema>;

/** PUT gsm/connect/numbers: the list of region and number; a region appears once. */
export const ConnectNumberListSchema = z
  .array(ConnectNumberSchema)
  .max(CONNECT_REGIONS.length)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((n, i) => {
      if (seen.has(n.region))
        ctx.addIssue({
          code: 'custom',
          message: TAGGING_TEXTS.duplicateRegion(n.region),
          path: [i, 'region'],
        });
      seen.add(n.region);
    });
  });

/**
 * The To Numbers form: one text per region, empty meaning "not set". Answers the list to save,
 * or the first region whose number has the wrong length.
 */
export function connectNumbersFromForm(
  byRegion: Readonly<Record<string, string | undefined>>,
): { ok: true; numbers: ConnectNumber[] } | { ok: false; region: string; message: string } {
  const numbers: ConnectNumber[] = [];
  for (const { value: region } of CONNECT_REGIONS) {
    const number = (byRegion[region] ?? '').trim();
    if (!number) continue;
    if (number.length < CONNECT_NUMBER_LENGTH.min || number.length > CONNECT_NUMBER_LENGTH.max) {
      return { ok: false, region, message: TAGGING_TEXTS.numberLength(region) };
    }
    numbers.push({ region, number });
  }
  return { ok: true, numbers };
}

/**
 * The To Numbers form: one text per region, empty meaning "not set". Each wrong length is
 * refused at its region; the output is the list PUT gsm/connect/numbers takes.
 */
export const ConnectNumbersFormSchema = z
  .record(z.string(), z.string())
  .superRefine((byRegion, ctx) => {
    for (const { value: region } of CONNECT_REGIONS) {
      const number = (byRegion[region] ?? '').trim();
      if (
        number &&
        (number.length < CONNECT_NUMBER_LENGTH.min || number.length > CONNECT_NUMBER_LENGTH.max)
      ) {
        ctx.addIssue({
          code: 'custom',
          message: TAGGING_TEXTS.numberLength(region),
          path: [region],
        });
      }
    }
  })
  .transform((byRegion) => {
    const result = connectNumbersFromForm(byRegion);
    return result.ok ? result.numbers : [];
  });

/** The form values of a list of numbers: every region, empty when it has none. */
export function connectNumbersFormValues(
  numbers: readonly ConnectNumber[],
): Record<string, string> {
  return Object.fromEntries(
    CONNECT_REGIONS.map((r) => [r.value, numbers.find((n) => n.region === r.value)?.number ?? '']),
  );
}

/**
 * The warning tags of a job (spec 002 §9) by the group's tagging configs: for each config whose
 * field has a value, the condition it meets most tightly (for '<' the lowest threshold it is
 * under, for '>' the highest it is over) names the tag.
 */
export function tagsFor(
  configs: readonly {
    field: string;
    conditions: readonly { name: string; operator: string; threshold: number }[];
  }[],
  measures: Readonly<Record<string, number | null | undefined>>,
): string[] {
  const tags: string[] = [];
  for (const config of configs) {
    const value = measures[config.field];
    if (value === null || value === undefined) continue;
    const met = config.conditions.filter((c) =>
      c.operator === '<' ? value < c.threshold : value > c.threshold,
    );
    const tightest = met.sort((a, b) =>
      a.operator === '<' ? a.threshold - b.threshold : b.threshold - a.threshold,
    )[0];
    if (tightest && !tags.includes(tightest.name)) tags.push(tightest.name);
  }
  return tags;
}

/** One tagging config's status on a job (spec 002 §9): its tag, or Good (Normal for latency). */
export const TagStatusCellSchema = z.object({
  /** The config's name (the group of its tags). */
  name: z.string(),
  field: z.string(),
  text: z.string(),
  /** 'error' for a tag starting with "Very", 'warning' for another tag, 'good' without one. */
  tone: z.enum(['good', 'warning', 'error']),
});
export type TagStatusCell = z.infer<typeof TagStatusCellSchema>;

/** The status text of a config whose job has none of its tags. */
export const taggingDefaultText = (field: string): string =>
  LATENCY_TAGGING_FIELDS.includes(field)
    ? TAGGING_DEFAULT_TEXT.latency
    : TAGGING_DEFAULT_TEXT.default;

/**
 * Per tagging config, the job's tag of that config or its default text (spec 002 §9: warning
 * tags are grouped; "Very …" red, other tags yellow, Good, or Normal for latency, otherwise).
 */
export function tagStatusCells(
  configs: readonly { name: string; field: string; conditions: readonly { name: string }[] }[],
  tags: readonly string[],
): TagStatusCell[] {
  return configs.map((config) => {
    const tag = config.conditions.map((c) => c.name).find((name) => tags.includes(name));
    if (tag === undefined)
      return {
        name: config.name,
        field: config.field,
        text: taggingDefaultText(config.field),
        tone: 'good',
      };
    return {
      name: config.name,
      field: config.field,
      text: tag,
      tone: tag.startsWith('Very') ? 'error' : 'warning',
    };
  });
}
