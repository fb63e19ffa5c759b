import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import {
  ACCESS,
  API_TOKEN_TEXTS,
  hasPermission,
  type ApiToken,
  type ApiTokenCreated,
} from '@callsight/shared';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { PageHeader } from '../../../components/page-header/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useApiTokens } from '../api/get-api-tokens.ts';
import { useRevokeApiToken } from '../api/revoke-api-token.ts';
import { ApiKeysTable } from '../components/api-keys-table.tsx';
import { CreateApiKeyDialog } from '../components/create-api-key-dialog.tsx';
import { SaveApiKeyDialog } from '../components/save-api-key-dialog.tsx';

/** Modal flow of spec 000 §4: none, create, save (revoke goes through the confirm dialog). */
type Modal = { kind: 'none' } | { kind: 'create' } | { kind: 'save'; created: ApiTokenCreated };

/** /configs/api: API Management (spec 000 §2.5). Writes need super or admin. */
export function ApiKeysPage() {
  const { groupId = '' } = useParams();
  const session = useSession();
  const canWrite = !!session && hasPermission(session.claims.permissions, ACCESS.adminSuper);
  const tokens = useApiTokens(groupId);
  const revoke = useRevokeApiToken(groupId);
  const snackbar = useSnackbar();
  const confirm = useConfirm();
  const [modal, setModal] = useState<Modal>({ kind: 'none' });

  useEffect(() => {
    if (tokens.isError) snackbar.show(API_TOKEN_TEXTS.fetchFailed, 'error');
  }, [tokens.isError, snackbar]);

  const onRevoke = async (token: ApiToken) => {
    const ok = await confirm({
      title: 'Revoke API key',
      message: `Revoke the key “${token.label}”? Calls made with it will be refused from now on. This cannot be undone.`,
      okText: 'Revoke',
      okColor: 'error',
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync(token.id);
      snackbar.show(API_TOKEN_TEXTS.revoked, 'success');
    } catch {
      snackbar.show(API_TOKEN_TEXTS.revokeFailed, 'error');
    }
  };

  return (
    <>
      <PageHeader
        title={API_TOKEN_TEXTS.title}
        subtitle="API keys let your systems call the API on behalf of this group. A key is shown once, when it is created."
        actions={
          <Button
            variant="contained"
            startIcon={<AddRoundedIcon />}
            disabled={!canWrite}
            onClick={() => setModal({ kind: 'create' })}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {API_TOKEN_TEXTS.createButton}
          </Button>
        }
      />
      {!canWrite && (
        <Alert severity="info" sx={{ mb: 2 }}>
          You can view this group&apos;s API keys; only group admins can create or revoke them.
        </Alert>
      )}
      {tokens.isError ? (
        <RetryAlert onRetry={() => void tokens.refetch()}>{API_TOKEN_TEXTS.fetchFailed}</RetryAlert>
      ) : (
        <ApiKeysTable
          tokens={tokens.data}
          loading={tokens.isPending || revoke.isPending}
          canWrite={canWrite}
          onRevoke={(t) => void onRevoke(t)}
        />
      )}
      {modal.kind === 'create' && (
        <CreateApiKeyDialog
          groupId={groupId}
          onClose={() => setModal({ kind: 'none' })}
          onCreated={(created) => setModal({ kind: 'save', created })}
        />
      )}
      {modal.kind === 'save' && (
        <SaveApiKeyDialog created={modal.created} onDone={() => setModal({ kind: 'none' })} />
      )}
    </>
  );
}
