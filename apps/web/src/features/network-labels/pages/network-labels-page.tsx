import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import Button from '@mui/material/Button';
import EditRoundedIcon from '@mui/icons-material/EditRounded';
import { NETWORK_LABEL_TEXTS as T } from '@callsight/shared';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { useNetworkLabels } from '../api/get-network-labels.ts';
import { NetworkLabelsEditor } from '../components/network-labels-editor.tsx';
import { NetworkLabelsTable } from '../components/network-labels-table.tsx';

/**
 * /configs/network-labelling (spec 001 §2): CIDR ranges with the labels agent networks show.
 * View mode lists them; Edit works on a copy and returns to view mode on Cancel or after saving.
 */
export function NetworkLabelsPage() {
  const { groupId = '' } = useParams();
  const labels = useNetworkLabels(groupId);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (labels.isError) console.error('Could not load the network labels', labels.error);
  }, [labels.isError, labels.error]);

  return (
    <>
      <PageHeader
        title={T.title}
        subtitle="Name the networks your agents work from: an agent's address shows the label of the first range that contains it."
        actions={
          !editing && (
            <Button
              variant="contained"
              startIcon={<EditRoundedIcon />}
              disabled={!labels.data}
              onClick={() => setEditing(true)}
            >
              {T.edit}
            </Button>
          )
        }
      />
      {labels.isError && (
        // Editing is held back: saving over a list that failed to load would erase it.
        <RetryAlert onRetry={() => void labels.refetch()}>
          The network labels could not be loaded.
        </RetryAlert>
      )}
      {editing && labels.data ? (
        <NetworkLabelsEditor
          groupId={groupId}
          initial={labels.data.ipMap}
          onDone={() => setEditing(false)}
        />
      ) : (
        !labels.isError && (
          <NetworkLabelsTable entries={labels.data?.ipMap} loading={labels.isPending} />
        )
      )}
    </>
  );
}
