import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ArchiveRoundedIcon from '@mui/icons-material/ArchiveRounded';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import SyncRoundedIcon from '@mui/icons-material/SyncRounded';
import { GROUP_ADMIN_TEXTS, type GroupDetail } from '@callsight/shared';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useGroups } from '../../../lib/groups/get-groups.ts';
import { paths } from '../../../lib/paths.ts';
import { useArchiveGroup } from '../api/archive-group.ts';
import { useUpdateCanvas } from '../api/update-canvas.ts';
import { GroupsTable } from './groups-table.tsx';

/** Active Groups: Edit, Invite Teammate, Update Canvas (confirmed) and Archive (confirmed). */
export function ActiveGroupsTab({ currentGroupId }: { currentGroupId: string }) {
  const groups = useGroups();
  const archive = useArchiveGroup();
  const canvas = useUpdateCanvas();
  const confirm = useConfirm();
  const snackbar = useSnackbar();

  const onUpdateCanvas = async (group: GroupDetail) => {
    const ok = await confirm({
      title: GROUP_ADMIN_TEXTS.updateCanvasTitle,
      message: GROUP_ADMIN_TEXTS.updateCanvasMessage(group.name),
      okText: GROUP_ADMIN_TEXTS.updateCanvasAction,
    });
    if (!ok) return;
    try {
      const result = await canvas.mutateAsync(group.id);
      snackbar.show(result.message, 'success');
    } catch (err) {
      snackbar.show(
        isApiError(err) && err.status < 500 && err.status > 0
          ? err.message
          : GROUP_ADMIN_TEXTS.canvasError,
        'error',
      );
    }
  };

  const onArchive = async (group: GroupDetail) => {
    const ok = await confirm({
      title: GROUP_ADMIN_TEXTS.archiveTitle,
      message: GROUP_ADMIN_TEXTS.archiveMessage(group.name),
      okText: GROUP_ADMIN_TEXTS.archiveAction,
      okColor: 'error',
    });
    if (!ok) return;
    try {
      await archive.mutateAsync(group.id);
      snackbar.show(GROUP_ADMIN_TEXTS.archived(group.name), 'success');
    } catch (err) {
      snackbar.show(
        isApiError(err) && err.status < 500 && err.status > 0
          ? err.message
          : GROUP_ADMIN_TEXTS.archiveError,
        'error',
      );
    }
  };

  return (
    <>
      {groups.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {groups.error.message}
        </Alert>
      )}
      <GroupsTable
        label="Active Groups"
        groups={groups.data}
        loading={groups.isPending}
        actions={(g) => (
          <>
            <Button
              size="small"
              component={RouterLink}
              to={paths.groupEdit.getHref(currentGroupId, g.id)}
              startIcon={<EditRoundedIcon fontSize="small" />}
              aria-label={`${GROUP_ADMIN_TEXTS.editAction} ${g.name}`}
            >
              {GROUP_ADMIN_TEXTS.editAction}
            </Button>
            <Button
              size="small"
              component={RouterLink}
              to={paths.groupMemberNew.getHref(currentGroupId, g.id)}
              startIcon={<PersonAddAlt1RoundedIcon fontSize="small" />}
              aria-label={`${GROUP_ADMIN_TEXTS.inviteAction} ${g.name}`}
            >
              {GROUP_ADMIN_TEXTS.inviteAction}
            </Button>
            <Tooltip title={GROUP_ADMIN_TEXTS.updateCanvasAction}>
              <span>
                <IconButton
                  size="small"
                  aria-label={`${GROUP_ADMIN_TEXTS.updateCanvasAction} ${g.name}`}
                  disabled={canvas.isPending && canvas.variables === g.id}
                  onClick={() => void onUpdateCanvas(g)}
                >
                  <SyncRoundedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={GROUP_ADMIN_TEXTS.archiveAction}>
              <span>
                <IconButton
                  size="small"
                  color="error"
                  aria-label={`${GROUP_ADMIN_TEXTS.archiveAction} ${g.name}`}
                  disabled={archive.isPending && archive.variables === g.id}
                  onClick={() => void onArchive(g)}
                >
                  <ArchiveRoundedIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
      />
    </>
  );
}
