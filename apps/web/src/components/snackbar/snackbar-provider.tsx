import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Fade from '@mui/material/Fade';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { SHELL } from '@callsight/shared';

export type SnackbarSeverity = 'success' | 'warning' | 'error' | 'info';

export interface SnackbarApi {
  /** Shows a message; a newer message replaces the one on screen. */
  show: (message: string, severity?: SnackbarSeverity) => void;
  close: () => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

interface Message {
  id: number;
  text: string;
  severity: SnackbarSeverity;
}

/** One app-wide snackbar (spec 000 §4 and §9: auto hide 100000 ms, fade 800 ms). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((text: string, severity: SnackbarSeverity = 'info') => {
    setMessage((prev) => ({ id: (prev?.id ?? 0) + 1, text, severity }));
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const api = useMemo(() => ({ show, close }), [show, close]);

  const onClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <Snackbar
        key={message?.id}
        open={open && message !== null}
        autoHideDuration={SHELL.snackbarAutoHideMs}
        onClose={onClose}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        slots={{ transition: Fade }}
        transitionDuration={SHELL.snackbarFadeMs}
      >
        <Alert
          onClose={() => setOpen(false)}
          severity={message?.severity ?? 'info'}
          variant="filled"
          elevation={3}
          sx={{ minWidth: 320, alignItems: 'center' }}
          data-testid="snackbar"
        >
          {message?.text}
        </Alert>
      </Snackbar>
    </SnackbarContext.Provider>
  );
}

/** The app snackbar: `useSnackbar().show(message, 'success')`. */
export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside SnackbarProvider');
  return api;
}
