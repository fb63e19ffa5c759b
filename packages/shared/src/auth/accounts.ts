import { z } from 'zod';
import { GroupRoleSchema, type GroupRole } from '../access/permissions.ts';
import { VALIDATION_TEXTS } from '../common/validation.ts';
import { PASSWORD_TEXTS, passwordProblem } from '../users/password-policy.ts';

/** Password of the demo accounts; published in the README and on the sign-in page. */
export const DEMO_PASSWORD = 'Callsight-demo-1';

/** Texts of the password change and the demo accounts (not in the spec; see decisions.md). */
export const ACCOUNT_TEXTS = {
  changePasswordTitle: 'Change password',
  wrongCurrentPassword: 'The current password is not correct.',
  samePassword: 'The new password must differ from the current one.',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  passwordChangeRequired:
    'You must change your password before you continue (PUT /api/users/password).',
  forcedChangeIntro:
    'This account still has the password generated at installation. Choose your own password to continue.',
  demoNoteTitle: 'Demo accounts',
  demoNote:
    'These accounts come with the demo data and their password is published. Use them to try Callsight, never for real data.',
  demoBannerTitle: 'Demo accounts are active',
  demoBanner: `Anyone can sign in to them with the published password ${DEMO_PASSWORD}. Remove them before you use Callsight for real.`,
  removeDemoButton: 'Remove demo accounts',
  removeDemoTitle: 'Remove demo accounts',
  removeDemoMessage:
    'The demo accounts will be deleted and signed out. The demo groups and their data stay. Continue?',
  demoRemoved: 'The demo accounts have been removed.',
} as const;

/** The demo accounts seeded with SEED_DEMO (one per role), in both demo groups. */
export const DEMO_ACCOUNTS: readonly { email: string; name: string; role: GroupRole }[] = [
  { email: 'viewer@demo.callsight.local', name: 'Vera Viewer', role: 'viewer' },
  { email: 'user@demo.callsight.local', name: 'Umar User', role: 'user' },
  { email: 'admin@demo.callsight.local', name: 'Ada Admin', role: 'admin' },
];

/** GET /api/users/demo-accounts: the demo accounts that still exist (none once removed). */
export const DemoAccountsSchema = z.object({
  accounts: z.array(z.object({ email: z.string(), role: GroupRoleSchema })),
});
export type DemoAccounts = z.infer<typeof DemoAccountsSchema>;

/** DELETE /api/users/demo-accounts: the e-mail addresses of the accounts deleted. */
export const DemoAccountsRemovedSchema = z.object({ removed: z.array(z.string()) });
export type DemoAccountsRemoved = z.infer<typeof DemoAccountsRemovedSchema>;

const required = (field: string) => VALIDATION_TEXTS.required(field);

/** PUT /api/users/password: the current password, and a new one that follows the policy. */
export const ChangePasswordInputSchema = z.strictObject({
  currentPassword: z
    .string({ error: required('Current password') })
    .min(1, required('Current password'))
    .max(1024),
  newPassword: z
    .string({ error: required('New password') })
    .min(1, required('New password'))
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** Answer of PUT /api/users/password: how many other sessions were signed out. */
export const ChangePasswordResultSchema = z.object({
  ok: z.literal(true),
  otherSessionsEnded: z.number().int().min(0),
});
export type ChangePasswordResult = z.infer<typeof ChangePasswordResultSchema>;

/** The web form: the API's fields and a confirmation that must match the new password. */
export const ChangePasswordFormSchema = ChangePasswordInputSchema.extend({
  confirmPassword: z.string(),
}).refine((v) => v.confirmPassword === v.newPassword, {
  path: ['confirmPassword'],
  message: PASSWORD_TEXTS.mismatch,
});
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;
