import { OkSchema } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/logout: revokes this browser's session and clears the refresh cookie. */
export async function logout(): Promise<void> {
  // Sends the bearer when there is one; an expired token must not start a renewal here.
  await apiRequest('/auth/logout', { method: 'POST', schema: OkSchema, renewOnExpiry: false });
}
