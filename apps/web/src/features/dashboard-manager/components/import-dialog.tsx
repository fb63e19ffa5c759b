import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import {
  IMPORT_LIMITS,
  IMPORT_TEXTS,
  IMPORT_TYPES,
  type DashboardImport,
  type ImportType,
  type UploadMetadata,
} from '@callsight/shared';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useGroups } from '../../../lib/groups/get-groups.ts';
import { useCreateImportFromGroup } from '../api/create-import-from-group.ts';
import { useGroupDashboards } from '../api/get-group-dashboards.ts';
import { useLogicalDashboards } from '../api/get-logical-dashboards.ts';
import { reasonOf } from '../api/query-keys.ts';
import { useUploadImport } from '../api/upload-import.ts';
import { fileError } from './file-check.ts';
import { PreviewDialog } from './preview-dialog.tsx';

type Mode = 'zip' | 'group';

export interface ImportDialogProps {
  onClose: () => void;
  /** The type a new import starts with. */
  defaultType: ImportType;
  /** The group the import is for (a group's Custom Imports): not to be changed. */
  fixedGroupId?: string;
  /**
   * A draft being edited (ZIP mode only): its description and draft flag, and its ZIP only when a
   * new one is chosen; its version does not rise.
   */
  draft?: DashboardImport;
}

const TYPE_LABELS: Record<ImportType, string> = { standard: 'Standard', custom: 'Custom' };

/**
 * The import modal: from a ZIP file, or from a group's ticked deployed dashboards (whose preview,
 * spec 001 §7's {groupId}/preview, it can show).
 */
export function ImportDialog({ onClose, defaultType, fixedGroupId, draft }: ImportDialogProps) {
  const snackbar = useSnackbar();
  const upload = useUploadImport();
  const fromGroup = useCreateImportFromGroup();
  const groups = useGroups();

  const [mode, setMode] = useState<Mode>('zip');
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [type, setType] = useState<ImportType>(draft?.type ?? defaultType);
  const [description, setDescription] = useState(draft?.description ?? '');
  const [isDraft, setIsDraft] = useState(draft?.isDraft ?? false);
  const [groupId, setGroupId] = useState(fixedGroupId ?? draft?.groupId ?? '');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [previewGroup, setPreviewGroup] = useState<string | null>(null);

  const groupMode = mode === 'group';
  const dashboards = useGroupDashboards(groupMode ? groupId : null);
  const logical = useLogicalDashboards(groupMode ? groupId : null);
  const mappedNames = useMemo(
    () => new Set((logical.data ?? []).flatMap((l) => (l.dashboardName ? [l.dashboardName] : []))),
    [logical.data],
  );

  const busy = upload.isPending || fromGroup.isPending;
  const valid = groupMode
    ? Boolean(groupId) && ticked.size > 0
    : (file !== null || Boolean(draft)) && fileProblem === null;
  const showGroupSelect = groupMode || (type === 'custom' && !draft);

  const chooseFile = (files: FileList | null) => {
    const chosen = files?.[0] ?? null;
    setFile(chosen);
    setFileProblem(chosen ? fileError(chosen) : null);
  };

  const chooseGroup = (id: string) => {
    setGroupId(id);
    setTicked(new Set());
  };

  const toggle = (id: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const create = async () => {
    if (!valid || busy) return;
    if (groupMode) {
      try {
        await fromGroup.mutateAsync({
          groupId,
          body: { dashboardIds: [...ticked], type, description, isDraft },
        });
        snackbar.show(IMPORT_TEXTS.created, 'success');
        onClose();
      } catch (err) {
        snackbar.show(IMPORT_TEXTS.createFailed(reasonOf(err)), 'error');
      }
      return;
    }
    if (!file && !draft) return;
    const metadata: UploadMetadata = { type, description, isDraft };
    const forGroup = fixedGroupId ?? draft?.groupId ?? (type === 'custom' ? groupId : '');
    if (forGroup) metadata.groupId = forGroup;
    if (draft) metadata.importId = draft.id;
    try {
      await upload.mutateAsync({ metadata, file });
      snackbar.show(IMPORT_TEXTS.uploaded, 'success');
      onClose();
    } catch (err) {
      snackbar.show(IMPORT_TEXTS.uploadFailed(reasonOf(err)), 'error');
    }
  };

  const deployed = dashboards.data?.deployedDashboards ?? [];

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      maxWidth="sm"
      fullWidth
      aria-labelledby="import-dialog-title"
      data-testid="import-dialog"
    >
      <DialogTitle id="import-dialog-title">
        {draft ? `Edit Import v${draft.version}` : 'New Import'}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {!draft && (
            <ToggleButtonGroup
              exclusive
              size="small"
              value={mode}
              onChange={(_, value: Mode | null) => value && setMode(value)}
              aria-label="Import source"
            >
              <ToggleButton value="zip">ZIP file</ToggleButton>
              <ToggleButton value="group">From a group</ToggleButton>
            </ToggleButtonGroup>
          )}

          <TextField
            select
            label="Type"
            value={type}
            disabled={busy || Boolean(draft) || Boolean(fixedGroupId)}
            onChange={(e) => setType(e.target.value as ImportType)}
          >
            {IMPORT_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>

          {showGroupSelect && (
            <TextField
              select
              label="Group"
              value={groupId}
              required={groupMode}
              disabled={busy || Boolean(fixedGroupId)}
              onChange={(e) => chooseGroup(e.target.value)}
              slotProps={{
                select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } },
              }}
            >
              {(groups.data ?? []).map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.name}
                </MenuItem>
              ))}
              {fixedGroupId && !(groups.data ?? []).some((g) => g.id === fixedGroupId) && (
                <MenuItem value={fixedGroupId}>{fixedGroupId}</MenuItem>
              )}
            </TextField>
          )}

          {!groupMode && (
            <Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Button
                  component="label"
                  variant="outlined"
                  disabled={busy}
                  startIcon={<UploadFileRoundedIcon />}
                >
                  Choose ZIP
                  <input
                    hidden
                    type="file"
                    accept={IMPORT_LIMITS.extensions.join(',')}
                    aria-label="ZIP file"
                    data-testid="import-file"
                    onChange={(e) => {
                      chooseFile(e.target.files);
                      e.target.value = '';
                    }}
                  />
                </Button>
                {file && (
                  <Typography variant="body2" data-testid="import-file-name">
                    {file.name}
                  </Typography>
                )}
                {draft && !file && (
                  <Typography variant="body2" color="text.secondary" data-testid="import-file-kept">
                    {`Optional: without a new ZIP, ${draft.source} stays`}
                  </Typography>
                )}
              </Stack>
              {fileProblem && (
                <Alert severity="error" sx={{ mt: 1 }} data-testid="import-file-error">
                  {fileProblem}
                </Alert>
              )}
            </Box>
          )}

          {groupMode && groupId && (
            <Box data-testid="group-dashboards">
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}
              >
                <Typography variant="subtitle2">Deployed dashboards</Typography>
                <Button
                  size="small"
                  startIcon={<VisibilityRoundedIcon fontSize="small" />}
                  disabled={busy || !dashboards.isSuccess || deployed.length === 0}
                  onClick={() => setPreviewGroup(groupId)}
                >
                  Preview
                </Button>
              </Stack>
              {dashboards.isPending && <CircularProgress size={24} aria-label="Loading" />}
              {dashboards.isError && (
                <Alert severity="error">{IMPORT_TEXTS.fetchDashboardsFailed}</Alert>
              )}
              {dashboards.isSuccess && deployed.length === 0 && (
                <Typography color="text.secondary" data-testid="group-dashboards-empty">
                  {IMPORT_TEXTS.noGroupDashboards}
                </Typography>
              )}
              {deployed.map((d) => (
                <Box key={d.id}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={ticked.has(d.id)}
                        disabled={busy}
                        onChange={() => toggle(d.id)}
                      />
                    }
                    label={d.dashboard_title}
                  />
                  {mappedNames.has(d.dashboard_title) && !ticked.has(d.id) && (
                    <Alert severity="warning" sx={{ py: 0 }} data-testid="not-exported">
                      {IMPORT_TEXTS.notExported}
                    </Alert>
                  )}
                </Box>
              ))}
            </Box>
          )}

          <TextField
            label="Description"
            value={description}
            multiline
            minRows={2}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            onChange={(e) => setDescription(e.target.value)}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={isDraft}
                disabled={busy}
                onChange={(e) => setIsDraft(e.target.checked)}
              />
            }
            label="Save as draft"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!valid || busy}
          onClick={() => void create()}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {draft ? 'Save' : 'Create'}
        </Button>
      </DialogActions>
      {previewGroup && (
        <PreviewDialog groupId={previewGroup} onClose={() => setPreviewGroup(null)} />
      )}
    </Dialog>
  );
}
