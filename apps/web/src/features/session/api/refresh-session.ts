import { SessionTokenSchema, type SessionToken } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/refresh: exchanges the refresh cookie for a token of the current group. */
export function refreshSession(): Promise<SessionToken> {
  return apiRequest('/auth/refresh', { method: 'POST', schema: SessionTokenSchema, auth: false });
}
