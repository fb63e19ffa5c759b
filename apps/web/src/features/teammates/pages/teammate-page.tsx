import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import { TEAMMATE_TEXTS } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { ContentLoader } from '../../../components/full-page-loader/index.ts';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';
import { useGroup } from '../../../lib/groups/get-group.ts';
import { useTeammate } from '../api/get-teammate.ts';
import { TeammateForm } from '../components/teammate-form.tsx';
import { LoadError } from '../components/load-error.tsx';

/** /admin/user/:id: edit a teammate of the current group, or (id 0 or absent) add one to it. */
export function TeammatePage() {
  const { groupId = '', id = '0' } = useParams();
  const isNew = id === '0' || id === '';
  const teammate = useTeammate(groupId, isNew ? null : id);
  const group = useGroup(groupId);
  useCrumbLabel('teammate', isNew ? null : teammate.data?.name);

  const title = isNew ? TEAMMATE_TEXTS.newTitle : TEAMMATE_TEXTS.editTitle;
  const error = teammate.error ?? group.error;
  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={
          isNew ? 'Add someone to this group.' : "A teammate's details and role in this group."
        }
      />
      {error && <LoadError groupId={groupId} message={error.message} />}
      {!error && (group.isPending || (!isNew && teammate.isPending)) && <ContentLoader />}
      {!error && group.data && (isNew || teammate.data) && (
        <TeammateForm
          key={teammate.data?.id ?? 'new'}
          mode={isNew ? 'new' : 'edit'}
          group={{ id: group.data.id, name: group.data.name }}
          currentGroupId={groupId}
          teammate={teammate.data}
        />
      )}
    </Box>
  );
}
