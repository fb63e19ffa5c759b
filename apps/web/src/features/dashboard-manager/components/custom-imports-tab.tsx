import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import { IMPORT_TEXTS, type DashboardImport, type ImportExecution } from '@callsight/shared';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useImports } from '../api/get-imports.ts';
import { usePublishImport } from '../api/publish-import.ts';
import { reasonOf } from '../api/query-keys.ts';
import { latestSuccessful } from './format.ts';
import { DatasetMappingDialog } from './dataset-mapping-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { ImportsTable } from './imports-table.tsx';
import { PreviewDialog } from './preview-dialog.tsx';

interface Props {
  groupId: string;
  executions: ImportExecution[] | undefined;
}

/**
 * A group's custom imports with Preview, Datasets (issue 34), Download, Edit and Publish; Publish is off for the
 * version the group already runs (its latest successful execution of that type) and for drafts
 * (spec 001 §4: a draft is edited under its version, so only a final version is published).
 */
export function CustomImportsTab({ groupId, executions }: Props) {
  const imports = useImports();
  const publish = usePublishImport();
  const snackbar = useSnackbar();
  const [preview, setPreview] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ draft?: DashboardImport } | null>(null);
  const [mapping, setMapping] = useState<DashboardImport | null>(null);

  const rows = useMemo(
    () => imports.data?.filter((i) => i.type === 'custom' && i.groupId === groupId),
    [imports.data, groupId],
  );

  const isLatest = (i: DashboardImport) =>
    latestSuccessful(executions ?? [], i.type)?.version === i.version;

  const onPublish = async (i: DashboardImport) => {
    try {
      await publish.mutateAsync({ groupId, type: i.type, version: i.version, importId: i.id });
      snackbar.show(IMPORT_TEXTS.published, 'success');
    } catch (err) {
      snackbar.show(IMPORT_TEXTS.publishFailed(reasonOf(err)), 'error');
    }
  };

  return (
    <>
      {imports.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {imports.error.message}
        </Alert>
      )}
      <ImportsTable
        label="Custom Imports"
        imports={imports.isError ? [] : rows}
        onPreview={(i) => setPreview(i.id)}
        onEdit={(i) => setDialog({ draft: i })}
        onDatasets={(i) => setMapping(i)}
        publish={{
          disabled: (i) => i.isDraft || executions === undefined || isLatest(i),
          onPublish: (i) => void onPublish(i),
          pendingId: publish.isPending ? (publish.variables?.importId ?? null) : null,
        }}
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
      {dialog && (
        <ImportDialog
          defaultType="custom"
          fixedGroupId={groupId}
          draft={dialog.draft}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
