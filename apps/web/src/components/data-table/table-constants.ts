import { WORKFLOW_LIMITS } from '@callsight/shared';

/**
 * The spec's table numbers (001 §9, 002 §9), written once: rows per page and their options,
 * skeleton rows while a table loads.
 */
export const TABLE_PAGING = {
  /** Every table unless named below. */
  default: { size: 10, options: [10] },
  campaigns: { size: 10, options: [10, 15, 100] },
  campaignDataPreview: { size: 5, options: [5, 100, 500] },
  workflows: { size: WORKFLOW_LIMITS.historyPageSize, options: [WORKFLOW_LIMITS.historyPageSize] },
  history: { size: WORKFLOW_LIMITS.historyPageSize, options: [WORKFLOW_LIMITS.historyPageSize] },
  auditLogs: { size: WORKFLOW_LIMITS.auditPageSize, options: WORKFLOW_LIMITS.auditPageSizes },
  insights: { size: 5, options: [5, 10, 50] },
} as const satisfies Record<string, { size: number; options: readonly number[] }>;

/** The spec's table empty text (001 §8), for tables without a text of their own. */
export const NO_MATCHING_RECORDS = 'Sorry, no matching records found';

export const SKELETON_ROWS = {
  table: 10,
  mapping: 5,
} as const;
