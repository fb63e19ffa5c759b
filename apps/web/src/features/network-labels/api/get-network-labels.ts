import { queryOptions, useQuery } from '@tanstack/react-query';
import { NetworkLabelMapSchema, type NetworkLabelMap } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/config/ip/: the group's network labels in order (the first matching range wins). */
export function getNetworkLabels(signal?: AbortSignal): Promise<NetworkLabelMap> {
  return apiRequest('/config/ip/', { schema: NetworkLabelMapSchema, signal });
}

export const getNetworkLabelsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: ['network-labels', groupId],
    queryFn: ({ signal }) => getNetworkLabels(signal),
  });

export function useNetworkLabels(groupId: string) {
  return useQuery(getNetworkLabelsQueryOptions(groupId));
}
