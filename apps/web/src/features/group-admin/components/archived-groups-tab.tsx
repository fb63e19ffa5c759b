import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import UnarchiveRoundedIcon from '@mui/icons-material/UnarchiveRounded';
import { GROUP_ADMIN_TEXTS, type GroupDetail } from '@callsight/shared';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useArchivedGroups } from '../api/get-archived-groups.ts';
import { useRestoreGroup } from '../api/restore-group.ts';
import { GroupsTable } from './groups-table.tsx';

/** Archived Groups: when each was archived, Edit and Restore. */
export function ArchivedGroupsTab({ currentGroupId }: { currentGroupId: string }) {
  const groups = useArchivedGroups();
  const restore = useRestoreGroup();
  const snackbar = useSnackbar();

  const onRestore = async (group: GroupDetail) => {
    try {
      await restore.mutateAsync(group.id);
      snackbar.show(GROUP_ADMIN_TEXTS.restored(group.name), 'success');
    } catch (err) {
      snackbar.show(
        isApiError(err) && err.status < 500 && err.status > 0
          ? err.message
          : GROUP_ADMIN_TEXTS.restoreError,
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
        label="Archived Groups"
        groups={groups.data}
        loading={groups.isPending}
        showArchivedAt
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
              startIcon={<UnarchiveRoundedIcon fontSize="small" />}
              aria-label={`${GROUP_ADMIN_TEXTS.restoreAction} ${g.name}`}
              disabled={restore.isPending && restore.variables === g.id}
              onClick={() => void onRestore(g)}
            >
              {GROUP_ADMIN_TEXTS.restoreAction}
            </Button>
          </>
        )}
      />
    </>
  );
}
