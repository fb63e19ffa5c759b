import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { latestImportsOnly, type DashboardImport } from '@callsight/shared';
import { useImports } from '../api/get-imports.ts';
import { DatasetMappingDialog } from './dataset-mapping-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { ImportsTable } from './imports-table.tsx';
import { PreviewDialog } from './preview-dialog.tsx';
import { PublishStandardDialog } from './publish-standard-dialog.tsx';

/**
 * Standard imports, optionally only the latest; Preview, Datasets, Download, Edit, Publish (to
 * a group or every group; issue 34) and New Import.
 */
export function StandardImportsTab() {
  const imports = useImports();
  const [latestOnly, setLatestOnly] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ draft?: DashboardImport } | null>(null);
  const [mapping, setMapping] = useState<DashboardImport | null>(null);
  const [publishing, setPublishing] = useState<DashboardImport | null>(null);

  const rows = useMemo(() => {
    if (!imports.data) return undefined;
    const standard = imports.data.filter((i) => i.type === 'standard');
    return latestOnly ? latestImportsOnly(standard) : standard;
  }, [imports.data, latestOnly]);

  return (
    <>
      {imports.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {imports.error.message}
        </Alert>
      )}
      <ImportsTable
        label="Standard Imports"
        imports={imports.isError ? [] : rows}
        onPreview={(i) => setPreview(i.id)}
        onEdit={(i) => setDialog({ draft: i })}
        onDatasets={(i) => setMapping(i)}
        publish={{
          // A draft is published once saved as final (spec 001 §4).
          disabled: (i) => i.isDraft,
          onPublish: (i) => setPublishing(i),
          pendingId: null,
        }}
        header={
          <FormControlLabel
            control={
              <Switch checked={latestOnly} onChange={(e) => setLatestOnly(e.target.checked)} />
            }
            label="Latest only"
          />
        }
        actions={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setDialog({})}>
            New Import
          </Button>
        }
      />
      {preview && <PreviewDialog importId={preview} onClose={() => setPreview(null)} />}
      {mapping && (
        <DatasetMappingDialog
          importId={mapping.id}
          version={mapping.version}
          onClose={() => setMapping(null)}
        />
      )}
      {publishing && (
        <PublishStandardDialog importRow={publishing} onClose={() => setPublishing(null)} />
      )}
      {dialog && (
        <ImportDialog defaultType="standard" draft={dialog.draft} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
