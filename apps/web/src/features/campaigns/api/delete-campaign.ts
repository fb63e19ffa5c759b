import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignPath, campaignsQueryKey } from './campaigns-query-key.ts';

/** DELETE /api/campaigns/{id} (204; 409 when the campaign has runs). */
export async function deleteCampaign(campaignId: string): Promise<void> {
  await apiRequest(campaignPath(campaignId), { method: 'DELETE', schema: z.unknown() });
}

export function useDeleteCampaign(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey(groupId) }),
  });
}
