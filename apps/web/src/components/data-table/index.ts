export {
  DataTable,
  type ClientPaging,
  type ClientSorting,
  type DataTableColumn,
  type DataTableProps,
  type DataTableTestIds,
  type ServerPaging,
  type ServerSorting,
} from './data-table.tsx';
export { CopyCell } from './copy-cell.tsx';
export { NameCell, TableSearchField, TagsCell } from './table-cells.tsx';
export { DownloadButton } from './download-button.tsx';
export { CSV_FILE_NAME, downloadText, toCsv } from './csv.ts';
export { NO_MATCHING_RECORDS, SKELETON_ROWS, TABLE_PAGING } from './table-constants.ts';
export type { SortDirection } from './display-rows.ts';
