import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CALL_TAG_CONFIGURATIONS, ConfigEntrySchema, type TaggingConfig } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getTagConfigsQueryOptions } from './get-tag-configs.ts';

/** PUT /api/config/array: stores the whole list of tagging configs under CALL_TAG_CONFIGURATIONS. */
export function saveTagConfigs(configs: TaggingConfig[]) {
  return apiRequest('/config/array', {
    method: 'PUT',
    body: { key: CALL_TAG_CONFIGURATIONS, value: configs },
    schema: ConfigEntrySchema,
  });
}

export function useSaveTagConfigs(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTagConfigs,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getTagConfigsQueryOptions(groupId).queryKey }),
  });
}
