import { z } from 'zod';

/** Validation texts of spec 000 §5, letter for letter. */
export const VALIDATION_TEXTS = {
  invalidEmail: 'Invalid email address',
  required: (field: string) => `Required (${field})`,
  invalidIdentifier: (field: string) => `${field} has invalid characters`,
  invalidUrl: 'Invalid URL',
} as const;

/** A required, trimmed, non-blank string whose error names the field. */
export function requiredText(field: string, max = 200) {
  return z
    .string({ error: VALIDATION_TEXTS.required(field) })
    .trim()
    .min(1, VALIDATION_TEXTS.required(field))
    .max(max, `${field} must be at most ${max} characters`);
}

/** Local part @ domain; single-label domains (admin@localhost) are allowed for self-hosting. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;

/** The longest e-mail address (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** An e-mail address, lower-cased, with the spec's error text. */
export const EmailSchema = z
  .string({ error: VALIDATION_TEXTS.required('Email') })
  .trim()
  .min(1, VALIDATION_TEXTS.required('Email'))
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .regex(EMAIL_PATTERN, VALIDATION_TEXTS.invalidEmail)
  .transform((e) => e.toLowerCase());

export const IdentifierSchema = (field: string) =>
  z.string().regex(/^[A-Za-z0-9_]+$/, VALIDATION_TEXTS.invalidIdentifier(field));
