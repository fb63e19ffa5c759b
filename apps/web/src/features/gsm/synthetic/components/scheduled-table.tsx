import type { ReactNode } from 'react';
import { SYNTHETIC_TEXTS } from '@callsight/shared';
import {
  DataTable,
  TABLE_PAGING,
  type DataTableColumn,
} from '../../../../components/data-table/index.ts';

interface Props<Row> {
  label: string;
  /** The table's test id; each row's is `${testId}-row`. */
  testId: string;
  rows: Row[] | undefined;
  columns: readonly DataTableColumn<Row>[];
  getRowId: (row: Row) => string;
  loading: boolean;
  /** The Timestamp filter, in the bar above the table. */
  filter: ReactNode;
  /** Buttons of the bar. */
  actions?: ReactNode;
}

/** A list of monitors or tests (spec 002 §2.1, §2.6): newest first, 10 a page, columns kept. */
export function ScheduledTable<Row>({ testId, filter, ...props }: Props<Row>) {
  return (
    <DataTable
      {...props}
      testIds={{ table: testId }}
      columnVisibilityKey={testId}
      emptyText={SYNTHETIC_TEXTS.noDataFound}
      paging={{ mode: 'client', pageSizeOptions: TABLE_PAGING.default.options }}
      sorting={{ mode: 'client', initial: { field: 'createdOn', direction: 'desc' } }}
      header={filter}
    />
  );
}
