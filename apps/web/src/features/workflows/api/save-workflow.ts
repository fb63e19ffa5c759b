import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NEW_WORKFLOW_ID,
  WatcherSchema,
  type Watcher,
  type WatcherFamily,
  type WorkflowSave,
} from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowsQueryKey } from './workflows-query-key.ts';

export interface SaveWorkflowInput {
  groupId: string;
  /** From the trigger's watchdogWatcher flag: it chooses the endpoint family. */
  family: WatcherFamily;
  payload: WorkflowSave;
}

/**
 * Creates or updates a workflow (workflowId "-1" creates): group watchers through
 * PUT /api/groups/{group}/watchers, watchdog watchers through POST /api/watchdog/watcher
 * (create) or PUT /api/watchdog/watcher/{id} (update).
 */
export function saveWorkflow({ groupId, family, payload }: SaveWorkflowInput): Promise<Watcher> {
  if (family === 'group') {
    return apiRequest(`/groups/${encodeURIComponent(groupId)}/watchers`, {
      method: 'PUT',
      body: payload,
      schema: WatcherSchema,
    });
  }
  if (payload.workflowId === NEW_WORKFLOW_ID) {
    return apiRequest('/watchdog/watcher', {
      method: 'POST',
      body: payload,
      schema: WatcherSchema,
    });
  }
  return apiRequest(`/watchdog/watcher/${encodeURIComponent(payload.workflowId)}`, {
    method: 'PUT',
    body: payload,
    schema: WatcherSchema,
  });
}

/** Key of the save mutation, so that the dialog frame can tell a save is running. */
export const saveWorkflowMutationKey = (groupId: string) => ['save-workflow', groupId] as const;

export function useSaveWorkflow(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveWorkflowMutationKey(groupId),
    mutationFn: saveWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsQueryKey(groupId) }),
  });
}
