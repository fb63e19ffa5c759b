import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import {
  GROUP_ADMIN_TEXTS,
  REGION_LABELS,
  formatDisplayDate,
  type GroupDetail,
} from '@callsight/shared';
import {
  DataTable,
  TableSearchField,
  TABLE_PAGING,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';

interface GroupsTableProps {
  label: string;
  groups: GroupDetail[] | undefined;
  loading: boolean;
  /** Adds the "Archived On" column. */
  showArchivedAt?: boolean;
  actions: (group: GroupDetail) => ReactNode;
}

/**
 * Groups with a search box, 10 skeleton rows while loading, 10 rows per page; "No data found"
 * when there are no groups at all, "No groups found" when the search matches none.
 */
export function GroupsTable({
  label,
  groups,
  loading,
  showArchivedAt = false,
  actions,
}: GroupsTableProps) {
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!needle) return groups ?? [];
    return (groups ?? []).filter(
      (g) =>
        g.name.toLowerCase().includes(needle) ||
        g.customerName.toLowerCase().includes(needle) ||
        g.id.toLowerCase() === needle,
    );
  }, [groups, search]);
  const empty = (groups ?? []).length === 0 ? GROUP_ADMIN_TEXTS.noData : GROUP_ADMIN_TEXTS.noGroups;

  const columns: DataTableColumn<GroupDetail>[] = [
    {
      field: 'name',
      headerName: 'Name',
      text: (g) => g.name,
      render: (g) => <Box sx={{ fontWeight: 600 }}>{g.name}</Box>,
    },
    { field: 'customerName', headerName: 'Customer', text: (g) => g.customerName },
    { field: 'region', headerName: 'Region', text: (g) => REGION_LABELS[g.region] },
    { field: 'ccaasProvider', headerName: 'CCaaS Provider', text: (g) => g.ccaasProvider },
  ];
  if (showArchivedAt)
    columns.push({
      field: 'archivedAt',
      headerName: 'Archived On',
      nowrap: true,
      text: (g) => formatDisplayDate(g.archivedAt),
    });
  columns.push({
    field: 'actions',
    headerName: 'Actions',
    width: 360,
    align: 'right',
    hideable: false,
    render: actions,
  });

  return (
    <DataTable
      label={label}
      testIds={{ row: 'group-row', skeleton: 'group-skeleton-row', empty: 'groups-empty' }}
      rows={loading ? undefined : rows}
      columns={columns}
      getRowId={(g) => g.id}
      emptyText={empty}
      paging={{ mode: 'client', pageSizeOptions: TABLE_PAGING.default.options, resetKey: search }}
      header={
        <TableSearchField
          label={GROUP_ADMIN_TEXTS.searchPlaceholder}
          value={search}
          onChange={setSearch}
        />
      }
    />
  );
}
