import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignCallListSchema, RECORD_COUNT_HEADER, type CampaignCall } from '@callsight/shared';
import { apiRequestWithHeaders } from '../../../lib/api-client.ts';
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
  const { data, headers } = await apiRequestWithHeaders(
    campaignPath(campaignId, 'runs', runId, 'calls'),
    {
      schema: CampaignCallListSchema,
      query: { from: page.page * page.size, size: page.size },
      signal,
    },
  );
  const total = Number(headers.get(RECORD_COUNT_HEADER) ?? NaN);
  return {
    calls: data,
    total: Number.isFinite(total) ? total : page.page * page.size + data.length,
  };
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
