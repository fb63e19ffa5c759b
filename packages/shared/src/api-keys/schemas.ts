import { z } from 'zod';
import { requiredText } from '../common/validation.ts';
import { API_KEY } from './constants.ts';

/** One API key as listed (spec 000 §3 "API token"); the token is masked. */
export const ApiTokenSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  /** Masked key: the recognisable prefix and a mask; the full key is shown only once. */
  token: z.string(),
  /** ISO time of the last authenticated call, null when never used. */
  lastAccessed: z.iso.datetime({ offset: true }).nullable(),
  createdOn: z.iso.datetime({ offset: true }),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListSchema = z.array(ApiTokenSchema);

/** POST /config/token: the key's name, required and non-blank (spec 000 §5). */
export const ApiTokenCreateSchema = z.strictObject({
  name: requiredText('Name', API_KEY.nameMaxLength),
});
export type ApiTokenCreateInput = z.infer<typeof ApiTokenCreateSchema>;

/** The answer to a create: the only time the full key leaves the server. */
export const ApiTokenCreatedSchema = ApiTokenSchema.extend({
  /** The full key; store it now, it cannot be shown again. */
  token: z.string().startsWith(API_KEY.prefix),
});
export type ApiTokenCreated = z.infer<typeof ApiTokenCreatedSchema>;

export const ApiTokenIdParamsSchema = z.object({
  id: z.uuid({ error: 'API token id must be a UUID' }),
});

/** GET /ingest/v1/whoami: which group and key an API key stands for. */
export const ApiKeyIdentitySchema = z.object({ groupId: z.uuid(), tokenId: z.uuid() });
export type ApiKeyIdentity = z.infer<typeof ApiKeyIdentitySchema>;
