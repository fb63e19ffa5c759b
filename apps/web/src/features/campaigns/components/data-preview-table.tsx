import { useMemo } from 'react';
import {
  DataTable,
  NO_MATCHING_RECORDS,
  TABLE_PAGING,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';

interface Line {
  index: number;
  row: Record<string, string>;
}

/** The campaign's data rows under their CSV headers, 5, 100 or 500 a page (spec 001 §9). */
export function DataPreviewTable({
  headers,
  rows,
}: {
  headers: readonly string[];
  rows: readonly Record<string, string>[];
}) {
  const lines = useMemo(() => rows.map((row, index) => ({ index, row })), [rows]);
  const columns = useMemo<DataTableColumn<Line>[]>(
    () =>
      headers.map((header, i) => ({
        field: `column${i}`,
        headerName: header,
        minWidth: 120,
        breakAnywhere: true,
        text: (line) => line.row[header] ?? '',
      })),
    [headers],
  );
  return (
    <DataTable
      label="Campaign data"
      testIds={{ table: 'campaign-data' }}
      rows={lines}
      columns={columns}
      getRowId={(line) => String(line.index)}
      emptyText={NO_MATCHING_RECORDS}
      paging={{ mode: 'client', pageSizeOptions: TABLE_PAGING.campaignDataPreview.options }}
    />
  );
}
