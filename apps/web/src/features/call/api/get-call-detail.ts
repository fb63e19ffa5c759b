import { queryOptions, useQuery } from '@tanstack/react-query';
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

export const getCallDetailQueryOptions = (
  groupId: string,
  contactId: string,
  includeTelemetry: boolean,
) =>
  queryOptions({
    queryKey: ['call-detail', groupId, contactId, includeTelemetry],
    queryFn: ({ signal }) => getCallDetail(contactId, includeTelemetry, signal),
    // A missing call stays missing for this view; other failures get the usual retries.
    retry: (count, error) => !('status' in error && error.status === 404) && count < 2,
  });

export function useCallDetail(groupId: string, contactId: string, includeTelemetry: boolean) {
  return useQuery(getCallDetailQueryOptions(groupId, contactId, includeTelemetry));
}
