import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import Alert from '@mui/material/Alert';
import Fade from '@mui/material/Fade';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { SHELL } from '@callsight/shared';

export type SnackbarSeverity = 'success' | 'warning' | 'error' | 'info';

/**
 * How long a message stays, by severity (issue 16 replaces the spec's 100000 ms): long enough
 * to read a sentence; warnings and errors a little longer. Hovering the message pauses it.
 */
export const SNACKBAR_AUTO_HIDE_MS: Readonly<Record<SnackbarSeverity, number>> = {
  success: 5000,
  info: 5000,
  warning: 6000,
  error: 8000,
};

export interface SnackbarApi {
  /** Shows a message; a newer message replaces the one on screen. */
  show: (message: string, severity?: SnackbarSeverity) => void;
  /** Like `show`, answering the message's id for `dismiss`. */
  showTracked: (message: string, severity?: SnackbarSeverity) => number;
  /** Closes whatever message is on screen. */
  close: () => void;
  /** Closes the message `id` if it is still the one on screen (a newer one is left alone). */
  dismiss: (id: number) => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

interface Message {
  id: number;
  text: string;
  severity: SnackbarSeverity;
}

/** One app-wide snackbar (spec 000 §4; fade 800 ms of §9, auto hide by SNACKBAR_AUTO_HIDE_MS). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);
  const lastId = useRef(0);
  const shownId = useRef<number | null>(null);

  const showTracked = useCallback((text: string, severity: SnackbarSeverity = 'info') => {
    lastId.current += 1;
    const id = lastId.current;
    shownId.current = id;
    setMessage({ id, text, severity });
    setOpen(true);
    return id;
  }, []);
  const show = useCallback(
    (text: string, severity?: SnackbarSeverity) => {
      showTracked(text, severity);
    },
    [showTracked],
  );
  const close = useCallback(() => setOpen(false), []);
  const dismiss = useCallback((id: number) => {
    if (shownId.current === id) setOpen(false);
  }, []);
  const api = useMemo(
    () => ({ show, showTracked, close, dismiss }),
    [show, showTracked, close, dismiss],
  );

  const onClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };
  const severity = message?.severity ?? 'info';

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <Snackbar
        key={message?.id}
        open={open && message !== null}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS[severity]}
        onClose={onClose}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        slots={{ transition: Fade }}
        transitionDuration={SHELL.snackbarFadeMs}
      >
        <Alert
          onClose={() => setOpen(false)}
          severity={severity}
          variant="filled"
          elevation={3}
          sx={{ minWidth: 320, alignItems: 'center' }}
          data-testid="snackbar"
          data-severity={severity}
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
