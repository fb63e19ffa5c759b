import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  NETWORK_LABEL_TEXTS as T,
  matchesNetworkSearch,
  type NetworkLabel,
} from '@callsight/shared';
import {
  DataTable,
  TableSearchField,
  SKELETON_ROWS,
  type DataTableColumn,
} from '../../../components/data-table/index.ts';

type Entry = NetworkLabel & { row: number };

const COLUMNS: DataTableColumn<Entry>[] = [
  { field: 'row', headerName: T.columnIndex, width: 64, text: (e) => String(e.row) },
  { field: 'cidr', headerName: T.columnCidr, flex: 2, text: (e) => e.cidr, copy: true, mono: true },
  { field: 'label', headerName: T.columnLabel, flex: 3, text: (e) => e.label, copy: true },
];

/** View mode: the read-only ordered list with its search box (CIDR or label, case-insensitive). */
export function NetworkLabelsTable({
  entries,
  loading,
}: {
  entries: NetworkLabel[] | undefined;
  loading: boolean;
}) {
  const [search, setSearch] = useState('');
  const rows = useMemo(
    () =>
      entries
        ?.map((entry, index) => ({ ...entry, row: index + 1 }))
        .filter((entry) => matchesNetworkSearch(entry, search)),
    [entries, search],
  );

  return (
    <DataTable
      label="Network labels"
      rows={loading ? undefined : (rows ?? [])}
      columns={COLUMNS}
      getRowId={(e) => String(e.row)}
      skeletonRows={SKELETON_ROWS.mapping}
      emptyText={T.noNetworksFound}
      testIds={{
        table: 'network-labels-view',
        row: 'network-row',
        skeleton: 'network-skeleton-row',
        empty: 'network-empty',
      }}
      sx={{ '& .MuiDataGrid-cell[data-field="row"]': { color: 'text.secondary' } }}
      header={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <TableSearchField
            clearable
            label={T.searchPlaceholder}
            value={search}
            onChange={setSearch}
          />
          {entries && entries.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {search.trim()
                ? `${rows?.length ?? 0} of ${entries.length} networks`
                : `${entries.length} networks`}
            </Typography>
          )}
        </Box>
      }
    />
  );
}
