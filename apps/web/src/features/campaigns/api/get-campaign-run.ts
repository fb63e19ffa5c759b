import { queryOptions, useQuery } from '@tanstack/react-query';
import { CampaignRunSchema, type CampaignRun } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignPath, runQueryKey } from './campaigns-query-key.ts';
import { livePoll } from './live-poll.ts';
import type { RunIds } from './run-part.ts';

/** GET /api/campaigns/{id}/runs/{runId}: one run with the parameters it ran with. */
export function getCampaignRun(
  campaignId: string,
  runId: string,
  signal?: AbortSignal,
): Promise<CampaignRun> {
  return apiRequest(campaignPath(campaignId, 'runs', runId), { schema: CampaignRunSchema, signal });
}

/** The run's own entry under its key (its parts are 'stats', 'graph', 'calls'). */
export const RUN_PART = 'run';

export const getCampaignRunQueryOptions = ({ groupId, campaignId, runId }: RunIds) =>
  queryOptions({
    queryKey: [...runQueryKey(groupId, campaignId, runId), RUN_PART],
    queryFn: ({ signal }) => getCampaignRun(campaignId, runId, signal),
    // Polled while the run is in progress; its own answer says when to stop (spec 001 §4).
    refetchInterval: (query) => livePoll(query.state.data?.status === 'In Progress'),
  });

export function useCampaignRun(ids: RunIds) {
  return useQuery(getCampaignRunQueryOptions(ids));
}
