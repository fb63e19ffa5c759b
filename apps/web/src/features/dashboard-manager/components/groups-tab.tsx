import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { importStatus, REGION_LABELS, type Group, type ImportExecution } from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { useGroups } from '../../../lib/groups/get-groups.ts';
import { useLatestExecutions } from '../api/get-latest-executions.ts';
import { StatusBadge } from './status-badge.tsx';

/**
 * Groups with their import status (spec 001 §4) from each group's latest executions
 * (/executions/latest); a row click opens the group's detail.
 */
export function GroupsTab({ base }: { base: string }) {
  const groups = useGroups();
  const executions = useLatestExecutions();
  const navigate = useNavigate();

  const byGroup = useMemo(() => {
    const map = new Map<string, ImportExecution[]>();
    for (const e of executions.data ?? []) {
      const list = map.get(e.groupId) ?? [];
      list.push(e);
      map.set(e.groupId, list);
    }
    return map;
  }, [executions.data]);

  const statusOf = (g: Group): string | null => {
    if (executions.isError) return 'ERROR';
    if (executions.isPending) return null;
    return importStatus(byGroup.get(g.id) ?? []);
  };

  const columns: DataTableColumn<Group>[] = [
    {
      field: 'name',
      headerName: 'Name',
      text: (g) => g.name,
      render: (g) => <Box sx={{ fontWeight: 600 }}>{g.name}</Box>,
    },
    { field: 'customerName', headerName: 'Customer', text: (g) => g.customerName },
    { field: 'region', headerName: 'Region', text: (g) => REGION_LABELS[g.region] },
    {
      field: 'status',
      headerName: 'Import Status',
      width: 160,
      text: (g) => statusOf(g) ?? '',
      render: (g) => {
        const status = statusOf(g);
        return status === null ? (
          <Skeleton width={80} />
        ) : (
          <StatusBadge status={status} testId="group-import-status" />
        );
      },
    },
  ];

  return (
    <>
      {groups.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {groups.error.message}
        </Alert>
      )}
      <DataTable
        label="Groups"
        rows={groups.isPending ? undefined : (groups.data ?? [])}
        columns={columns}
        getRowId={(g) => g.id}
        emptyText="No groups found"
        testIds={{ row: 'group-row', skeleton: 'group-skeleton-row', empty: 'groups-empty' }}
        rowData={(g) => ({ 'data-group-id': g.id })}
        paging={{ mode: 'client' }}
        onRowClick={(g) => void navigate(`${base}/group/${encodeURIComponent(g.id)}`)}
      />
    </>
  );
}
