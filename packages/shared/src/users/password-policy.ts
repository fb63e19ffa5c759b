import { z } from 'zod';
import { VALIDATION_TEXTS } from '../common/validation.ts';

/** Password rules of spec 001 §5 and §9: at least 8 characters and 3 of 4 character classes. */
export const PASSWORD_POLICY = {
  minLength: 8,
  /** Upper bound so hashing cost stays bounded; not a spec rule. */
  maxLength: 128,
  minClasses: 3,
  specialCharacters: '!@#$%^&*',
} as const;

/** Password texts of spec 001 §5, letter for letter. */
export const PASSWORD_TEXTS = {
  tooShort: 'Password should be at least 8 characters long',
  tooFewClasses:
    'Password should have at least 3 out of digits [0-9], lowercase letters [a-z], uppercase letters [A-Z], and special characters [!@#$%^&*]',
  mismatch: "Password confirmation doesn't match password.",
  tooLong: `Password should be at most ${PASSWORD_POLICY.maxLength} characters long`,
} as const;

const CLASSES: readonly RegExp[] = [/[0-9]/, /[a-z]/, /[A-Z]/, /[!@#$%^&*]/];

/** How many of the four classes (digits, lowercase, uppercase, !@#$%^&*) the password uses. */
export function passwordClassCount(password: string): number {
  return CLASSES.filter((re) => re.test(password)).length;
}

/** The first rule the password breaks, as the spec's text, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_POLICY.minLength) return PASSWORD_TEXTS.tooShort;
  if (password.length > PASSWORD_POLICY.maxLength) return PASSWORD_TEXTS.tooLong;
  if (passwordClassCount(password) < PASSWORD_POLICY.minClasses)
    return PASSWORD_TEXTS.tooFewClasses;
  return null;
}

/**
 * A password that follows the policy (not trimmed: spaces are part of a password). A value that
 * is not text is named like any other field: "Required (Password)" (spec 000 §5).
 */
export const PasswordSchema = z
  .string({ error: VALIDATION_TEXTS.required('Password') })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
