import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingAuditLogPage } from '@callsight/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { billingKeys } from './query-keys.ts';
import { BillingAuditLogPageSchema } from '@callsight/shared';

/** GET /api/marketplace/billingAuditLogs?page&size: one page of sends, newest first. */
export function getBillingAuditLogs(
  page: number,
  size: number,
  signal?: AbortSignal,
): Promise<BillingAuditLogPage> {
  return apiRequest('/marketplace/billingAuditLogs', {
    schema: BillingAuditLogPageSchema,
    query: { page, size },
    signal,
  });
}

export const getBillingAuditLogsQueryOptions = (page: number, size: number) =>
  queryOptions({
    queryKey: billingKeys.auditLogs(page, size),
    queryFn: ({ signal }) => getBillingAuditLogs(page, size, signal),
  });

export function useBillingAuditLogs(page: number, size: number) {
  return useQuery({
    ...getBillingAuditLogsQueryOptions(page, size),
    placeholderData: keepPreviousData,
  });
}
