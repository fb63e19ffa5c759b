import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  CALL_TAG_CONFIGURATIONS,
  CONFIG_TEXTS,
  TAGGING_FIELDS,
  TAGGING_TEXTS,
  type TaggingConfig,
} from '@callsight/shared';
import { DataTable, type DataTableColumn } from '../../../components/data-table/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { ContentLoader } from '../../../components/full-page-loader/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useTagConfigs } from '../api/get-tag-configs.ts';
import { useSaveTagConfigs } from '../api/save-tag-configs.ts';
import { useCanWriteConfig } from '../use-can-write.ts';
import { TaggingWizard } from './tagging-wizard.tsx';

const fieldLabel = (field: string) => TAGGING_FIELDS.find((f) => f.value === field)?.label ?? field;

/** "Tagging": the tagging configs table with New Config, Edit and Remove. */
export function TaggingTab({ groupId }: { groupId: string }) {
  const configs = useTagConfigs(groupId);
  const save = useSaveTagConfigs(groupId);
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const writable = useCanWriteConfig(CALL_TAG_CONFIGURATIONS);
  // null: closed; -1: a new config; otherwise the index edited.
  const [editing, setEditing] = useState<number | null>(null);
  const list = configs.data ?? [];

  useEffect(() => {
    if (configs.isError) snackbar.show(CONFIG_TEXTS.retrieveError, 'error');
  }, [configs.isError, snackbar]);

  const store = async (next: TaggingConfig[]) => {
    try {
      await save.mutateAsync(next);
      snackbar.show(CONFIG_TEXTS.setSuccess, 'success');
      return true;
    } catch (err) {
      snackbar.show(
        isApiError(err) && err.status === 400 ? err.message : CONFIG_TEXTS.setError,
        'error',
      );
      return false;
    }
  };
  const onSave = async (config: TaggingConfig) => {
    const next =
      editing === null || editing < 0
        ? [...list, config]
        : list.map((c, i) => (i === editing ? config : c));
    if (await store(next)) setEditing(null);
  };
  const onRemove = async (index: number) => {
    const config = list[index];
    if (!config) return;
    const ok = await confirm({
      title: 'Remove tagging config',
      message: `Remove "${config.name}"? Heartbeat calls will no longer be tagged by it.`,
      okText: 'Remove',
      okColor: 'error',
    });
    if (ok) await store(list.filter((_, i) => i !== index));
  };

  const columns: DataTableColumn<{ config: TaggingConfig; index: number }>[] = [
    {
      field: 'name',
      headerName: 'Name',
      text: ({ config }) => config.name,
      render: ({ config }) => <Box sx={{ fontWeight: 600 }}>{config.name}</Box>,
    },
    { field: 'field', headerName: 'Field', text: ({ config }) => fieldLabel(config.field) },
    {
      field: 'conditions',
      headerName: 'Conditions',
      flex: 2,
      text: ({ config }) =>
        config.conditions.map((c) => `${c.name} ${c.operator} ${c.threshold}`).join(', '),
      render: ({ config }) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {config.conditions.map((c) => (
            <Chip key={c.name} size="small" label={`${c.name} ${c.operator} ${c.threshold}`} />
          ))}
        </Stack>
      ),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 170,
      align: 'right',
      hideable: false,
      render: ({ index }) => (
        <>
          <Button size="small" onClick={() => setEditing(index)} disabled={!writable}>
            Edit
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => void onRemove(index)}
            disabled={!writable || save.isPending}
          >
            Remove
          </Button>
        </>
      ),
    },
  ];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h6" component="h2">
          Tagging configs
        </Typography>
        {writable && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(-1)}>
            {TAGGING_TEXTS.newConfig}
          </Button>
        )}
      </Stack>
      {configs.isPending && <ContentLoader />}
      {configs.isError && <Alert severity="error">{CONFIG_TEXTS.readFailed}</Alert>}
      {configs.data && (
        <DataTable
          bare
          label="Tagging configs"
          testIds={{ row: 'tagging-row', empty: 'tagging-empty' }}
          rows={list.map((config, index) => ({ config, index }))}
          getRowId={(r) => r.config.name}
          columns={columns}
          emptyText="No tagging configs yet."
        />
      )}
      {editing !== null && (
        <TaggingWizard
          editing={editing >= 0 ? (list[editing] ?? null) : null}
          otherNames={list.filter((_, i) => i !== editing).map((c) => c.name)}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={onSave}
        />
      )}
    </Paper>
  );
}
