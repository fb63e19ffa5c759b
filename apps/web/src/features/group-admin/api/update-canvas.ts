import { useMutation } from '@tanstack/react-query';
import { GroupActionResultSchema, type GroupActionResult } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Update Canvas: POST /api/groups/:id/bi/configure (spec 001 §7, issue 21) installs the group's
 * latest standard import again; answers the message the UI shows.
 */
export function updateCanvas(id: string): Promise<GroupActionResult> {
  return apiRequest(`/groups/${encodeURIComponent(id)}/bi/configure`, {
    method: 'POST',
    schema: GroupActionResultSchema,
  });
}

export function useUpdateCanvas() {
  return useMutation({ mutationFn: updateCanvas });
}
