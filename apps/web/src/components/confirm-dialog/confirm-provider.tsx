import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  okText?: string;
  /** Label of the cancel button; null shows only OK (an acknowledgement). */
  cancelText?: string | null;
  /** Colour of the OK button, e.g. 'error' for destructive actions. */
  okColor?: 'primary' | 'error' | 'warning';
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

/** One app-wide confirm dialog; a new request answers a pending one with false. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const pendingRef = useRef<Pending | null>(null);

  const confirm = useCallback<Confirm>((options) => {
    pendingRef.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { ...options, resolve };
      pendingRef.current = next;
      setPending(next);
      setOpen(true);
    });
  }, []);

  const answer = (ok: boolean) => {
    pendingRef.current?.resolve(ok);
    pendingRef.current = null;
    setOpen(false);
  };

  const cancelText = pending?.cancelText === undefined ? 'Cancel' : pending.cancelText;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={open}
        onClose={() => answer(false)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="confirm-dialog-title"
        aria-describedby="confirm-dialog-message"
        data-testid="confirm-dialog"
      >
        <DialogTitle id="confirm-dialog-title">{pending?.title}</DialogTitle>
        <DialogContent>
          <DialogContentText id="confirm-dialog-message" component="div">
            {pending?.message}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {cancelText !== null && (
            <Button onClick={() => answer(false)} color="inherit">
              {cancelText}
            </Button>
          )}
          <Button
            onClick={() => answer(true)}
            variant="contained"
            color={pending?.okColor ?? 'primary'}
            autoFocus
          >
            {pending?.okText ?? 'OK'}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

/** Asks the user: `await useConfirm()({ title, message })` is true for OK, false otherwise. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside ConfirmProvider');
  return confirm;
}
