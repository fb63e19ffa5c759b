import { useLocation, useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import { EXPLORER_TEXTS } from '@callsight/shared';
import { paths } from '../../../lib/paths.ts';
import type { CallDetailLoader } from '../../call/api/get-call-detail.ts';
import { CallDetail } from '../../call/components/call-detail.tsx';

interface Props {
  /** The list's path ({group}/explorer/calls): the modal lives at {listPath}/call/{contactId}. */
  listPath: string;
  /** The call (default: the route's :contactId). */
  contactId?: string;
  /** Where the call is read from (default: the session's call-detail API; CallDetail's `load`). */
  load?: CallDetailLoader;
  /** Offer 'Open in new Tab' (default true): not where the caller may not open the call page. */
  openInNewTab?: boolean;
}

/**
 * The call detail as a large modal over the list (spec 002 §2.10): 'Open in new Tab' opens
 * /{groupId}/call/{contactId}; Close returns to the list path with its filters. Over an embedded
 * dashboard too, reading the call through the dashboard's guest token (`load`, decision C12).
 */
export function CallDetailModal({ listPath, load, openInNewTab = true, ...props }: Props) {
  const params = useParams();
  const groupId = params.groupId ?? '';
  const contactId = props.contactId ?? params.contactId ?? '';
  const { search } = useLocation();
  const navigate = useNavigate();
  const basePath = `${listPath}/call/${encodeURIComponent(contactId)}`;
  const close = () => void navigate(`${listPath}${search}`);

  return (
    <Dialog
      open
      onClose={close}
      fullWidth
      maxWidth="xl"
      aria-labelledby="call-detail-modal-title"
      slotProps={{ paper: { sx: { height: 'calc(100% - 64px)' } } }}
    >
      <DialogTitle id="call-detail-modal-title" sx={{ pr: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="span">
              Call Details
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }}
              noWrap
            >
              {contactId}
            </Typography>
          </Stack>
          {openInNewTab && (
            <Button
              component="a"
              href={paths.call.getHref(groupId, contactId)}
              target="_blank"
              rel="noopener"
              startIcon={<OpenInNewRoundedIcon />}
            >
              {EXPLORER_TEXTS.openInNewTab}
            </Button>
          )}
          <Button variant="contained" onClick={close}>
            {EXPLORER_TEXTS.close}
          </Button>
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        <CallDetail contactId={contactId} basePath={basePath} load={load} />
      </DialogContent>
    </Dialog>
  );
}
