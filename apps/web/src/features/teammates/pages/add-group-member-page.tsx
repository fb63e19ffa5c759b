import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import { TEAMMATE_TEXTS } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { ContentLoader } from '../../../components/full-page-loader/index.ts';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';
import { useGroup } from '../../../lib/groups/get-group.ts';
import { TeammateForm } from '../components/teammate-form.tsx';
import { LoadError } from '../components/load-error.tsx';

/**
 * /admin/group/:memberGroupId/member/0: add a teammate to a group. An e-mail that belongs to an
 * existing account fills in its id and name, and that account joins the group.
 */
export function AddGroupMemberPage() {
  const { groupId = '', memberGroupId = '' } = useParams();
  const group = useGroup(memberGroupId);
  useCrumbLabel('memberGroup', group.data?.name);
  return (
    <Box>
      <PageHeader
        title={TEAMMATE_TEXTS.newTitle}
        subtitle={group.data ? `Add someone to ${group.data.name}.` : 'Add someone to a group.'}
      />
      {group.isError && <LoadError groupId={groupId} message={group.error.message} />}
      {group.isPending && <ContentLoader />}
      {group.data && (
        <TeammateForm
          mode="member"
          group={{ id: group.data.id, name: group.data.name }}
          currentGroupId={groupId}
        />
      )}
    </Box>
  );
}
