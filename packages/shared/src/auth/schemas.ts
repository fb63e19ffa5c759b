import { z } from 'zod';
import { EmailSchema } from '../common/validation.ts';
import { PermissionSchema } from '../access/permissions.ts';
import { EnabledFeatureSchema } from '../access/features.ts';

export const LoginInputSchema = z.strictObject({
  email: EmailSchema,
  password: z.string({ error: 'Required (Password)' }).min(1, 'Required (Password)').max(1024),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** Claims of the signed access token. */
export const AccessClaimsSchema = z.object({
  sub: z.string(),
  /** The session (sign-in) the token belongs to; signing out or a password change revokes it. */
  sid: z.string(),
  email: z.string(),
  name: z.string(),
  groupId: z.string(),
  permissions: z.array(PermissionSchema),
  features: z.array(EnabledFeatureSchema),
});
export type AccessClaims = z.infer<typeof AccessClaimsSchema>;

/** Answer of login and refresh: the token and when it expires (epoch ms). */
export const SessionTokenSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.number().int(),
  lifetimeSeconds: z.number().int().positive(),
  claims: AccessClaimsSchema,
  /** The user must choose a new password before anything else (PUT /api/users/password). */
  mustChangePassword: z.boolean(),
});
export type SessionToken = z.infer<typeof SessionTokenSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });
