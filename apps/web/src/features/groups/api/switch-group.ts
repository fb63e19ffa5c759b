import { useMutation } from '@tanstack/react-query';
import { SessionTokenSchema, type SessionToken } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveSessionMarkers } from '../../../lib/storage.ts';
import { toClientClock } from '../../../lib/session.ts';

/** PUT /api/users/switchGroup: makes another group current and answers a token for it. */
export function switchGroup(currentGroupId: string): Promise<SessionToken> {
  return apiRequest('/users/switchGroup', {
    method: 'PUT',
    body: { currentGroupId },
    schema: SessionTokenSchema,
  });
}

/**
 * Switches group, then hands the new token to `onSwitched`, which reloads the app at a URL of
 * that group; the reload renews the session there, so only the storage markers are updated
 * here (the token in memory keeps the old group until the page goes away).
 */
export function useSwitchGroup(onSwitched: (token: SessionToken) => void) {
  return useMutation({
    mutationFn: switchGroup,
    onSuccess: (token) => {
      saveSessionMarkers(toClientClock(token).expiresAt);
      onSwitched(token);
    },
  });
}
