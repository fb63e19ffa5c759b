import { useMutation } from '@tanstack/react-query';
import { GroupActionResultSchema, type GroupActionResult } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/groups/:id/canvas/update: redeploys the group's Canvas; answers a message. */
export function updateCanvas(id: string): Promise<GroupActionResult> {
  return apiRequest(`/groups/${encodeURIComponent(id)}/canvas/update`, {
    method: 'POST',
    schema: GroupActionResultSchema,
  });
}

export function useUpdateCanvas() {
  return useMutation({ mutationFn: updateCanvas });
}
