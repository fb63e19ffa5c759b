import { z } from 'zod';
import { CAMPAIGN_LIMITS, CAMPAIGN_TEXTS, CAMPAIGN_TYPE_VALUES } from './constants.ts';
import { isValidAnswerTreatment } from './logic.ts';

/** A number sent as multipart text or JSON number; `message` when it is not one within bounds. */
const numberField = (message: string, o: { integer: boolean; min: number; max: number }) =>
  z
    .union([z.number(), z.string().trim().min(1, message)], { error: message })
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n) || n < o.min || n > o.max || (o.integer && !Number.isInteger(n))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

const optionalText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, message).optional();

/**
 * POST /campaigns input (spec 001 §7): the multipart text fields (tags.N folded into `tags`,
 * numbers as text) or the same as JSON. Rules needing the group (CPS limit, minimum duration,
 * unique name, allowlisted numbers) are checked by the server's service.
 */
export const CampaignCreateInputSchema = z.object({
  type: z.enum(CAMPAIGN_TYPE_VALUES, { error: CAMPAIGN_TEXTS.typeRequired }),
  name: z
    .string({ error: CAMPAIGN_TEXTS.nameRequired })
    .trim()
    .min(1, CAMPAIGN_TEXTS.nameRequired)
    .max(CAMPAIGN_LIMITS.nameMaxLength, CAMPAIGN_TEXTS.nameRequired),
  description: optionalText(CAMPAIGN_LIMITS.descriptionMaxLength, CAMPAIGN_TEXTS.invalidDetails),
  tags: z
    .array(z.string().trim().min(1).max(CAMPAIGN_LIMITS.tagMaxLength))
    .max(CAMPAIGN_LIMITS.maxTags)
    .optional(),
  fromNumber: z
    .string({ error: CAMPAIGN_TEXTS.fromNumberRequired })
    .trim()
    .min(1, CAMPAIGN_TEXTS.fromNumberRequired)
    .max(40, CAMPAIGN_TEXTS.fromNumberRequired),
  toNumber: z
    .string({ error: CAMPAIGN_TEXTS.invalidPhoneNumber })
    .trim()
    .regex(CAMPAIGN_LIMITS.toNumberPattern, CAMPAIGN_TEXTS.invalidPhoneNumber)
    .optional(),
  totalCalls: numberField(CAMPAIGN_TEXTS.invalidDetails, {
    integer: true,
    min: 1,
    max: CAMPAIGN_LIMITS.maxTotalCalls,
  }),
  noAnswerTimeout: numberField(CAMPAIGN_TEXTS.invalidDetails, {
    integer: true,
    min: 1,
    max: CAMPAIGN_LIMITS.maxSeconds,
  }).optional(),
  callDuration: numberField(CAMPAIGN_TEXTS.invalidDetails, {
    integer: true,
    min: 0,
    max: CAMPAIGN_LIMITS.maxSeconds,
  }),
  callsPerSecond: numberField(CAMPAIGN_TEXTS.invalidDetails, {
    integer: false,
    min: 0.001,
    max: 1000,
  }),
  answerTreatment: z
    .string({ error: CAMPAIGN_TEXTS.invalidAnswerTreatment })
    .trim()
    .max(CAMPAIGN_LIMITS.answerTreatmentMaxLength, CAMPAIGN_TEXTS.invalidAnswerTreatment)
    .refine(isValidAnswerTreatment, CAMPAIGN_TEXTS.invalidAnswerTreatment)
    .optional(),
  /** The uploaded CSV's text (the multipart file, or CSV text in JSON). */
  answerTreatmentData: z.string().optional(),
});
export type CampaignCreateInput = z.output<typeof CampaignCreateInputSchema>;

/** A campaign's parameters as stored: what a list row shows and a run copies at its start. */
export const CampaignParametersSchema = z.object({
  type: z.enum(CAMPAIGN_TYPE_VALUES),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  fromNumber: z.string(),
  toNumber: z.string().nullable(),
  totalCalls: z.number(),
  noAnswerTimeout: z.number(),
  callDuration: z.number(),
  callsPerSecond: z.number(),
  answerTreatment: z.string(),
});

const campaignFields = {
  id: z.uuid(),
  campaignId: z.uuid(),
  ...CampaignParametersSchema.shape,
  lastExecutionTime: z.string().nullable(),
  runCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** One campaign of GET /campaigns (no data rows); status.active while a run is live. */
export const CampaignListItemSchema = z.object({
  ...campaignFields,
  /** Rows in the uploaded CSV. */
  dataRowCount: z.number(),
  status: z.object({ active: z.boolean() }),
});
export type CampaignListItem = z.infer<typeof CampaignListItemSchema>;

export const CampaignListSchema = z.array(CampaignListItemSchema);

/** GET /campaigns/{id}: the campaign with its data rows (keys are the CSV headers). */
export const CampaignSchema = CampaignListItemSchema.extend({
  dataHeaders: z.array(z.string()),
  data: z.array(z.record(z.string(), z.string())),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignParamsSchema = z.object({ id: z.uuid() });
export const CampaignRunParamsSchema = z.object({ id: z.uuid(), runId: z.uuid() });

export const RUN_STATES = ['Queued', 'In Progress', 'Complete', 'Cancelled'] as const;

/** A campaign run (spec 001 §3) with the campaign's parameters as they were at start. */
export const CampaignRunSchema = z.object({
  id: z.uuid(),
  campaignId: z.uuid(),
  type: z.enum(CAMPAIGN_TYPE_VALUES),
  name: z.string(),
  description: z.string(),
  runDescription: z.string(),
  tags: z.array(z.string()),
  runTags: z.array(z.string()),
  /** Processing state of the dialler; the shown status follows runStatusOf. */
  state: z.enum(RUN_STATES),
  status: z.enum(['Cancelled', 'Complete', 'In Progress']),
  outcome: z.string().nullable(),
  isComplete: z.boolean(),
  canceledAt: z.string().nullable(),
  createdOn: z.string(),
  /** When the dialler began and finished the run (null before and while). */
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Which dialler places the calls: the built-in SIP dialler or Twilio. */
  dialler: z.enum(['sip', 'twilio']).nullable(),
  /**
   * Calls that were due but held back by the dialler beyond its capacity (it paces down rather
   * than fail them), and the call rate it reached (calls/s, first to last placed; null before
   * two calls). Both follow the run as it goes.
   */
  heldBackCalls: z.number().int(),
  rateReached: z.number().nullable(),
  fromNumber: z.string(),
  toNumber: z.string().nullable(),
  totalCalls: z.number(),
  noAnswerTimeout: z.number(),
  callDuration: z.number(),
  callsPerSecond: z.number(),
  answerTreatment: z.string(),
});
export type CampaignRun = z.infer<typeof CampaignRunSchema>;
export const CampaignRunListSchema = z.array(CampaignRunSchema);

/** Group configuration for campaigns (spec 001 §3), kept in the Simulate config fields. */
export const CampaignConfigurationSchema = z.object({
  account: z.object({ cpsLimit: z.number() }),
  fromNumbers: z.array(z.string()),
  toNumbers: z.array(z.string()),
});
export type CampaignConfiguration = z.infer<typeof CampaignConfigurationSchema>;

/** PUT configuration: any of the three; each is written with its config field's roles. */
export const CampaignConfigurationUpdateSchema = z
  .object({
    account: z.object({ cpsLimit: z.number().int().min(1).max(50) }).optional(),
    fromNumbers: z.array(z.string().trim().min(1).max(40)).max(200).optional(),
    toNumbers: z
      .array(
        z.string().trim().regex(CAMPAIGN_LIMITS.toNumberPattern, CAMPAIGN_TEXTS.invalidPhoneNumber),
      )
      .max(200)
      .optional(),
  })
  .strict();
export type CampaignConfigurationUpdate = z.infer<typeof CampaignConfigurationUpdateSchema>;

/** GET /simulate/numbers (spec 000 §7): the numbers the wizard's From/To dropdowns offer. */
export const SimulateNumbersSchema = z.object({
  fromNumbers: z.array(z.string()),
  toNumbers: z.array(z.string()),
});
export type SimulateNumbers = z.infer<typeof SimulateNumbersSchema>;

/**
 * POST /campaigns/{id}/runs/start body (spec 001 §7: campaignId, tags, description), plus the
 * approval checkbox, which the server checks too when the campaign needs approval (§5).
 */
export const CampaignRunStartInputSchema = z.object({
  description: z
    .string({ error: CAMPAIGN_TEXTS.runDescriptionRequired })
    .trim()
    .min(1, CAMPAIGN_TEXTS.runDescriptionRequired)
    .max(CAMPAIGN_LIMITS.descriptionMaxLength, CAMPAIGN_TEXTS.runDescriptionRequired),
  tags: z
    .array(z.string().trim().min(1).max(CAMPAIGN_LIMITS.tagMaxLength))
    .max(CAMPAIGN_LIMITS.maxTags)
    .optional(),
  approved: z.boolean().optional(),
});
export type CampaignRunStartInput = z.output<typeof CampaignRunStartInputSchema>;
