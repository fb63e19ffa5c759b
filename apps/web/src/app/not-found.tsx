import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { paths } from '../lib/paths.ts';

/** Texts of spec 000 §2.3, letter for letter. */
export const NOT_FOUND_TEXTS = {
  title: "Page couldn't be found.",
  message: "The requested page couldn't be found. You will be redirected to the dashboard.",
} as const;

/** How long the notice stays before the redirect happens by itself. */
export const NOT_FOUND_REDIRECT_MS = 5000;

/**
 * The handler for unknown pages (spec 000 §2.3): tells the user, then sends them to
 * /{groupId}/dashboard (on OK, or by itself after a few seconds).
 */
export function NotFoundNotice({ groupId }: { groupId: string }) {
  const navigate = useNavigate();
  const target = paths.dashboard.getHref(groupId);
  const go = () => void navigate(target, { replace: true });

  useEffect(() => {
    const timer = setTimeout(() => void navigate(target, { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, target]);

  return (
    <Dialog
      open
      aria-labelledby="not-found-title"
      aria-describedby="not-found-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="not-found-title">{NOT_FOUND_TEXTS.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="not-found-message">{NOT_FOUND_TEXTS.message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={go} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
