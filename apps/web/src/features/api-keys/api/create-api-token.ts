import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiTokenCreatedSchema,
  type ApiTokenCreated,
  type ApiTokenCreateInput,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getApiTokensQueryOptions } from './get-api-tokens.ts';

/** POST /api/config/token: creates a key; the answer holds the full key, shown this once. */
export function createApiToken(input: ApiTokenCreateInput): Promise<ApiTokenCreated> {
  return apiRequest('/config/token', {
    method: 'POST',
    body: input,
    schema: ApiTokenCreatedSchema,
  });
}

export function useCreateApiToken(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getApiTokensQueryOptions(groupId).queryKey }),
  });
}
