import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import { getRecording } from '../api/get-recording.ts';
import { SYNTHETIC_SCREEN_TEXTS as T } from '../texts.ts';

type State =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; src: string } | { kind: 'failed' };

/**
 * A hop's recording: Play fetches it with the API's auth headers as a Blob (an <audio> element
 * cannot send them) and plays it from an object URL, revoked when the player goes.
 */
export function RecordingPlayer({ url, label }: { url: string; label: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const loading = state.kind === 'loading';

  useEffect(() => {
    if (!loading) return;
    const controller = new AbortController();
    getRecording(url, controller.signal).then(
      (blob) => {
        if (!controller.signal.aborted) setState({ kind: 'ready', src: URL.createObjectURL(blob) });
      },
      () => {
        if (!controller.signal.aborted) setState({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [loading, url]);

  const src = state.kind === 'ready' ? state.src : null;
  useEffect(() => (src ? () => URL.revokeObjectURL(src) : undefined), [src]);

  if (src)
    return (
      <Box
        component="audio"
        controls
        autoPlay
        src={src}
        aria-label={`${label} recording`}
        sx={{ width: '100%', height: 36 }}
      />
    );
  return (
    <Box>
      <Button
        size="small"
        startIcon={<PlayArrowRoundedIcon />}
        disabled={loading}
        onClick={() => setState({ kind: 'loading' })}
        aria-label={`${T.playRecording} ${label}`}
      >
        {T.playRecording}
      </Button>
      {state.kind === 'failed' && (
        <Typography variant="caption" color="error" component="p">
          {T.recordingFailed}
        </Typography>
      )}
    </Box>
  );
}
