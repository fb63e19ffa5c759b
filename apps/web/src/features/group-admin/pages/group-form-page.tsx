import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { z } from 'zod';
import { GROUP_ADMIN_TEXTS } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { ContentLoader } from '../../../components/full-page-loader/index.ts';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';
import { useGroup } from '../../../lib/groups/get-group.ts';
import { paths } from '../../../lib/paths.ts';
import { useCustomers } from '../api/get-customers.ts';
import { GroupForm } from '../components/group-form.tsx';

const GroupIdSchema = z.uuid();

/** /admin/group/:id (super only): provision a group (id 0) or edit one. */
export function GroupFormPage() {
  const { groupId = '', id = '' } = useParams();
  const isNew = id === '0';
  const validId = isNew || GroupIdSchema.safeParse(id).success;
  const group = useGroup(!isNew && validId ? id : null);
  const customers = useCustomers();
  useCrumbLabel('group', group.data?.name);

  const back = (
    <Button color="inherit" size="small" component={RouterLink} to={paths.groups.getHref(groupId)}>
      Back
    </Button>
  );
  const error = !validId
    ? GROUP_ADMIN_TEXTS.missingId
    : (group.error?.message ?? customers.error?.message);
  const ready = customers.data && (isNew || group.data);
  return (
    <Box>
      <PageHeader
        title={isNew ? GROUP_ADMIN_TEXTS.newTitle : GROUP_ADMIN_TEXTS.editTitle}
        subtitle={
          isNew
            ? 'A new customer group with its region and contact-centre provider.'
            : group.data?.name
        }
        actions={
          group.data?.status === 'archived' ? (
            <Chip label="Archived" color="warning" variant="outlined" />
          ) : undefined
        }
      />
      {error && (
        <Alert severity="error" action={back} sx={{ maxWidth: 720 }}>
          {error}
        </Alert>
      )}
      {!error && !ready && <ContentLoader />}
      {!error && customers.data && (isNew || group.data) && (
        <GroupForm
          key={group.data?.id ?? 'new'}
          currentGroupId={groupId}
          group={group.data}
          customers={customers.data}
        />
      )}
    </Box>
  );
}
