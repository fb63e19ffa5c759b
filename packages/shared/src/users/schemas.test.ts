import { describe, expect, it } from 'vitest';
import {
  TeammateCreateSchema,
  TeammateUpdateSchema,
  emailCheckOutcome,
  parseUserKey,
  teammateFormSchema,
} from './schemas.ts';
import { PASSWORD_TEXTS } from './password-policy.ts';

const GROUP = '5b0f9a4e-3f55-4b55-9d8e-0a4c2b3c1d11';
const USER = '7c1e2d3f-4a5b-4c6d-8e7f-901a2b3c4d5e';

function issues(r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('teammateFormSchema', () => {
  const valid = {
    id: '0',
    name: 'Sam',
    email: 'Sam@Example.com',
    group: GROUP,
    role: 'admin' as const,
    password: 'Secret-pass-1',
    confirmPassword: 'Secret-pass-1',
    isMember: true,
  };

  it('requires name, e-mail, group, role and (for a new account) password', () => {
    const r = teammateFormSchema({ passwordRequired: true }).safeParse({
      ...valid,
      name: ' ',
      email: '',
      group: '',
      role: '',
      password: '',
      confirmPassword: '',
    });
    expect(issues(r)).toEqual({
      name: 'Required (Name)',
      email: 'Required (Email)',
      group: 'Required (Group)',
      role: 'Required (Role)',
      password: 'Required (Password)',
    });
  });

  it('lets an edit keep the password blank, but checks one that is typed', () => {
    const edit = teammateFormSchema({ passwordRequired: false });
    expect(edit.safeParse({ ...valid, password: '', confirmPassword: '' }).success).toBe(true);
    expect(
      issues(edit.safeParse({ ...valid, password: 'short', confirmPassword: 'short' })),
    ).toEqual({
      password: PASSWORD_TEXTS.tooShort,
    });
    expect(
      issues(
        edit.safeParse({ ...valid, password: 'alllowercase', confirmPassword: 'alllowercase' }),
      ),
    ).toEqual({
      password: PASSWORD_TEXTS.tooFewClasses,
    });
  });

  it('wants the confirmation to match and a valid e-mail', () => {
    const r = teammateFormSchema({ passwordRequired: true }).safeParse({
      ...valid,
      email: 'not-an-email',
      confirmPassword: 'Secret-pass-2',
    });
    expect(issues(r)).toEqual({
      email: 'Invalid email address',
      confirmPassword: "Password confirmation doesn't match password.",
    });
  });

  it('lower-cases the e-mail', () => {
    const r = teammateFormSchema({ passwordRequired: true }).parse(valid);
    expect(r.email).toBe('sam@example.com');
  });
});

describe('TeammateCreateSchema', () => {
  it('fails without an id and without isMember (spec 000 §5)', () => {
    const r = TeammateCreateSchema.safeParse({
      name: 'A',
      email: 'a@b.c',
      role: 'user',
      group: GROUP,
      password: 'Secret-pass-1',
    });
    expect(issues(r)).toEqual({ isMember: expect.stringContaining('isMember') });
  });

  it('needs a password for a new account but not for an existing one', () => {
    const fresh = TeammateCreateSchema.safeParse({
      name: 'A',
      email: 'a@b.c',
      role: 'user',
      group: GROUP,
      isMember: true,
    });
    expect(issues(fresh)).toEqual({ password: 'Required (Password)' });
    const existing = TeammateCreateSchema.safeParse({
      id: USER,
      name: 'A',
      email: 'a@b.c',
      role: 'user',
      group: GROUP,
    });
    expect(existing.success).toBe(true);
  });

  it('refuses a super role and unknown keys', () => {
    const r = TeammateCreateSchema.safeParse({
      name: 'A',
      email: 'a@b.c',
      role: 'super',
      group: GROUP,
      isMember: true,
      password: 'Secret-pass-1',
      isSuper: true,
    });
    expect(r.success).toBe(false);
    expect(Object.keys(issues(r)).sort()).toEqual(['', 'role']);
  });
});

describe('TeammateUpdateSchema', () => {
  it('needs an id and accepts no password', () => {
    expect(
      TeammateUpdateSchema.safeParse({
        id: USER,
        name: 'A',
        email: 'a@b.c',
        role: 'viewer',
        group: GROUP,
      }).success,
    ).toBe(true);
    expect(
      issues(
        TeammateUpdateSchema.safeParse({ name: 'A', email: 'a@b.c', role: 'viewer', group: GROUP }),
      ),
    ).toEqual({ id: 'Invalid user id' });
  });
});

describe('parseUserKey', () => {
  it('tells a user id from an e-mail address', () => {
    expect(parseUserKey(USER.toUpperCase())).toEqual({ kind: 'id', id: USER });
    expect(parseUserKey('Pat@Example.COM')).toEqual({ kind: 'email', email: 'pat@example.com' });
    expect(parseUserKey('nonsense')).toBeNull();
  });
});

describe('emailCheckOutcome', () => {
  const found = { id: USER, name: 'Pat', email: 'pat@example.com' };

  it('in the plain form, another user with the address is a duplicate', () => {
    expect(emailCheckOutcome(found, { id: '0', memberVariant: false })).toEqual({
      kind: 'duplicate',
      message: 'A user with this email already exists',
    });
    expect(emailCheckOutcome(found, { id: USER, memberVariant: false })).toEqual({
      kind: 'free',
      id: USER,
    });
    expect(emailCheckOutcome(null, { id: USER, memberVariant: false })).toEqual({
      kind: 'free',
      id: USER,
    });
  });

  it('in the group-member form, a found user fills id and name, otherwise id is 0', () => {
    expect(emailCheckOutcome(found, { id: '0', memberVariant: true })).toEqual({
      kind: 'existing',
      id: USER,
      name: 'Pat',
    });
    expect(emailCheckOutcome(null, { id: USER, memberVariant: true })).toEqual({
      kind: 'free',
      id: '0',
    });
  });
});
