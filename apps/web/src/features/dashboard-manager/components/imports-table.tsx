import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import LinkRoundedIcon from '@mui/icons-material/LinkRounded';
import PublishRoundedIcon from '@mui/icons-material/PublishRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import { IMPORT_TEXTS, type DashboardImport } from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useDownloadImport } from '../api/download-import.ts';
import { reasonOf } from '../api/query-keys.ts';
import { formatDate, versionText } from './format.ts';

export interface PublishAction {
  disabled: (row: DashboardImport) => boolean;
  onPublish: (row: DashboardImport) => void;
  pendingId: string | null;
}

interface Props {
  label: string;
  imports: DashboardImport[] | undefined;
  onPreview: (row: DashboardImport) => void;
  onEdit: (row: DashboardImport) => void;
  /** Opens the import's dataset mapping (issue 34). */
  onDatasets?: (row: DashboardImport) => void;
  publish?: PublishAction;
  header?: ReactNode;
  actions?: ReactNode;
}

/**
 * Imports with version, description, draft and created; Preview, Datasets (their mapping to
 * ours), Download, Edit (drafts) and Publish.
 */
export function ImportsTable({
  label,
  imports,
  onPreview,
  onEdit,
  onDatasets,
  publish,
  header,
  actions,
}: Props) {
  const download = useDownloadImport();
  const snackbar = useSnackbar();

  const onDownload = async (row: DashboardImport) => {
    try {
      await download.mutateAsync(row.id);
      snackbar.show(IMPORT_TEXTS.downloaded, 'success');
    } catch (err) {
      snackbar.show(IMPORT_TEXTS.downloadFailed(reasonOf(err)), 'error');
    }
  };

  const columns: DataTableColumn<DashboardImport>[] = [
    { field: 'version', headerName: 'Version', width: 100, text: (i) => versionText(i.version) },
    { field: 'description', headerName: 'Description', text: (i) => i.description || '-' },
    { field: 'isDraft', headerName: 'Draft', width: 90, text: (i) => (i.isDraft ? 'Yes' : 'No') },
    {
      field: 'createdAt',
      headerName: 'Created',
      width: 160,
      nowrap: true,
      text: (i) => formatDate(i.createdAt),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 320 + (publish ? 100 : 0) + (onDatasets ? 40 : 0),
      align: 'right',
      hideable: false,
      render: (i) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            startIcon={<VisibilityRoundedIcon fontSize="small" />}
            aria-label={`Preview v${i.version}`}
            onClick={(e) => {
              e.stopPropagation();
              onPreview(i);
            }}
          >
            Preview
          </Button>
          {onDatasets && (
            // An icon (with its name as a tooltip) keeps the row's actions within the table.
            <Tooltip title="Map datasets">
              <IconButton
                size="small"
                color="primary"
                aria-label={`Datasets v${i.version}`}
                onClick={(e) => {
                  e.stopPropagation();
                  onDatasets(i);
                }}
              >
                <LinkRoundedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Button
            size="small"
            startIcon={<DownloadRoundedIcon fontSize="small" />}
            aria-label={`Download v${i.version}`}
            disabled={download.isPending && download.variables === i.id}
            onClick={(e) => {
              e.stopPropagation();
              void onDownload(i);
            }}
          >
            Download
          </Button>
          {i.isDraft && (
            <Button
              size="small"
              startIcon={<EditRoundedIcon fontSize="small" />}
              aria-label={`Edit v${i.version}`}
              onClick={(e) => {
                e.stopPropagation();
                onEdit(i);
              }}
            >
              Edit
            </Button>
          )}
          {publish && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<PublishRoundedIcon fontSize="small" />}
              aria-label={`Publish v${i.version}`}
              disabled={publish.disabled(i) || publish.pendingId === i.id}
              onClick={(e) => {
                e.stopPropagation();
                publish.onPublish(i);
              }}
            >
              Publish
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  return (
    <DataTable
      label={label}
      rows={imports}
      columns={columns}
      getRowId={(i) => i.id}
      emptyText={IMPORT_TEXTS.noImports}
      testIds={{ row: 'import-row', empty: 'imports-empty', skeleton: 'import-skeleton-row' }}
      rowData={(i) => ({ 'data-import-id': i.id })}
      paging={{ mode: 'client' }}
      header={header}
      actions={actions}
    />
  );
}
