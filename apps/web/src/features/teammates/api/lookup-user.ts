import { queryOptions } from '@tanstack/react-query';
import { ERROR_CODES, UserLookupSchema, type UserLookup } from '@callsight/shared';
import { apiRequest, isApiError } from '../../../lib/api-client.ts';

/**
 * GET /api/users/:email: the account with this e-mail address, or null when there is none or it
 * is another customer's (whose address the save then refuses with the duplicate text).
 */
export async function lookupUser(email: string, signal?: AbortSignal): Promise<UserLookup | null> {
  try {
    return await apiRequest(`/users/${encodeURIComponent(email)}`, {
      schema: UserLookupSchema,
      signal,
    });
  } catch (err) {
    if (isApiError(err, ERROR_CODES.notFound)) return null;
    throw err;
  }
}

/** Short-lived: the answer changes as soon as someone creates the account. */
export const lookupUserQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['user-lookup', email.trim().toLowerCase()],
    queryFn: ({ signal }) => lookupUser(email.trim(), signal),
    staleTime: 0,
    gcTime: 0,
  });
