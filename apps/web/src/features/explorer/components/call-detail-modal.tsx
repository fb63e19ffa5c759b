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
import { CallDetail } from '../../call/components/call-detail.tsx';

interface Props {
  /** The list's path ({group}/explorer/calls): the modal lives at {listPath}/call/{contactId}. */
  listPath: string;
}

/**
 * The call detail as a large modal over the list (spec 002 §2.10): 'Open in new Tab' opens
 * /{groupId}/call/{contactId}; Close returns to the list path with its filters.
 */
export function CallDetailModal({ listPath }: Props) {
  const { groupId = '', contactId = '' } = useParams();
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
          <Button
            component="a"
            href={paths.call.getHref(groupId, contactId)}
            target="_blank"
            rel="noopener"
            startIcon={<OpenInNewRoundedIcon />}
          >
            {EXPLORER_TEXTS.openInNewTab}
          </Button>
          <Button variant="contained" onClick={close}>
            {EXPLORER_TEXTS.close}
          </Button>
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        <CallDetail contactId={contactId} basePath={basePath} />
      </DialogContent>
    </Dialog>
  );
}
