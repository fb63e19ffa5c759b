import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { AUTH_TEXTS } from '@callsight/shared';
import { useLogout } from '../features/session/use-logout.ts';

/**
 * Shown when the profile cannot be loaded after sign-in (spec 000 §4): OK logs out, and the
 * next login page says "There was an error logging in.".
 */
export function LoginUnsuccessfulDialog() {
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  const onOk = () => {
    setBusy(true);
    void logout({ notice: AUTH_TEXTS.loginErrorNotice });
  };
  return (
    <Dialog
      open
      aria-labelledby="login-unsuccessful-title"
      aria-describedby="login-unsuccessful-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="login-unsuccessful-title">{AUTH_TEXTS.loginErrorTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="login-unsuccessful-message">
          {AUTH_TEXTS.loginErrorNotice}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onOk} disabled={busy} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
