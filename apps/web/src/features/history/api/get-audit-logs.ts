import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  AuditLogListSchema,
  WORKFLOW_LIMITS,
  type AuditLogItem,
  type TimeRange,
} from '@callsight/shared';
import { getWithCount, type CountedAnswer } from '../../../lib/api-with-count.ts';
import { historyQueryKey } from './history-query-key.ts';
import { windowQuery } from './window-query.ts';

export interface AuditLogRequest {
  range: TimeRange;
  service: string;
  id: string;
  /** Zero-based page. */
  page: number;
  size: number;
}

type AuditLogAnswer = CountedAnswer<z.output<typeof AuditLogListSchema>>;

function auditQuery(request: AuditLogRequest, now: Date, from: number, size: number) {
  return {
    ...windowQuery(request.range, now),
    service: request.service.trim() || undefined,
    id: request.id.trim() || undefined,
    from,
    size,
  };
}

/** GET /api/auditLogs: one page of audit-log rows; the total is in the recordcount header. */
export function getAuditLogs(
  request: AuditLogRequest,
  signal?: AbortSignal,
): Promise<AuditLogAnswer> {
  return getWithCount(
    '/auditLogs',
    AuditLogListSchema,
    auditQuery(request, new Date(), request.page * request.size, request.size),
    signal,
  );
}

export const getAuditLogsQueryOptions = (groupId: string, request: AuditLogRequest) =>
  queryOptions({
    queryKey: [...historyQueryKey(groupId), 'audit-logs', request],
    queryFn: ({ signal }) => getAuditLogs(request, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLogs(groupId: string, request: AuditLogRequest) {
  return useQuery(getAuditLogsQueryOptions(groupId, request));
}

/**
 * Every row of the filtered window, fetched in pages of 1000 (spec 001 §9). The window is
 * resolved once so that pages do not shift while "now" moves; progress reports rows so far.
 */
export async function getAllAuditLogs(
  request: Omit<AuditLogRequest, 'page' | 'size'>,
  onProgress: (loaded: number, total: number | null) => void,
  signal?: AbortSignal,
): Promise<AuditLogItem[]> {
  const size = WORKFLOW_LIMITS.auditDownloadPageSize;
  const now = new Date();
  const rows: AuditLogItem[] = [];
  let total: number | null = null;
  for (;;) {
    const page = await getWithCount(
      '/auditLogs',
      AuditLogListSchema,
      auditQuery({ ...request, page: 0, size }, now, rows.length, size),
      signal,
    );
    total = page.total ?? total;
    rows.push(...page.data.data);
    onProgress(rows.length, total);
    const done = page.data.data.length < size || (total !== null && rows.length >= total);
    if (done) return rows;
  }
}
