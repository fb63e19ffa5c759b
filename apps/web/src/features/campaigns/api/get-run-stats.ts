import { useQuery } from '@tanstack/react-query';
import { CampaignRunStatsSchema } from '@callsight/shared';
import { livePoll } from './live-poll.ts';
import { getRunPart, runPartQueryOptions, type RunIds } from './run-part.ts';

/** GET /api/campaigns/{id}/runs/{runId}/stats: counts per status, summary and averages. */
export const getRunStats = (campaignId: string, runId: string, signal?: AbortSignal) =>
  getRunPart(campaignId, runId, 'stats', CampaignRunStatsSchema, signal);

export const getRunStatsQueryOptions = (ids: RunIds) =>
  runPartQueryOptions(ids, 'stats', CampaignRunStatsSchema);

/** The run's stats, polled while it is live. */
export const useRunStats = (ids: RunIds, live: boolean) =>
  useQuery({ ...getRunStatsQueryOptions(ids), refetchInterval: livePoll(live) });
