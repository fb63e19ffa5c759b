import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SYNTHETIC_LIMITS, SyntheticJobSchema } from '@callsight/shared';
import { usePageMessages } from '../../lib/socket.ts';
import { jobsQueryKey } from '../gsm/synthetic/api/job-paths.ts';

const JobUpdateSchema = z.object({ job: SyntheticJobSchema });

/**
 * Live job updates (spec 002 §4): while mounted, subscribed to the group's 'heartbeatJobs'
 * channel; an update refetches the heartbeat job lists at once, then at most every 2 s, so that
 * a finished job appears without a reload.
 */
export function useHeartbeatJobUpdates(groupId: string): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef(false);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onMessage = useCallback(
    (data: unknown) => {
      if (!JobUpdateSchema.safeParse(data).success) return;
      const refetch = () =>
        void queryClient.invalidateQueries({ queryKey: jobsQueryKey(groupId, 'heartbeat') });
      if (timer.current) {
        pending.current = true;
        return;
      }
      refetch();
      const settle = () => {
        timer.current = null;
        if (!pending.current) return;
        pending.current = false;
        refetch();
        timer.current = setTimeout(settle, SYNTHETIC_LIMITS.refetchThrottleMs);
      };
      timer.current = setTimeout(settle, SYNTHETIC_LIMITS.refetchThrottleMs);
    },
    [queryClient, groupId],
  );
  usePageMessages(SYNTHETIC_LIMITS.pushChannel, onMessage);
}
