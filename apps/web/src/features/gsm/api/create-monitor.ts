import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MonitorSchema, type Monitor, type MonitorCreateInput } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { monitorPath, monitorsQueryKey } from './monitors-query-key.ts';

/** POST /api/gsm/monitors (201 with the monitor); schedule omitted for Run Once. */
export function createMonitor(input: MonitorCreateInput): Promise<Monitor> {
  return apiRequest(monitorPath(), { schema: MonitorSchema, method: 'POST', body: input });
}

/** Key of the create mutation, so that the dialog frame can tell a save is running. */
export const createMonitorMutationKey = (groupId: string) => ['create-monitor', groupId] as const;

export function useCreateMonitor(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createMonitorMutationKey(groupId),
    mutationFn: createMonitor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorsQueryKey(groupId) }),
  });
}
