import { IMPORT_TEXTS, type ImportExecution } from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { formatDate, versionText } from './format.ts';
import { StatusBadge } from './status-badge.tsx';

const COLUMNS: DataTableColumn<ImportExecution>[] = [
  {
    field: 'status',
    headerName: 'Status',
    width: 140,
    text: (e) => e.status.toUpperCase(),
    render: (e) => <StatusBadge status={e.status.toUpperCase()} />,
  },
  { field: 'type', headerName: 'Type', width: 110, text: (e) => e.type },
  { field: 'version', headerName: 'Version', width: 100, text: (e) => versionText(e.version) },
  { field: 'createdAt', headerName: 'Created', width: 160, text: (e) => formatDate(e.createdAt) },
  {
    field: 'completedAt',
    headerName: 'Completed',
    width: 160,
    text: (e) => formatDate(e.completedAt),
  },
  { field: 'reason', headerName: 'Reason', breakAnywhere: true, text: (e) => e.reason ?? '-' },
];

/** A group's executions, newest first. */
export function ExecutionHistoryTab({ executions }: { executions: ImportExecution[] | undefined }) {
  const rows = executions && [...executions].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <DataTable
      label="Execution History"
      rows={rows}
      columns={COLUMNS}
      getRowId={(e) => e.id}
      emptyText={IMPORT_TEXTS.noExecutions}
      testIds={{ row: 'execution-row', empty: 'executions-empty' }}
      paging={{ mode: 'client' }}
    />
  );
}
