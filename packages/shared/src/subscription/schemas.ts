import { z } from 'zod';
import { VALIDATION_TEXTS } from '../common/validation.ts';

/** Texts of the marketplace subscription pages (spec 000 §2.2 and §8), letter for letter. */
export const SUBSCRIPTION_TEXTS = {
  success: 'Subscription has been successful!',
  /** The server's conflict message; the page looks for it in the error text. */
  alreadyExists: 'Subscription already exists',
  errorDefault: (email: string) =>
    `Oops, there seems to be a problem with the details provided. Can you please check and try again? Email us at ${email} if you are still having problems.`,
  errorAlreadyExists: (email: string) =>
    `It seems like you already have an active subscription on AWS Marketplace, and only one subscription is allowed. Please contact us at ${email} or chat to support team by clicking the messenger icon at the bottom-right of screen.`,
  activatedTitle: 'Account Activated',
  tooManyAttempts:
    'Too many subscription attempts from this address. Please wait a few minutes and try again.',
  endPassed: 'The subscription end date has already passed',
} as const;

/** Contact address of the marketplace pages when the server sets none (env SUPPORT_EMAIL). */
export const DEFAULT_SUPPORT_EMAIL = 'support@callsight.local';

/** The snackbar text for a failed subscription request (spec 000 §5 and §8). */
export function subscriptionErrorText(
  errorMessage: string | null | undefined,
  email: string,
): string {
  return errorMessage?.includes(SUBSCRIPTION_TEXTS.alreadyExists)
    ? SUBSCRIPTION_TEXTS.errorAlreadyExists(email)
    : SUBSCRIPTION_TEXTS.errorDefault(email);
}

/** Subscription states of spec 000 §4; an error resets the state to idle. */
export const SUBSCRIPTION_STATES = ['idle', 'requested', 'subscribed', 'error'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/** Marketplace codes: letters, digits, dot, hyphen, underscore; starting with a letter or digit. */
const MARKETPLACE_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const MARKETPLACE_CODE_MAX_LENGTH = 128;

const code = (field: string) =>
  z
    .string({ error: VALIDATION_TEXTS.required(field) })
    .trim()
    .min(1, { error: VALIDATION_TEXTS.required(field), abort: true })
    .max(
      MARKETPLACE_CODE_MAX_LENGTH,
      `${field} must be at most ${MARKETPLACE_CODE_MAX_LENGTH} characters`,
    )
    .regex(MARKETPLACE_CODE, VALIDATION_TEXTS.invalidIdentifier(field));

/** Epoch numbers below this are seconds, above it milliseconds (1e11 s is the year 5138). */
const EPOCH_SECONDS_BELOW = 1e11;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);
const INVALID_END = 'subscriptionEnd must be an ISO date or an epoch time';

/** Reads an ISO date or epoch time (seconds or milliseconds, number or digits); null when absent. */
export function parseSubscriptionEnd(
  value: string | number | null | undefined,
): Date | null | 'invalid' {
  if (value === null || value === undefined) return null;
  let ms: number;
  if (typeof value === 'number' || /^\d+$/.test(value.trim())) {
    const n = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isFinite(n) || n <= 0) return 'invalid';
    ms = n < EPOCH_SECONDS_BELOW ? n * 1000 : n;
  } else {
    const text = value.trim();
    if (text === '') return null;
    if (!ISO_DATE.test(text)) return 'invalid';
    ms = Date.parse(text);
  }
  if (!Number.isFinite(ms) || ms < EARLIEST || ms > LATEST) return 'invalid';
  return new Date(ms);
}

/** POST /subscription/ body (spec 000 §3, §7): the marketplace customer, product and optional end. */
export const SubscriptionRequestSchema = z.strictObject({
  customerCode: code('Customer Code'),
  productCode: code('Product Code'),
  subscriptionEnd: z
    .union([z.number(), z.string().max(40, INVALID_END)], { error: INVALID_END })
    .nullish()
    .transform((value, ctx) => {
      const end = parseSubscriptionEnd(value);
      if (end === 'invalid') {
        ctx.addIssue({ code: 'custom', message: INVALID_END });
        return z.NEVER;
      }
      return end;
    }),
});
export type SubscriptionRequestInput = z.input<typeof SubscriptionRequestSchema>;
export type SubscriptionRequest = z.output<typeof SubscriptionRequestSchema>;

/** A recorded marketplace subscription. */
export const SubscriptionSchema = z.object({
  id: z.string(),
  customerCode: z.string(),
  productCode: z.string(),
  subscriptionEnd: z.string().nullable(),
  status: z.enum(['active', 'cancelled', 'expired']),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** GET /public/settings: what the pages outside sign-in need to know. */
export const PublicSettingsSchema = z.object({ supportEmail: z.string() });
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
