import { z } from 'zod';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_TEXTS,
  CampaignCreateInputSchema,
  CsvError,
  ENABLED_CAMPAIGN_TYPES,
  minimumCallDuration,
  parseCsvRows,
  treatmentPlaceholders,
  type Campaign,
  type CampaignType,
} from '@callsight/shared';
import { toCsv } from '../../../components/data-table/index.ts';
import type { CampaignCreateRequest } from '../api/create-campaign.ts';

/** The create wizard's steps (spec 001 §2), indexed 0 to 4 as spec 001 §5 counts them. */
export const CREATE_STEPS = ['Campaign', 'Name', 'From/To', 'Details', 'Data'] as const;

/** The uploaded CSV as the form holds it (read once when chosen). */
export interface CampaignDataFile {
  name: string;
  size: number;
  text: string;
}

/** Everything the create wizard edits; numbers are the typed text. */
export interface CampaignFormValues {
  type: CampaignType | '';
  name: string;
  description: string;
  tags: string[];
  fromNumber: string;
  toNumber: string;
  totalCalls: string;
  callsPerSecond: string;
  noAnswerTimeout: string;
  callDuration: string;
  answerTreatment: string;
  dataFile: CampaignDataFile | null;
}

export type CampaignField = keyof CampaignFormValues;

/** The fields each step shows, in step order (Next validates them; server errors return there). */
export const CREATE_STEP_FIELDS = [
  ['type'],
  ['name', 'description', 'tags'],
  ['fromNumber', 'toNumber'],
  ['totalCalls', 'callsPerSecond', 'noAnswerTimeout', 'callDuration', 'answerTreatment'],
  ['dataFile'],
] as const satisfies readonly (readonly CampaignField[])[];

/** Our texts of the Data step (the spec names only its step text). */
export const DATA_TEXTS = {
  fileNeeded: (keys: string[]) =>
    `Upload a CSV file with the column${keys.length > 1 ? 's' : ''} ${keys.join(', ')} used by the answer treatment.`,
  missingColumn: (key: string) => `The CSV file has no column ${key}.`,
  notCsv: CAMPAIGN_TEXTS.oneFileOnly,
  tooLarge: CAMPAIGN_TEXTS.fileTooLarge(CAMPAIGN_LIMITS.maxUploadBytes / 1024 / 1024),
} as const;

const DEFAULT_TOTAL_CALLS = 10;
const DEFAULT_CALLS_PER_SECOND = 1;

export function emptyCampaignValues(): CampaignFormValues {
  return {
    type: '',
    name: '',
    description: '',
    tags: [],
    fromNumber: '',
    toNumber: '',
    totalCalls: String(DEFAULT_TOTAL_CALLS),
    callsPerSecond: String(DEFAULT_CALLS_PER_SECOND),
    noAnswerTimeout: '',
    callDuration: String(minimumCallDuration(DEFAULT_TOTAL_CALLS, DEFAULT_CALLS_PER_SECOND)),
    answerTreatment: '',
    dataFile: null,
  };
}

/** The minimum call duration of the typed numbers, as text (spec 001 §5). */
export function minimumDurationText(totalCalls: string, callsPerSecond: string): string {
  return String(minimumCallDuration(Number(totalCalls), Number(callsPerSecond)));
}

/**
 * A copy of a campaign (spec 001 §4): ' (Copy)' after its name, the larger of its call duration
 * and the minimum, and its data rows as the CSV file to upload again.
 */
export function copyCampaignValues(campaign: Campaign): CampaignFormValues {
  const minimum = minimumCallDuration(campaign.totalCalls, campaign.callsPerSecond);
  const text =
    campaign.dataHeaders.length > 0
      ? toCsv(
          campaign.dataHeaders,
          campaign.data.map((row) => campaign.dataHeaders.map((h) => row[h] ?? '')),
        )
      : null;
  return {
    type: campaign.type,
    name: `${campaign.name} (Copy)`,
    description: campaign.description,
    tags: [...campaign.tags],
    fromNumber: campaign.fromNumber,
    toNumber: campaign.toNumber ?? '',
    totalCalls: String(campaign.totalCalls),
    callsPerSecond: String(campaign.callsPerSecond),
    noAnswerTimeout: String(campaign.noAnswerTimeout),
    callDuration: String(Math.max(campaign.callDuration, minimum)),
    answerTreatment: campaign.answerTreatment,
    dataFile: text === null ? null : { name: `${campaign.name}.csv`, size: text.length, text },
  };
}

/** The rows of the uploaded CSV, or why they cannot be read. */
export function readDataFile(
  file: CampaignDataFile,
): { headers: string[]; rows: Record<string, string>[]; error: null } | { error: string } {
  if (!/\.csv$/i.test(file.name)) return { error: DATA_TEXTS.notCsv };
  if (file.size > CAMPAIGN_LIMITS.maxUploadBytes) return { error: DATA_TEXTS.tooLarge };
  try {
    return { ...parseCsvRows(file.text), error: null };
  } catch (err) {
    if (err instanceof CsvError) return { error: err.message };
    throw err;
  }
}

/** The Data step's error: the file must read, and hold every {$Key} of the treatment. */
function dataError(values: CampaignFormValues): string | null {
  const keys = treatmentPlaceholders(values.answerTreatment);
  if (!values.dataFile) return keys.length > 0 ? DATA_TEXTS.fileNeeded(keys) : null;
  const data = readDataFile(values.dataFile);
  if (data.error !== null) return data.error;
  const missing = keys.find((key) => !data.headers.includes(key));
  return missing === undefined ? null : DATA_TEXTS.missingColumn(missing);
}

const blank = (text: string) => (text.trim() === '' ? undefined : text);

/** The shared create input of the form's values: empty optional values left out (spec 001 §7). */
function toInput(values: CampaignFormValues) {
  return {
    type: values.type,
    name: values.name,
    description: blank(values.description),
    tags: values.tags.length > 0 ? values.tags : undefined,
    fromNumber: values.fromNumber,
    toNumber: blank(values.toNumber),
    totalCalls: values.totalCalls,
    noAnswerTimeout: blank(values.noAnswerTimeout),
    callDuration: values.callDuration,
    callsPerSecond: values.callsPerSecond,
    answerTreatment: blank(values.answerTreatment),
    answerTreatmentData: values.dataFile?.text,
  };
}

const positive = (text: string) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null;
};

/** The rules that need the group or more than one field (spec 001 §5), by field. */
function groupRuleErrors(
  values: CampaignFormValues,
  cpsLimit: number | null,
): [CampaignField, string][] {
  const errors: [CampaignField, string][] = [];
  if (values.type !== '' && !ENABLED_CAMPAIGN_TYPES.includes(values.type))
    errors.push(['type', CAMPAIGN_TEXTS.typeRequired]);
  const cps = positive(values.callsPerSecond);
  const total = positive(values.totalCalls);
  if (cps !== null && cpsLimit !== null && cps > cpsLimit)
    errors.push(['callsPerSecond', CAMPAIGN_TEXTS.cpsLimit(cpsLimit)]);
  if (cps !== null && total !== null) {
    const minimum = minimumCallDuration(total, cps);
    if (Number(values.callDuration) < minimum)
      errors.push(['callDuration', CAMPAIGN_TEXTS.minimumValue(minimum)]);
  }
  const data = dataError(values);
  if (data) errors.push(['dataFile', data]);
  return errors;
}

/** The form field of a server or schema field name ('answerTreatmentData', 'tags.0'). */
export function campaignFieldOf(path: string): CampaignField | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'answerTreatmentData') return 'dataFile';
  return head in emptyCampaignValues() ? (head as CampaignField) : null;
}

/**
 * The create wizard's whole value as one schema (the resolver and each step's Next): the shared
 * CampaignCreateInputSchema at the form's fields, then the CPS limit, the minimum call duration
 * and the Data step's file. `cpsLimit` is null until the group configuration has loaded.
 */
export function campaignWizardSchema(
  cpsLimit: number | null,
): z.ZodType<CampaignCreateRequest, CampaignFormValues> {
  return z.custom<CampaignFormValues>().transform((values, ctx) => {
    const errors = new Map<CampaignField, string>();
    const parsed = CampaignCreateInputSchema.safeParse(toInput(values));
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = campaignFieldOf(issue.path.map(String).join('.'));
        if (field && !errors.has(field)) errors.set(field, issue.message);
      }
    for (const [field, message] of groupRuleErrors(values, cpsLimit))
      if (!errors.has(field)) errors.set(field, message);
    if (parsed.success && errors.size === 0)
      return { fields: parsed.data, fileName: values.dataFile?.name ?? null };
    for (const [field, message] of errors)
      ctx.addIssue({ code: 'custom', path: [field], message, input: values });
    // No field to show it under: react-hook-form's root error, which the wizard says aloud.
    if (errors.size === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['root'],
        message: CAMPAIGN_TEXTS.createFailed,
        input: values,
      });
    return z.NEVER;
  });
}
