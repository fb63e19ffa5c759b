import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TableArtifact } from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';

type ArtifactRow = { key: string; cells: TableArtifact['rows'][number] };

/** A table answer of the copilot, shown as soon as the reply arrives. */
export function ArtifactTable({ artifact }: { artifact: TableArtifact }) {
  const columns: DataTableColumn<ArtifactRow>[] = artifact.columns.map((c) => ({
    field: c.key,
    headerName: c.label,
    // Numbers line up on the right when the column holds only numbers.
    align: artifact.rows.every((row) => typeof (row[c.key] ?? 0) === 'number') ? 'right' : 'left',
    text: (row) => String(row.cells[c.key] ?? '–'),
  }));
  return (
    <Box sx={{ mt: 1 }}>
      <DataTable
        label={artifact.title}
        testIds={{ table: 'copilot-table' }}
        header={<Typography variant="subtitle2">{artifact.title}</Typography>}
        rows={artifact.rows.map((cells, i) => ({ key: String(i), cells }))}
        getRowId={(row) => row.key}
        columns={columns}
        emptyText="No data Found"
        maxHeight={320}
      />
    </Box>
  );
}
