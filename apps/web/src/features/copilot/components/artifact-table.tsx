import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import type { TableArtifact } from '@callsight/shared';

/** A table answer of the copilot, shown as soon as the reply arrives. */
export function ArtifactTable({ artifact }: { artifact: TableArtifact }) {
  return (
    <Paper variant="outlined" sx={{ mt: 1 }} data-testid="copilot-table">
      <Typography variant="subtitle2" sx={{ px: 1.5, pt: 1 }}>
        {artifact.title}
      </Typography>
      <TableContainer sx={{ maxHeight: 320 }}>
        <Table size="small" stickyHeader aria-label={artifact.title}>
          <TableHead>
            <TableRow>
              {artifact.columns.map((c) => (
                <TableCell key={c.key} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {artifact.rows.map((row, i) => (
              <TableRow key={i}>
                {artifact.columns.map((c) => {
                  const value = row[c.key];
                  return (
                    <TableCell key={c.key} align={typeof value === 'number' ? 'right' : 'left'}>
                      {value ?? '–'}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
