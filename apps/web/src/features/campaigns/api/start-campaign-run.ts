import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CampaignRunSchema, type CampaignRun, type CampaignRunStartInput } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignPath, campaignsQueryKey } from './campaigns-query-key.ts';

/** POST /api/campaigns/{id}/runs/start: starts a run (201 with the run). */
export function startCampaignRun(
  campaignId: string,
  input: CampaignRunStartInput,
): Promise<CampaignRun> {
  return apiRequest(campaignPath(campaignId, 'runs', 'start'), {
    method: 'POST',
    body: input,
    schema: CampaignRunSchema,
  });
}

/** Key of the start mutation, so that the dialog frame can tell a start is running. */
export const startCampaignRunMutationKey = (groupId: string) =>
  ['start-campaign-run', groupId] as const;

export function useStartCampaignRun(groupId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: startCampaignRunMutationKey(groupId),
    mutationFn: (input: CampaignRunStartInput) => startCampaignRun(campaignId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey(groupId) }),
  });
}
