import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  SYNTHETIC_LIMITS,
  SYNTHETIC_PUSH_CHANNELS,
  SyntheticJobSchema,
  type SyntheticJob,
} from '@callsight/shared';
import { usePageMessages } from '../../../lib/socket.ts';
import { jobsQueryKey, type JobKind } from './api/job-paths.ts';

const JobUpdateSchema = z.object({ job: SyntheticJobSchema });
const anyJob = () => true;

/**
 * Live job pages (spec 002 §4): while mounted, subscribed to the group's channel of the kind's
 * jobs ('heartbeatJobs', or 'monitorJobs' on the GSM pages: the server lets only the readers of
 * those jobs subscribe); an update of a job of this kind that `accepts` (a stable function)
 * takes refetches the kind's job queries (lists, stats, regions) at once, then at most every
 * 2 s, so a finished job shows without a reload.
 */
export function useJobUpdates(
  groupId: string,
  kind: JobKind,
  accepts: (job: SyntheticJob) => boolean = anyJob,
): void {
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
      if (!accepts(parsed.data.job)) return;
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
    [queryClient, groupId, kind, accepts],
  );
  usePageMessages(SYNTHETIC_PUSH_CHANNELS[kind], onMessage);
}
