import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import {
  encodeTimeRangeParams,
  TIME_RANGE_PARAM_KEYS,
  WORKFLOW_LIMITS,
  type TimeRange,
} from '@callsight/shared';

/** The two tabs of /history/lists; the tab is kept in the URL with the list's filters. */
export const HISTORY_TABS = [
  { key: 'actions', label: 'Workflow Actions' },
  { key: 'audit-logs', label: 'Audit Logs' },
] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number]['key'];

export const HISTORY_PARAMS = {
  tab: 'tab',
  page: 'page',
  size: 'size',
  service: 'service',
  id: 'id',
} as const;

const AUDIT_SIZES: readonly number[] = WORKFLOW_LIMITS.auditPageSizes;

/** Reads the tab: anything unknown is Workflow Actions, the default tab. */
export function readTab(params: URLSearchParams): HistoryTab {
  return params.get(HISTORY_PARAMS.tab) === 'audit-logs' ? 'audit-logs' : 'actions';
}

/** A zero-based page from the URL; malformed values are page 0. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get(HISTORY_PARAMS.page));
  return Number.isInteger(page) && page > 0 ? page : 0;
}

/** The audit-log page size: one of 10, 100 and 500, else the default 100 (spec 001 §9). */
export function readAuditSize(params: URLSearchParams): number {
  const size = Number(params.get(HISTORY_PARAMS.size));
  return AUDIT_SIZES.includes(size) ? size : WORKFLOW_LIMITS.auditPageSize;
}

/**
 * Updates search parameters of the history screen. A change other than the page goes back to
 * page 1; null removes a parameter.
 */
export function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>, options?: { replace?: boolean }) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!(HISTORY_PARAMS.page in changes)) next.delete(HISTORY_PARAMS.page);
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );
  return [params, update] as const;
}

/** The URL parameters of a time range (the picker's from and to). */
export function rangeParams(range: TimeRange): Record<string, string> {
  const encoded = encodeTimeRangeParams(range);
  return { [TIME_RANGE_PARAM_KEYS.from]: encoded.from, [TIME_RANGE_PARAM_KEYS.to]: encoded.to };
}
