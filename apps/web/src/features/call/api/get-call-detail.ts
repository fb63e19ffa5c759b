import { queryOptions, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { CallDetailSchema, SHELL, type CallDetail } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/viscall2/call/{region}/{contactId}: one call's seconds, summary, logs and telemetry.
 * One store holds every region, so the default region is sent for the spec's path shape.
 */
export function getCallDetail(
  contactId: string,
  includeTelemetry: boolean,
  signal?: AbortSignal,
): Promise<CallDetail> {
  return apiRequest(
    `/viscall2/call/${encodeURIComponent(SHELL.defaultRegion)}/${encodeURIComponent(contactId)}`,
    { schema: CallDetailSchema, query: { includeTelemetry }, signal },
  );
}

/**
 * Where a call detail reads its answer from: the query of one call, with or without telemetry.
 * By default the session's call-detail API (getCallDetailQueryOptions); a call opened from an
 * embedded dashboard reads the same answer through the dashboard's guest token instead
 * (decision C12), with the loader the framing page passes.
 */
export type CallDetailLoader = (
  contactId: string,
  includeTelemetry: boolean,
) => UseQueryOptions<CallDetail, Error, CallDetail, QueryKey>;

export const getCallDetailQueryOptions = (
  groupId: string,
  contactId: string,
  includeTelemetry: boolean,
) => {
  // Any query key, as every loader's (CallDetailLoader).
  const queryKey: QueryKey = ['call-detail', groupId, contactId, includeTelemetry];
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getCallDetail(contactId, includeTelemetry, signal),
    // A missing call stays missing for this view; other failures get the usual retries.
    retry: (count, error) => !('status' in error && error.status === 404) && count < 2,
  });
};

export function useCallDetail(
  groupId: string,
  contactId: string,
  includeTelemetry: boolean,
  load?: CallDetailLoader,
) {
  return useQuery(
    load
      ? load(contactId, includeTelemetry)
      : getCallDetailQueryOptions(groupId, contactId, includeTelemetry),
  );
}
