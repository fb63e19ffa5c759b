import { queryOptions, useQuery } from '@tanstack/react-query';
import { CallDetailSchema, SHELL, type CallDetail } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/viscall2/call/{region}/{contactId}: the call a span is linked to, for its charts. */
export function getSpanCall(contactId: string, signal?: AbortSignal): Promise<CallDetail> {
  return apiRequest(
    `/viscall2/call/${encodeURIComponent(SHELL.defaultRegion)}/${encodeURIComponent(contactId)}`,
    { schema: CallDetailSchema, query: { includeTelemetry: false }, signal },
  );
}

export const getSpanCallQueryOptions = (groupId: string, contactId: string) =>
  queryOptions({
    queryKey: ['groups', groupId, 'traces', 'call', contactId],
    queryFn: ({ signal }) => getSpanCall(contactId, signal),
    retry: (count, error) => !('status' in error && error.status === 404) && count < 2,
  });

export function useSpanCall(groupId: string, contactId: string) {
  return useQuery(getSpanCallQueryOptions(groupId, contactId));
}
