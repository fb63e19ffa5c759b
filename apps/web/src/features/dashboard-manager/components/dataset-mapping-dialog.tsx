import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  IMPORT_TEXTS,
  columnFitsRole,
  type ImportDataset,
  type ImportDatasets,
  type ImportedColumnRole,
  type MappableDatasetId,
  type SaveDatasetMappings,
} from '@callsight/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useImportDatasets } from '../api/get-import-datasets.ts';
import { useSaveImportDatasets } from '../api/save-import-datasets.ts';
import { reasonOf } from '../api/query-keys.ts';

const ROLE_LABELS: Record<ImportedColumnRole, string> = {
  time: 'Time',
  measure: 'Measure (number)',
  dimension: 'Dimension',
};

/** One imported dataset's choice on this screen: our dataset ('' none) and our columns. */
interface Choice {
  datasetId: MappableDatasetId | '';
  columns: Record<string, string>;
}

type Draft = Record<string, Choice>;

const draftOf = (data: ImportDatasets): Draft =>
  Object.fromEntries(
    data.datasets.map((d) => [
      d.uuid,
      { datasetId: d.mapping?.datasetId ?? '', columns: { ...(d.mapping?.columns ?? {}) } },
    ]),
  );

/** The draft as the PUT's body: the mapped datasets, each with the columns chosen. */
function bodyOf(data: ImportDatasets, draft: Draft): SaveDatasetMappings {
  return {
    mappings: data.datasets.flatMap((d) => {
      const choice = draft[d.uuid];
      if (!choice?.datasetId) return [];
      const columns = Object.fromEntries(
        Object.entries(choice.columns).filter(([name, ours]) =>
          Boolean(ours && d.columns.some((c) => c.name === name)),
        ),
      );
      return [{ uuid: d.uuid, datasetId: choice.datasetId, columns }];
    }),
  };
}

interface Props {
  importId: string;
  version: number;
  onClose: () => void;
}

/**
 * 'Dataset Mapping' (issue 34): each dataset of an import pointed at one of ours (calls,
 * seconds, logs, journeys) and each column its charts read at one of our dataset's columns that
 * fits its use (a time, a number for a measure). Saved as one mapping; the server names a bad
 * column's field, shown under its select.
 */
export function DatasetMappingDialog({ importId, version, onClose }: Props) {
  const datasets = useImportDatasets(importId);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="dataset-mapping-title">
      <DialogTitle id="dataset-mapping-title">
        {IMPORT_TEXTS.datasetsTitle} (v{version})
      </DialogTitle>
      {datasets.isError ? (
        <>
          <DialogContent dividers>
            <Alert severity="error" data-testid="datasets-error">
              {IMPORT_TEXTS.datasetsFailed}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : datasets.data ? (
        <MappingForm importId={importId} data={datasets.data} onClose={onClose} />
      ) : (
        <DialogContent dividers>
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        </DialogContent>
      )}
    </Dialog>
  );
}

function MappingForm({
  importId,
  data,
  onClose,
}: {
  importId: string;
  data: ImportDatasets;
  onClose: () => void;
}) {
  const save = useSaveImportDatasets(importId);
  const snackbar = useSnackbar();
  const [draft, setDraft] = useState<Draft>(() => draftOf(data));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const body = bodyOf(data, draft);
  const changed = JSON.stringify(body) !== JSON.stringify(bodyOf(data, draftOf(data)));
  /** The index of a dataset in the body (the server names fields by it). */
  const indexOf = (uuid: string) => body.mappings.findIndex((m) => m.uuid === uuid);

  const set = (uuid: string, next: (c: Choice) => Choice) =>
    setDraft((d) => ({ ...d, [uuid]: next(d[uuid] ?? { datasetId: '', columns: {} }) }));

  const onSave = async () => {
    setFieldErrors({});
    try {
      await save.mutateAsync(body);
      snackbar.show(IMPORT_TEXTS.mappingSaved, 'success');
      onClose();
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields) setFieldErrors(err.fields);
      snackbar.show(IMPORT_TEXTS.mappingSaveFailed(reasonOf(err)), 'error');
    }
  };

  return (
    <>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {IMPORT_TEXTS.datasetsIntro}
        </Typography>
        {data.datasets.length === 0 && (
          <Typography color="text.secondary">{IMPORT_TEXTS.noDatasets}</Typography>
        )}
        <Stack spacing={2}>
          {data.datasets.map((d) => (
            <DatasetBlock
              key={d.uuid}
              dataset={d}
              data={data}
              choice={draft[d.uuid] ?? { datasetId: '', columns: {} }}
              disabled={save.isPending}
              errorOf={(field) => {
                const i = indexOf(d.uuid);
                return i < 0 ? undefined : fieldErrors[`mappings.${i}.${field}`];
              }}
              onDataset={(datasetId) =>
                // Our columns differ per dataset: a new dataset starts with none chosen.
                set(d.uuid, (c) => (c.datasetId === datasetId ? c : { datasetId, columns: {} }))
              }
              onColumn={(name, ours) =>
                set(d.uuid, (c) => ({ ...c, columns: { ...c.columns, [name]: ours } }))
              }
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!changed || save.isPending}
          onClick={() => void onSave()}
        >
          Save
        </Button>
      </DialogActions>
    </>
  );
}

function DatasetBlock(props: {
  dataset: ImportDataset;
  data: ImportDatasets;
  choice: Choice;
  disabled: boolean;
  errorOf: (field: string) => string | undefined;
  onDataset: (id: MappableDatasetId | '') => void;
  onColumn: (name: string, ours: string) => void;
}) {
  const { dataset: d, choice } = props;
  const target = props.data.targets.find((t) => t.id === choice.datasetId);
  const datasetError = props.errorOf('datasetId');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="mapping-dataset" data-dataset={d.name}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, mb: target ? 2 : 0 }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            sx={{ fontWeight: 600, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
          >
            {d.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
            {d.database && <Chip size="small" label={`database ${d.database}`} />}
            <Chip
              size="small"
              label={`${d.charts.length} chart${d.charts.length === 1 ? '' : 's'}`}
            />
          </Stack>
        </Box>
        <TextField
          select
          size="small"
          label={`Our dataset for ${d.name}`}
          value={choice.datasetId}
          disabled={props.disabled}
          error={Boolean(datasetError)}
          helperText={datasetError ?? (d.ours && !choice.datasetId ? 'Callsight has it' : ' ')}
          sx={{ flex: 1, minWidth: 240 }}
          onChange={(e) => props.onDataset(e.target.value as MappableDatasetId | '')}
        >
          <MenuItem value="">
            <em>{IMPORT_TEXTS.notMapped}</em>
          </MenuItem>
          {props.data.targets.map((t) => (
            <MenuItem key={t.id} value={t.id}>
              {t.title}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {target && (
        <Table size="small" aria-label={`Columns of ${d.name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Column</TableCell>
              <TableCell>Used as</TableCell>
              <TableCell>Charts</TableCell>
              <TableCell sx={{ width: '40%' }}>Our column</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {d.columns.map((c) => {
              const fits = target.columns.filter((t) => columnFitsRole(c.role, t.type));
              const value = choice.columns[c.name] ?? '';
              const error = props.errorOf(`columns.${c.name}`);
              return (
                <TableRow key={c.name} data-testid="mapping-column" data-column={c.name}>
                  <TableCell>
                    <Typography
                      variant="body2"
                      sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
                    >
                      {c.name}
                    </Typography>
                    {c.type && (
                      <Typography variant="caption" color="text.secondary">
                        {c.type}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{ROLE_LABELS[c.role]}</TableCell>
                  <TableCell>
                    <Tooltip title={c.charts.join(', ')}>
                      <span>{c.charts.length}</span>
                    </Tooltip>
                  </TableCell>
                  <TableCell>
                    <TextField
                      select
                      fullWidth
                      size="small"
                      label={`Our column for ${c.name}`}
                      value={value}
                      disabled={props.disabled}
                      error={Boolean(error)}
                      helperText={error}
                      onChange={(e) => props.onColumn(c.name, e.target.value)}
                    >
                      <MenuItem value="">
                        <em>{IMPORT_TEXTS.notMapped}</em>
                      </MenuItem>
                      {value && !fits.some((t) => t.name === value) && (
                        <MenuItem value={value}>{value}</MenuItem>
                      )}
                      {fits.map((t) => (
                        <MenuItem key={t.name} value={t.name}>
                          {t.label} ({t.name})
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
