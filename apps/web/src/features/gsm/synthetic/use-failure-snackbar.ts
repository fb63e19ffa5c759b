import { useEffect } from 'react';
import { useSnackbar } from '../../../components/snackbar/index.ts';

/** Says `text` in the snackbar each time a load fails (the spec's fetch failure texts, §8). */
export function useFailureSnackbar(failed: boolean, text: string): void {
  const { show } = useSnackbar();
  useEffect(() => {
    if (failed) show(text, 'error');
  }, [failed, text, show]);
}
