import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignListSchema, type CampaignListItem } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignsQueryKey } from './campaigns-query-key.ts';

/** GET /api/campaigns: the group's campaigns with their run count and last run. */
export function getCampaigns(signal?: AbortSignal): Promise<CampaignListItem[]> {
  return apiRequest('/campaigns', { schema: CampaignListSchema, signal });
}

export const getCampaignsQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...campaignsQueryKey(groupId), 'list'],
    queryFn: ({ signal }) => getCampaigns(signal),
  });

export function useCampaigns(groupId: string) {
  return useQuery(getCampaignsQueryOptions(groupId));
}
