import { useConfirm, type ConfirmOptions } from '../../../components/confirm-dialog/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';

interface RowAction {
  /** Asked first; declining does nothing. */
  ask?: ConfirmOptions;
  run: () => Promise<unknown>;
  success: string;
  /** The failure's snackbar text (a function to pick the server's own words). */
  failure: string | ((error: unknown) => string);
}

/** Runs a row's action (Disable, Retest, Delete): confirmation if asked, then its snackbar text. */
export function useRowAction() {
  const confirm = useConfirm();
  const snackbar = useSnackbar();
  return async ({ ask, run, success, failure }: RowAction) => {
    if (ask && !(await confirm(ask))) return;
    try {
      await run();
      snackbar.show(success, 'success');
    } catch (error) {
      snackbar.show(typeof failure === 'string' ? failure : failure(error), 'error');
    }
  };
}
