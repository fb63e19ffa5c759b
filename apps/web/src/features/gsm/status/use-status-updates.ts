import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SYNTHETIC_LIMITS, SyntheticJobSchema } from '@callsight/shared';
import { usePageMessages } from '../../../lib/socket.ts';
import { jobsQueryKey, type JobKind } from '../synthetic/api/job-paths.ts';

const JobUpdateSchema = z.object({ job: SyntheticJobSchema });

/**
 * A live map: while mounted, any update of a job of this kind on the group's 'heartbeatJobs'
 * channel (failures too: they change a region's health) refetches the region figures and the
 * latest jobs, at once and then at most every 2 s.
 */
export function useStatusUpdates(groupId: string, kind: JobKind): void {
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
      const parsed = JobUpdateSchema.safeParse(data);
      if (!parsed.success || parsed.data.job.kind !== kind) return;
      const refetch = () =>
        void queryClient.invalidateQueries({ queryKey: jobsQueryKey(groupId, kind) });
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
    [queryClient, groupId, kind],
  );
  usePageMessages(SYNTHETIC_LIMITS.pushChannel, onMessage);
}
