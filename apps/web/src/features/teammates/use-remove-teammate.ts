import { useCallback } from 'react';
import { TEAMMATE_TEXTS, type Teammate } from '@callsight/shared';
import { useConfirm } from '../../components/confirm-dialog/index.ts';
import { useSnackbar } from '../../components/snackbar/index.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useDeleteTeammate } from './api/delete-teammate.ts';

/**
 * Asks "Remove Teammate" and removes the teammate from the current group (their other groups
 * are kept). Answers true when removed.
 */
export function useRemoveTeammate() {
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  const remove = useDeleteTeammate();
  const { mutateAsync } = remove;
  const run = useCallback(
    async (teammate: Pick<Teammate, 'id' | 'name'>): Promise<boolean> => {
      const ok = await confirm({
        title: TEAMMATE_TEXTS.removeTitle,
        message: TEAMMATE_TEXTS.removeMessage,
        okText: 'Remove',
        okColor: 'error',
      });
      if (!ok) return false;
      try {
        await mutateAsync(teammate.id);
        snackbar.show(TEAMMATE_TEXTS.deleted, 'success');
        return true;
      } catch (err) {
        snackbar.show(isApiError(err) ? err.message : TEAMMATE_TEXTS.saveError, 'error');
        return false;
      }
    },
    [confirm, snackbar, mutateAsync],
  );
  return { run, pendingId: remove.isPending ? (remove.variables ?? null) : null };
}
