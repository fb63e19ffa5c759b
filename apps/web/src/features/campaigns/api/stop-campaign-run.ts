import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CampaignRunSchema, type CampaignRun } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignPath, runQueryKey } from './campaigns-query-key.ts';
import type { RunIds } from './run-part.ts';

/** POST /api/campaigns/{id}/runs/{runId}/stop: asks the dialler to stop (202 with the run). */
export function stopCampaignRun(campaignId: string, runId: string): Promise<CampaignRun> {
  return apiRequest(campaignPath(campaignId, 'runs', runId, 'stop'), {
    method: 'POST',
    schema: CampaignRunSchema,
  });
}

/** The stop request; the status then follows the server through the run's polling. */
export function useStopCampaignRun({ groupId, campaignId, runId }: RunIds) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => stopCampaignRun(campaignId, runId),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: runQueryKey(groupId, campaignId, runId) }),
  });
}
