import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfigBatchResultSchema, type ConfigValue } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { configQueryKey } from './config-query-key.ts';

export interface ConfigEntryWrite {
  key: string;
  value: ConfigValue;
}

/** PUT /api/config: saves the changed entries of one form, all or none. */
export function saveConfigEntries(entries: ConfigEntryWrite[]) {
  return apiRequest('/config', {
    method: 'PUT',
    body: { entries },
    schema: ConfigBatchResultSchema,
  });
}

export function useSaveConfigEntries(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConfigEntries,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configQueryKey(groupId) }),
  });
}
