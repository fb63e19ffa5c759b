import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignCallListSchema, type CampaignCall } from '@callsight/shared';
import { getWithCount } from '../../../lib/api-with-count.ts';
import { campaignPath, runQueryKey } from './campaigns-query-key.ts';
import { livePoll } from './live-poll.ts';
import type { RunIds } from './run-part.ts';

export interface RunCallsPage {
  calls: CampaignCall[];
  /** The run's calls so far (recordcount header); the page's length when absent. */
  total: number;
}

/** GET /api/campaigns/{id}/runs/{runId}/calls?from=&size=: one page of the call log, by seq. */
export async function getRunCalls(
  campaignId: string,
  runId: string,
  page: { page: number; size: number },
  signal?: AbortSignal,
): Promise<RunCallsPage> {
  const { data, total } = await getWithCount(
    campaignPath(campaignId, 'runs', runId, 'calls'),
    CampaignCallListSchema,
    { from: page.page * page.size, size: page.size },
    signal,
  );
  return { calls: data, total: total ?? page.page * page.size + data.length };
}

export const getRunCallsQueryOptions = (ids: RunIds, page: { page: number; size: number }) =>
  queryOptions({
    queryKey: [...runQueryKey(ids.groupId, ids.campaignId, ids.runId), 'calls', page],
    queryFn: ({ signal }) => getRunCalls(ids.campaignId, ids.runId, page, signal),
    placeholderData: keepPreviousData,
  });

/** A page of the call log, polled every 2 s while the run is live (spec 001 §4). */
export function useRunCalls(ids: RunIds, page: { page: number; size: number }, live: boolean) {
  return useQuery({ ...getRunCallsQueryOptions(ids, page), refetchInterval: livePoll(live) });
}
