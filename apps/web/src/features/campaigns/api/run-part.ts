import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { campaignPath, runQueryKey } from './campaigns-query-key.ts';

/** A GET of one part of a run (stats, graph) at /api/campaigns/{id}/runs/{runId}/{part}. */
export function getRunPart<S extends z.ZodType>(
  campaignId: string,
  runId: string,
  part: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  return apiRequest(campaignPath(campaignId, 'runs', runId, part), { schema, signal });
}

/** The query options of one part of a run, under the run's key. */
export const runPartQueryOptions = <S extends z.ZodType>(
  ids: { groupId: string; campaignId: string; runId: string },
  part: string,
  schema: S,
) =>
  queryOptions({
    queryKey: [...runQueryKey(ids.groupId, ids.campaignId, ids.runId), part],
    queryFn: ({ signal }) => getRunPart(ids.campaignId, ids.runId, part, schema, signal),
  });

export interface RunIds {
  groupId: string;
  campaignId: string;
  runId: string;
}
