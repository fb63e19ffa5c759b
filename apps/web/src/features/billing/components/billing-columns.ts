import {
  BILLING_USAGE_COLUMNS,
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
 * columns, named as the spec names them. The same texts go to the screen and to the CSV.
 */
export const BILLING_COLUMNS: DataTableColumn<BillingUsage>[] = [
  {
    field: 'GroupID',
    headerName: 'GroupID',
    minWidth: 150,
    mono: true,
    breakAnywhere: true,
    text: (r) => r.GroupID,
  },
  { field: 'GroupName', headerName: 'GroupName', minWidth: 160, text: (r) => r.GroupName },
  ...BILLING_USAGE_COLUMNS.map((column): DataTableColumn<BillingUsage> => ({
    field: column,
    headerName: column,
    align: 'right',
    minWidth: 130,
    text: (r) => (r.UsageLoaded ? String(r[column]) : USAGE_PENDING),
  })),
];

/** A date of the API as DD-MM-YYYY HH:mm (or with seconds); '-' when absent or unreadable. */
export function dateText(iso: string | null | undefined, seconds = false): string {
  if (!iso) return '-';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '-' : formatDisplayDate(date, { seconds });
}
