import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignSchema, type Campaign } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignPath, campaignQueryKey } from './campaigns-query-key.ts';

/** GET /api/campaigns/{id}: one campaign with its data rows (keys are the CSV headers). */
export function getCampaign(campaignId: string, signal?: AbortSignal): Promise<Campaign> {
  return apiRequest(campaignPath(campaignId), { schema: CampaignSchema, signal });
}

export const getCampaignQueryOptions = (groupId: string, campaignId: string) =>
  queryOptions({
    queryKey: [...campaignQueryKey(groupId, campaignId), 'definition'],
    queryFn: ({ signal }) => getCampaign(campaignId, signal),
  });

export function useCampaign(groupId: string, campaignId: string | null) {
  return useQuery({
    ...getCampaignQueryOptions(groupId, campaignId ?? ''),
    enabled: !!campaignId,
  });
}
