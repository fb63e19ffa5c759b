import { z } from 'zod';
import { GROUP_ROLES, GroupRoleSchema, type GroupRole } from '../access/permissions.ts';
import {
  EmailSchema,
  EMAIL_PATTERN,
  VALIDATION_TEXTS,
  requiredText,
} from '../common/validation.ts';
import { PASSWORD_TEXTS, PasswordSchema, passwordProblem } from './password-policy.ts';
import { TEAMMATE_TEXTS } from './texts.ts';

/** Role choices in the teammate form, in the order they are offered (spec 001 §5). */
export const TEAMMATE_ROLE_CHOICES: readonly GroupRole[] = ['admin', 'user', 'viewer'];
/** A new teammate is a Group Admin unless another role is chosen (spec 001 §3). */
export const TEAMMATE_DEFAULT_ROLE: GroupRole = 'admin';

export const TeammateGroupSchema = z.object({ id: z.string(), name: z.string() });
export type TeammateGroup = z.infer<typeof TeammateGroupSchema>;

/** A user as a member of one group (the caller's current group). */
export const TeammateSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  role: GroupRoleSchema,
  isSuper: z.boolean(),
  isMember: z.boolean(),
  /** The group this record is about. */
  group: TeammateGroupSchema,
  /** The user's groups that the caller may also see. */
  groups: z.array(TeammateGroupSchema),
  createdAt: z.string(),
});
export type Teammate = z.infer<typeof TeammateSchema>;
export const TeammateListSchema = z.array(TeammateSchema);

/** Answer of the e-mail check: just enough to fill the form (spec 001 §5). */
export const UserLookupSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type UserLookup = z.infer<typeof UserLookupSchema>;
/**
 * GET /users/{email}: the account, or null when there is none the caller may see (unknown, or
 * another customer's): the same answer, so that the check enumerates nothing (decision Sec2).
 */
export const UserLookupResultSchema = UserLookupSchema.nullable();

/** GET/DELETE /users/{id}: GET also takes an e-mail address in the same place. */
export const UserKeyParamsSchema = z.object({ id: z.string().min(1).max(320) });
export const UserIdParamsSchema = z.object({ id: z.uuid({ error: 'Invalid user id' }) });

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the parameter of GET /users/{id}: a user id (uuid) or an e-mail address. */
export function parseUserKey(
  value: string,
): { kind: 'id'; id: string } | { kind: 'email'; email: string } | null {
  const v = value.trim();
  if (UUID_PATTERN.test(v)) return { kind: 'id', id: v.toLowerCase() };
  if (EMAIL_PATTERN.test(v)) return { kind: 'email', email: v.toLowerCase() };
  return null;
}

const RoleSchema = z.enum(GROUP_ROLES, { error: VALIDATION_TEXTS.required('Role') });
const GroupRefSchema = z.uuid({ error: VALIDATION_TEXTS.required('Group') });

const saveFields = {
  name: requiredText('Name', 120),
  email: EmailSchema,
  role: RoleSchema,
  group: GroupRefSchema,
  password: PasswordSchema.optional(),
  isMember: z.boolean().optional(),
};

/**
 * POST /users: a new account (no id, isMember true, password required) or an existing
 * account (id from the e-mail check) added to the group; saving with neither fails.
 */
export const TeammateCreateSchema = z
  .strictObject({ id: z.uuid({ error: 'Invalid user id' }).optional(), ...saveFields })
  .superRefine((v, ctx) => {
    if (!v.id && v.isMember !== true) {
      ctx.addIssue({
        code: 'custom',
        path: ['isMember'],
        message: TEAMMATE_TEXTS.isMemberRequired,
      });
    }
    if (!v.id && v.password === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: VALIDATION_TEXTS.required('Password'),
      });
    }
  });
export type TeammateCreateInput = z.infer<typeof TeammateCreateSchema>;

/** PUT /users: a member of `group`; an absent password keeps the current one. */
export const TeammateUpdateSchema = z.strictObject({
  id: z.uuid({ error: 'Invalid user id' }),
  ...saveFields,
});
export type TeammateUpdateInput = z.infer<typeof TeammateUpdateSchema>;

/** Runs a form refinement even when other fields failed, so every message shows at once. */
const whenObject = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};

/** What the form asks for; `passwordRequired` when a new account is being created. */
export function teammateFormSchema(opts: { passwordRequired: boolean }) {
  return z
    .object({
      id: z.string(),
      name: requiredText('Name', 120),
      email: EmailSchema,
      group: z.string().min(1, VALIDATION_TEXTS.required('Group')),
      role: RoleSchema,
      password: z.string(),
      confirmPassword: z.string(),
      isMember: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (typeof v.password !== 'string') return;
      if (v.password === '') {
        if (opts.passwordRequired) {
          ctx.addIssue({
            code: 'custom',
            path: ['password'],
            message: VALIDATION_TEXTS.required('Password'),
          });
        }
      } else {
        const problem = passwordProblem(v.password);
        if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
      }
      if (v.confirmPassword !== v.password) {
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: PASSWORD_TEXTS.mismatch,
        });
      }
    }, whenObject);
}
export type TeammateFormSchema = ReturnType<typeof teammateFormSchema>;
export type TeammateFormInput = z.input<TeammateFormSchema>;
export type TeammateFormOutput = z.output<TeammateFormSchema>;

/**
 * The result of the e-mail check on blur (spec 001 §5): in the plain form another user with
 * the address is a conflict; in the group-member form a found user fills id and name.
 */
export function emailCheckOutcome(
  found: UserLookup | null,
  form: { id: string; memberVariant: boolean },
):
  | { kind: 'free'; id: string }
  | { kind: 'duplicate'; message: string }
  | { kind: 'existing'; id: string; name: string } {
  if (form.memberVariant) {
    return found ? { kind: 'existing', id: found.id, name: found.name } : { kind: 'free', id: '0' };
  }
  if (found && found.id !== form.id)
    return { kind: 'duplicate', message: TEAMMATE_TEXTS.duplicateEmail };
  return { kind: 'free', id: form.id };
}
