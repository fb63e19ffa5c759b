import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ContentCopyRoundedIcon from '@mui/icons-material/ContentCopyRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import { API_TOKEN_TEXTS, type ApiTokenCreated } from '@callsight/shared';
import { useCopyFeedback } from '../../../components/copy-feedback/index.ts';

/**
 * The save-your-key modal: the only time the full key is shown. It cannot be dismissed by the
 * backdrop or Escape, only by Done, so the key is not lost by a stray click.
 */
export function SaveApiKeyDialog({
  created,
  onDone,
}: {
  created: ApiTokenCreated;
  onDone: () => void;
}) {
  const { copied, copy } = useCopyFeedback();
  return (
    <Dialog
      open
      // Backdrop clicks and Escape both arrive here and are ignored: only Done closes.
      onClose={() => undefined}
      maxWidth="sm"
      fullWidth
      aria-labelledby="save-api-key-title"
      data-testid="save-api-key-dialog"
    >
      <DialogTitle id="save-api-key-title">Save your key</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          This is the only time the key “{created.label}” is shown. Copy it and keep it somewhere
          safe: it cannot be shown again. If it is lost, revoke it and create a new one.
        </Alert>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Box
            component="code"
            data-testid="api-key-value"
            sx={{
              flex: 1,
              px: 1.5,
              py: 1.25,
              borderRadius: 1,
              bgcolor: 'action.hover',
              border: 1,
              borderColor: 'divider',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              fontSize: 14,
              wordBreak: 'break-all',
              userSelect: 'all',
            }}
          >
            {created.token}
          </Box>
          <Button
            variant="outlined"
            onClick={() => void copy(created.token)}
            startIcon={copied ? <CheckRoundedIcon /> : <ContentCopyRoundedIcon />}
            color={copied ? 'success' : 'primary'}
            sx={{ minWidth: 112, flexShrink: 0 }}
            data-testid="copy-api-key"
          >
            {copied ? API_TOKEN_TEXTS.copied : 'Copy'}
          </Button>
        </Stack>
        <Box sx={{ mt: 2, color: 'text.secondary', fontSize: 14 }}>
          Send it as <code>Authorization: Bearer &lt;key&gt;</code> with each API call.
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
