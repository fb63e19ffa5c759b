import { queryOptions } from '@tanstack/react-query';
import { UserLookupResultSchema, type UserLookup } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/users/:email (the e-mail check): the account with this e-mail address, or null when
 * there is none or it is another customer's (whose address the save then refuses with the
 * duplicate text). Both are plain 200 answers: checking an address is no error.
 */
export function lookupUser(email: string, signal?: AbortSignal): Promise<UserLookup | null> {
  return apiRequest(`/users/${encodeURIComponent(email)}`, {
    schema: UserLookupResultSchema,
    signal,
  });
}

/** Short-lived: the answer changes as soon as someone creates the account. */
export const lookupUserQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['user-lookup', email.trim().toLowerCase()],
    queryFn: ({ signal }) => lookupUser(email.trim(), signal),
    staleTime: 0,
    gcTime: 0,
  });
