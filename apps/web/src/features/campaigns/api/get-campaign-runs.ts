import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignRunListSchema, type CampaignRun } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignPath, campaignQueryKey } from './campaigns-query-key.ts';

/** GET /api/campaigns/{id}/runs: the campaign's runs with their shown status. */
export function getCampaignRuns(campaignId: string, signal?: AbortSignal): Promise<CampaignRun[]> {
  return apiRequest(campaignPath(campaignId, 'runs'), { schema: CampaignRunListSchema, signal });
}

export const getCampaignRunsQueryOptions = (groupId: string, campaignId: string) =>
  queryOptions({
    queryKey: [...campaignQueryKey(groupId, campaignId), 'runs'],
    queryFn: ({ signal }) => getCampaignRuns(campaignId, signal),
  });

export function useCampaignRuns(groupId: string, campaignId: string) {
  return useQuery(getCampaignRunsQueryOptions(groupId, campaignId));
}
