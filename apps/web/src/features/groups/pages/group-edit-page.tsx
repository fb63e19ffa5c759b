import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { PlaceholderPage } from '../../../components/placeholder/index.ts';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';
import { useGroup } from '../api/get-group.ts';

/** /admin/group/:id: new (id 0) or edit group (placeholder until its issue lands). */
export function GroupEditPage() {
  const { id = '0' } = useParams();
  const isNew = id === '0';
  const group = useGroup(isNew ? undefined : id);
  useCrumbLabel('group', group.data?.name);
  return (
    <PlaceholderPage
      title={isNew ? 'New Group' : 'Edit Group'}
      description="A group's customer, region and provider."
    >
      {group.data && (
        <Typography variant="body2">
          Group: <strong>{group.data.name}</strong> · {group.data.customerName} ·{' '}
          {group.data.region}
        </Typography>
      )}
    </PlaceholderPage>
  );
}
