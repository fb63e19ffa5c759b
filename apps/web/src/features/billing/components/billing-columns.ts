import {
  BILLING_USAGE_COLUMNS,
  USAGE_FIGURE_LABELS,
  formatDisplayDate,
  type BillableGroup,
  type BillingUsage,
} from '@callsight/shared';
import type { DataTableColumn } from '../../../components/data-table/index.ts';

/** What a usage cell shows until its group's usage has loaded (spec 001 §4). */
export const USAGE_PENDING = '-';

/** A group's row before its usage has loaded: every figure zero, UsageLoaded false. */
export function pendingUsage(group: BillableGroup): BillingUsage {
  const figures = Object.fromEntries(BILLING_USAGE_COLUMNS.map((c) => [c, 0])) as Record<
    (typeof BILLING_USAGE_COLUMNS)[number],
    number
  >;
  return {
    GroupID: group.GroupID,
    GroupName: group.GroupName,
    Region: group.Region,
    ...figures,
    UsageLoaded: false,
  };
}

/**
 * The billing table's columns (spec 001 §3 billing row): GroupID, GroupName and the usage
 * columns, headed in words (USAGE_FIGURE_LABELS). The CSV names its columns as the spec's
 * billing row does, like the server's download; the cells are the same texts on both.
 */
export const BILLING_COLUMNS: DataTableColumn<BillingUsage>[] = [
  {
    field: 'GroupID',
    headerName: 'Group ID',
    csvHeader: 'GroupID',
    minWidth: 150,
    mono: true,
    breakAnywhere: true,
    text: (r) => r.GroupID,
  },
  {
    field: 'GroupName',
    headerName: 'Group name',
    csvHeader: 'GroupName',
    minWidth: 160,
    text: (r) => r.GroupName,
  },
  ...BILLING_USAGE_COLUMNS.map((column): DataTableColumn<BillingUsage> => ({
    field: column,
    headerName: USAGE_FIGURE_LABELS[column],
    csvHeader: column,
    align: 'right',
    minWidth: 150,
    text: (r) => (r.UsageLoaded ? String(r[column]) : USAGE_PENDING),
  })),
];

/** A date of the API as DD-MM-YYYY HH:mm:ss; '-' when absent or unreadable. */
export function dateText(iso: string | null | undefined): string {
  return formatDisplayDate(iso);
}
