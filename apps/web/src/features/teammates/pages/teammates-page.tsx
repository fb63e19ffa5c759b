import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import { TEAMMATE_TEXTS } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { paths } from '../../../lib/paths.ts';
import { useTeammates } from '../api/get-teammates.ts';
import { TeammatesTable } from '../components/teammates-table.tsx';
import { useRemoveTeammate } from '../use-remove-teammate.ts';

/** /admin/users: the members of the current group (admin and super only). */
export function TeammatesPage() {
  const { groupId = '' } = useParams();
  const teammates = useTeammates(groupId);
  const remove = useRemoveTeammate();
  return (
    <Box>
      <PageHeader
        title={TEAMMATE_TEXTS.pageTitle}
        subtitle="The people of this group and their roles."
        actions={
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.groupMemberNew.getHref(groupId, groupId)}
            startIcon={<PersonAddAlt1RoundedIcon />}
          >
            {TEAMMATE_TEXTS.newButton}
          </Button>
        }
      />
      {teammates.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {teammates.error.message}
        </Alert>
      )}
      <TeammatesTable
        groupId={groupId}
        teammates={teammates.data}
        loading={teammates.isPending}
        removingId={remove.pendingId}
        onRemove={(t) => void remove.run(t)}
      />
    </Box>
  );
}
