import { SessionTokenSchema, type LoginInput, type SessionToken } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/login: signs in and sets the refresh cookie. */
export function login(input: LoginInput): Promise<SessionToken> {
  return apiRequest('/auth/login', {
    method: 'POST',
    body: input,
    schema: SessionTokenSchema,
    auth: false,
  });
}
