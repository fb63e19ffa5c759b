import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MonitorSchema, type Monitor } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { monitorPath, monitorsQueryKey } from './monitors-query-key.ts';

/** POST /api/gsm/monitors/{id}/disable: the monitor, now inactive. */
export function disableMonitor(monitorId: string): Promise<Monitor> {
  return apiRequest(monitorPath(monitorId, 'disable'), { schema: MonitorSchema, method: 'POST' });
}

export function useDisableMonitor(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMonitor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: monitorsQueryKey(groupId) }),
  });
}
