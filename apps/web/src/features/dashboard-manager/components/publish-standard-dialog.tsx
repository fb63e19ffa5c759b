import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { IMPORT_TEXTS, type DashboardImport } from '@callsight/shared';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useGroups } from '../../../lib/groups/get-groups.ts';
import { useLatestExecutions } from '../api/get-latest-executions.ts';
import { usePublishImport } from '../api/publish-import.ts';
import { reasonOf } from '../api/query-keys.ts';

const ALL = '*';

interface Props {
  importRow: DashboardImport;
  onClose: () => void;
}

/**
 * Publish a standard import (issue 34: from the Standard Imports tab): to one group, or to
 * every group that does not run this version yet. A group whose latest standard execution
 * installed this version is offered disabled (spec 001 §4: publish is off for that version).
 */
export function PublishStandardDialog({ importRow, onClose }: Props) {
  const groups = useGroups();
  const executions = useLatestExecutions();
  const publish = usePublishImport();
  const snackbar = useSnackbar();
  const [target, setTarget] = useState('');

  const installed = new Set(
    (executions.data ?? [])
      .filter(
        (e) =>
          e.type === 'standard' &&
          e.status.toLowerCase() === 'success' &&
          e.version === importRow.version,
      )
      .map((e) => e.groupId),
  );
  const list = groups.data ?? [];
  const open = list.filter((g) => !installed.has(g.id));
  const ready = groups.isSuccess && executions.isSuccess;

  const onPublish = async () => {
    const chosen = target === ALL ? open.map((g) => g.id) : [target];
    try {
      for (const groupId of chosen)
        await publish.mutateAsync({
          groupId,
          type: importRow.type,
          version: importRow.version,
          importId: importRow.id,
        });
      snackbar.show(IMPORT_TEXTS.published, 'success');
      onClose();
    } catch (err) {
      snackbar.show(IMPORT_TEXTS.publishFailed(reasonOf(err)), 'error');
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="publish-title">
      <DialogTitle id="publish-title">{IMPORT_TEXTS.publishTitle(importRow.version)}</DialogTitle>
      <DialogContent dividers>
        {(groups.error ?? executions.error) && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {(groups.error ?? executions.error)?.message}
          </Alert>
        )}
        <TextField
          select
          fullWidth
          size="small"
          label={IMPORT_TEXTS.publishGroup}
          value={target}
          disabled={!ready || publish.isPending}
          onChange={(e) => setTarget(e.target.value)}
        >
          <MenuItem value={ALL} disabled={open.length === 0}>
            {IMPORT_TEXTS.allGroups} ({open.length})
          </MenuItem>
          {list.map((g) => (
            <MenuItem key={g.id} value={g.id} disabled={installed.has(g.id)}>
              {g.name}
              {installed.has(g.id) ? ` (${IMPORT_TEXTS.alreadyPublished(importRow.version)})` : ''}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!target || publish.isPending}
          onClick={() => void onPublish()}
        >
          Publish
        </Button>
      </DialogActions>
    </Dialog>
  );
}
