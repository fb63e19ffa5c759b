import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  COVERAGE_SETS,
  type CoverageRange,
  type CoverageSet,
  type CoverageSummary,
} from '@callsight/shared';
import { apiBlob, apiRequest } from '../../../lib/api-client.ts';

const CoverageSummarySchema: z.ZodType<CoverageSummary> = z.object({
  range: z.enum(['now-1d', 'now-7d', 'now-28d']),
  from: z.string(),
  to: z.string(),
  sets: z.array(
    z.object({ set: z.enum(COVERAGE_SETS), count: z.number(), description: z.string() }),
  ),
});

/** GET /api/coverage?range: how many agents fall in each coverage set. */
export function getCoverage(range: CoverageRange, signal?: AbortSignal): Promise<CoverageSummary> {
  return apiRequest('/coverage', { schema: CoverageSummarySchema, query: { range }, signal });
}

export const getCoverageQueryOptions = (groupId: string, range: CoverageRange) =>
  queryOptions({
    queryKey: ['coverage', groupId, range],
    queryFn: ({ signal }) => getCoverage(range, signal),
  });

export function useCoverage(groupId: string, range: CoverageRange) {
  return useQuery({
    ...getCoverageQueryOptions(groupId, range),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/coverage/{set}/download?range: the set's rows as CSV text, fetched with the
 * session's bearer token (a plain link would go without it).
 */
export async function downloadCoverageCsv(set: CoverageSet, range: CoverageRange): Promise<string> {
  const blob = await apiBlob(`/coverage/${encodeURIComponent(set)}/download`, { query: { range } });
  return blob.text();
}
