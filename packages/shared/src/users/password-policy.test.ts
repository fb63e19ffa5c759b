import { describe, expect, it } from 'vitest';
import {
  PASSWORD_TEXTS,
  PasswordSchema,
  passwordClassCount,
  passwordProblem,
} from './password-policy.ts';

describe('passwordClassCount', () => {
  it('counts digits, lowercase, uppercase and the special characters !@#$%^&*', () => {
    expect(passwordClassCount('')).toBe(0);
    expect(passwordClassCount('abc')).toBe(1);
    expect(passwordClassCount('abcDEF')).toBe(2);
    expect(passwordClassCount('abcDEF1')).toBe(3);
    expect(passwordClassCount('aB1!')).toBe(4);
    // Other punctuation is not one of the four classes.
    expect(passwordClassCount('abc-_.()')).toBe(1);
  });
});

describe('passwordProblem', () => {
  it('wants at least 8 characters', () => {
    expect(passwordProblem('aB1!aB1')).toBe(PASSWORD_TEXTS.tooShort);
    expect(passwordProblem('aB1!aB1!')).toBeNull();
    expect(PASSWORD_TEXTS.tooShort).toBe('Password should be at least 8 characters long');
  });

  it('wants 3 of the 4 classes', () => {
    expect(passwordProblem('abcdefgh')).toBe(PASSWORD_TEXTS.tooFewClasses);
    expect(passwordProblem('abcdEFGH')).toBe(PASSWORD_TEXTS.tooFewClasses);
    expect(passwordProblem('abcd-EFGH')).toBe(PASSWORD_TEXTS.tooFewClasses);
    expect(passwordProblem('abcdEFG1')).toBeNull();
    expect(passwordProblem('abcdefg1!')).toBeNull();
    expect(passwordProblem('ABCDEF1!')).toBeNull();
    expect(PASSWORD_TEXTS.tooFewClasses).toBe(
      'Password should have at least 3 out of digits [0-9], lowercase letters [a-z], uppercase letters [A-Z], and special characters [!@#$%^&*]',
    );
  });

  it('reports length before classes, and bounds the length', () => {
    expect(passwordProblem('abc')).toBe(PASSWORD_TEXTS.tooShort);
    expect(passwordProblem(`aB1${'x'.repeat(200)}`)).toBe(PASSWORD_TEXTS.tooLong);
  });
});

describe('PasswordSchema', () => {
  it('answers the policy text as the issue message', () => {
    const r = PasswordSchema.safeParse('short');
    expect(r.success ? '' : r.error.issues[0]?.message).toBe(PASSWORD_TEXTS.tooShort);
    expect(PasswordSchema.parse(' Spaced 1 ')).toBe(' Spaced 1 ');
  });

  it('has the exact confirmation text', () => {
    expect(PASSWORD_TEXTS.mismatch).toBe("Password confirmation doesn't match password.");
  });
});
