import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NetworkLabelMapSchema,
  type NetworkLabelMap,
  type NetworkLabelMapUpdate,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { getNetworkLabelsQueryOptions } from './get-network-labels.ts';

/** PUT /api/config/ip/: replaces the whole ordered list; answers it as stored (canonical ranges). */
export function saveNetworkLabels(body: NetworkLabelMapUpdate): Promise<NetworkLabelMap> {
  return apiRequest('/config/ip/', { method: 'PUT', body, schema: NetworkLabelMapSchema });
}

export function useSaveNetworkLabels(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNetworkLabels,
    onSuccess: async (saved) => {
      const { queryKey } = getNetworkLabelsQueryOptions(groupId);
      queryClient.setQueryData(queryKey, saved);
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
