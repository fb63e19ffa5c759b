import { createContext, useContext, useId, type ReactNode } from 'react';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { LoadState, type LoadStateProps } from '../load-state/index.ts';

/** Set inside a WizardDialog: the Wizard then lays its steps and buttons out as dialog parts. */
export const InWizardDialog = createContext(false);

/** Whether the Wizard sits in a WizardDialog. */
export const useInWizardDialog = () => useContext(InWizardDialog);

interface WizardDialogProps {
  title: string;
  /** Cancel, the close button and Escape; never a click beside the dialog. */
  onClose: () => void;
  /** While saving nothing closes the dialog. */
  busy?: boolean;
  open?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  testId?: string;
  /** A Wizard, or what stands in for it while its options load. */
  children: ReactNode;
}

/**
 * A modal for a Wizard (spec 001 §2: clicking the backdrop does not close it). Escape and the
 * close button do, except while saving. Render the form's owner inside the dialog, so that
 * closing it drops what was entered (spec 001 §4: closing the dialog resets the form).
 */
export function WizardDialog({
  title,
  onClose,
  busy = false,
  open = true,
  maxWidth = 'md',
  testId,
  children,
}: WizardDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        // A click beside the dialog must not throw away what was entered.
        if (reason !== 'backdropClick' && !busy) onClose();
      }}
      maxWidth={maxWidth}
      fullWidth
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {title}
        <IconButton
          aria-label="Close"
          onClick={onClose}
          disabled={busy}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <InWizardDialog.Provider value>{children}</InWizardDialog.Provider>
    </Dialog>
  );
}

/** What a WizardDialog shows until its Wizard can open: a spinner, or the failure with Retry. */
export function WizardLoadState(props: LoadStateProps) {
  return (
    <DialogContent sx={{ minHeight: 200 }}>
      <LoadState {...props} />
    </DialogContent>
  );
}
