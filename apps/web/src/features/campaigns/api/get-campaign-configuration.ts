import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignConfigurationSchema, type CampaignConfiguration } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignsQueryKey } from './campaigns-query-key.ts';

/** GET /api/campaigns/configuration: the group's CPS limit and numbers. */
export function getCampaignConfiguration(signal?: AbortSignal): Promise<CampaignConfiguration> {
  return apiRequest('/campaigns/configuration', { schema: CampaignConfigurationSchema, signal });
}

export const getCampaignConfigurationQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...campaignsQueryKey(groupId), 'configuration'],
    queryFn: ({ signal }) => getCampaignConfiguration(signal),
  });

export function useCampaignConfiguration(groupId: string) {
  return useQuery(getCampaignConfigurationQueryOptions(groupId));
}
