import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IMPORT_TEXTS } from '@callsight/shared';
import { useImportPreview } from '../api/get-import-preview.ts';

/** An import's preview, or a group's (its deployed dashboards as one import would hold them). */
type Props = { onClose: () => void } & ({ importId: string } | { groupId: string });

function Section({
  title,
  head,
  rows,
  testId,
}: {
  title: string;
  head: string[];
  rows: ReactNode[][];
  testId: string;
}) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title} ({rows.length})
      </Typography>
      {rows.length > 0 && (
        <Table size="small" aria-label={title} data-testid={testId}>
          <TableHead>
            <TableRow>
              {head.map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((cells, i) => (
              <TableRow key={i} data-testid={`${testId}-row`}>
                {cells.map((c, j) => (
                  <TableCell key={j}>{c}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/**
 * 'Dashboard Import Preview': the dashboards (id, name, bytes), charts, databases, datasets. A
 * failure says 'Failed to preview import' for an import, 'Failed to fetch preview' for a group.
 */
export function PreviewDialog(props: Props) {
  const { onClose } = props;
  const isImport = 'importId' in props;
  const preview = useImportPreview(isImport ? props.importId : props.groupId);
  const failed = isImport ? IMPORT_TEXTS.previewFailed : IMPORT_TEXTS.fetchPreviewFailed;
  const data = preview.data;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="import-preview-title">
      <DialogTitle id="import-preview-title">{IMPORT_TEXTS.previewTitle}</DialogTitle>
      <DialogContent dividers>
        {preview.isError && (
          <Alert severity="error" data-testid="preview-error">
            {failed}
          </Alert>
        )}
        {preview.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        )}
        {data && (
          <>
            <Section
              title="Dashboards"
              testId="preview-dashboards"
              head={['ID', 'Name', 'Size (bytes)']}
              rows={data.dashboards.map((d) => [d.id, d.name, d.size])}
            />
            <Section
              title="Charts"
              testId="preview-charts"
              head={['Name', 'Type', 'Dataset', 'Size (bytes)']}
              rows={data.charts.map((c) => [c.name, c.vizType, c.dataset ?? '-', c.size])}
            />
            <Section
              title="Databases"
              testId="preview-databases"
              head={['Name', 'Size (bytes)']}
              rows={data.databases.map((d) => [d.name, d.size])}
            />
            <Section
              title="Datasets"
              testId="preview-datasets"
              head={['Name', 'Database', 'Size (bytes)']}
              rows={data.datasets.map((d) => [d.name, d.database ?? '-', d.size])}
            />
            <Typography variant="body2" data-testid="preview-metadata-bytes">
              Metadata: {data.metadata_bytes} bytes
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
