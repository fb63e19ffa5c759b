import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { getCallRecording } from '../api/get-call-recording.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';

type Loaded = { url: string; src: string } | { url: string; error: true } | null;

/**
 * Plays a call's recording: fetched with the API's auth headers as a Blob (an <audio> element
 * cannot send them), played from an object URL that is revoked when the dialog closes.
 */
export function RecordingDialog({
  title,
  recordingUrl,
  onClose,
}: {
  title: string;
  recordingUrl: string;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    getCallRecording(recordingUrl, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ url: recordingUrl, src: objectUrl });
      },
      (err: unknown) => {
        if (!controller.signal.aborted) {
          console.error('Recording failed', err);
          setLoaded({ url: recordingUrl, error: true });
        }
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [recordingUrl]);

  const current = loaded?.url === recordingUrl ? loaded : null;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="recording-title">
      <DialogTitle id="recording-title" sx={{ pr: 6 }}>
        {title}
        <IconButton
          aria-label="Close"
          onClick={onClose}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <CloseRoundedIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {current === null ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label="Loading recording" />
          </Box>
        ) : 'error' in current ? (
          <Alert severity="error">{T.recordingFailed}</Alert>
        ) : (
          <Box
            component="audio"
            controls
            autoPlay
            src={current.src}
            aria-label="Recording"
            sx={{ width: '100%' }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
