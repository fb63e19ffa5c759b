import { useQuery } from '@tanstack/react-query';
import { CampaignRunGraphSchema } from '@callsight/shared';
import { livePoll } from './live-poll.ts';
import { getRunPart, runPartQueryOptions, type RunIds } from './run-part.ts';

/** GET /api/campaigns/{id}/runs/{runId}/graph: expected and actual calls per second. */
export const getRunGraph = (campaignId: string, runId: string, signal?: AbortSignal) =>
  getRunPart(campaignId, runId, 'graph', CampaignRunGraphSchema, signal);

export const getRunGraphQueryOptions = (ids: RunIds) =>
  runPartQueryOptions(ids, 'graph', CampaignRunGraphSchema);

/** The run's per-second graph, polled while it is live. */
export const useRunGraph = (ids: RunIds, live: boolean) =>
  useQuery({ ...getRunGraphQueryOptions(ids), refetchInterval: livePoll(live) });
