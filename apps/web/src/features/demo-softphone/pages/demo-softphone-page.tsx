import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CallEndRoundedIcon from '@mui/icons-material/CallEndRounded';
import CallRoundedIcon from '@mui/icons-material/CallRounded';
import MicOffRoundedIcon from '@mui/icons-material/MicOffRounded';
import MicRoundedIcon from '@mui/icons-material/MicRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import PauseRoundedIcon from '@mui/icons-material/PauseRounded';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import { API_KEY } from '@callsight/shared';
import type { AgentAlert } from '@callsight/collector';
import { Logo } from '../../../components/brand/index.ts';
import { useDocumentTitle } from '../../../components/page-header/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { AlertList } from '../components/alert-list.tsx';
import { useAgentAlerts, type AlertListener, type AlertSocketStatus } from '../use-agent-alerts.ts';
import { useSoftphone, type CallPhase } from '../use-softphone.ts';

const SignInSchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, 'Enter a group API key')
    .refine((k) => k.startsWith(API_KEY.prefix), `An API key starts with ${API_KEY.prefix}`),
  agent: z.string().trim().min(1, 'Enter the agent name').max(200),
});
type SignIn = z.output<typeof SignInSchema>;

const PHASE_LABELS: Record<CallPhase, string> = {
  idle: 'No call',
  connecting: 'Connecting…',
  'in-call': 'In call',
  ending: 'Hanging up…',
};
const SOCKET_LABELS: Record<AlertSocketStatus, string> = {
  off: 'Alerts off',
  connecting: 'Connecting alerts…',
  listening: 'Listening for alerts',
  error: 'Alerts disconnected',
};

const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * /demo/softphone: a softphone that ships with the product to try the collector and workflow
 * alerts. A loopback WebRTC call in this page sends real getStats() seconds to the ingestion API
 * with a group API key, and the agent's notifications and alerts arrive over the push socket.
 */
export function DemoSoftphonePage() {
  useDocumentTitle('Demo softphone');
  const [params] = useSearchParams();
  const snackbar = useSnackbar();
  const phone = useSoftphone();
  const [listener, setListener] = useState<AlertListener | null>(null);
  const onAlert = useCallback(
    (a: AgentAlert) =>
      snackbar.show(
        `${a.messageType ?? (a.type === 'agent-alert' ? 'Agent Alert' : 'Notification')}: ${a.body}`,
        a.type === 'agent-alert' ? 'warning' : 'info',
      ),
    [snackbar],
  );
  const alerts = useAgentAlerts(listener, onAlert);
  const form = useForm<z.input<typeof SignInSchema>, unknown, SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { apiKey: '', agent: params.get('agent') ?? '' },
  });
  const { phase, muted, onHold, stats } = phone.state;
  const busy = phase !== 'idle';

  const startCall = form.handleSubmit(async ({ apiKey, agent }) => {
    setListener((l) => (l?.apiKey === apiKey && l.agent === agent ? l : { apiKey, agent }));
    await phone.start(apiKey, agent);
  });

  return (
    <Box
      sx={{
        minHeight: '100vh',
        p: { xs: 2, md: 4 },
        background: 'radial-gradient(circle at 20% 0%, #1e3a8a 0%, #0b1730 55%, #071022 100%)',
      }}
    >
      <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
        {/* Stacked: the app's snackbar (top centre) leaves the title readable. */}
        <Stack spacing={1.5} sx={{ color: '#fff' }}>
          <Logo size={32} color="#fff" />
          <Box>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              Demo softphone
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.75 }}>
              Try the collector SDK and workflow agent alerts
            </Typography>
          </Box>
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'stretch' }}>
          <Paper component="section" sx={{ p: 3, flex: '1 1 0', minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Softphone
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Makes a WebRTC call inside this page (a tone, no microphone needed) and sends its call
              quality to Callsight with the collector SDK. Create the key under Settings → API
              Management.
            </Typography>
            <Stack component="form" spacing={2} noValidate onSubmit={(e) => void startCall(e)}>
              <TextField
                label="API key"
                type="password"
                autoComplete="off"
                disabled={busy}
                {...form.register('apiKey')}
                error={!!form.formState.errors.apiKey}
                helperText={form.formState.errors.apiKey?.message}
              />
              <TextField
                label="Agent name"
                disabled={busy}
                {...form.register('agent')}
                error={!!form.formState.errors.agent}
                helperText={
                  form.formState.errors.agent?.message ??
                  'As your workflows see it in call summaries'
                }
              />
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Chip
                  label={PHASE_LABELS[phase]}
                  color={phase === 'in-call' ? 'success' : 'default'}
                  data-testid="softphone-call-status"
                />
                <Chip
                  label={SOCKET_LABELS[alerts.status]}
                  color={
                    alerts.status === 'listening'
                      ? 'primary'
                      : alerts.status === 'error'
                        ? 'error'
                        : 'default'
                  }
                  variant="outlined"
                  data-testid="softphone-alert-status"
                />
                {phase === 'in-call' && <Chip label={clock(phone.state.elapsedMs)} />}
                {onHold && <Chip label="On Hold" color="warning" />}
                {muted && <Chip label="On Mute" color="warning" />}
              </Stack>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Button
                  type="submit"
                  variant="contained"
                  color="success"
                  startIcon={<CallRoundedIcon />}
                  disabled={busy}
                >
                  Start call
                </Button>
                <Button
                  variant="outlined"
                  startIcon={onHold ? <PlayArrowRoundedIcon /> : <PauseRoundedIcon />}
                  disabled={phase !== 'in-call'}
                  onClick={() => phone.setOnHold(!onHold)}
                >
                  {onHold ? 'Resume' : 'Hold'}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={muted ? <MicRoundedIcon /> : <MicOffRoundedIcon />}
                  disabled={phase !== 'in-call'}
                  onClick={() => phone.setMuted(!muted)}
                >
                  {muted ? 'Unmute' : 'Mute'}
                </Button>
                <Button
                  variant="contained"
                  color="error"
                  startIcon={<CallEndRoundedIcon />}
                  disabled={phase !== 'in-call'}
                  onClick={() => void phone.hangUp()}
                >
                  Hang up
                </Button>
              </Stack>
            </Stack>
            {(phone.state.contactId || stats) && <Divider sx={{ my: 2 }} />}
            {phone.state.contactId && (
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                Contact id: <span data-testid="softphone-contact-id">{phone.state.contactId}</span>
              </Typography>
            )}
            {stats && (
              <Typography variant="body2" color="text.secondary" data-testid="softphone-stats">
                Seconds sent {stats.sentSamples} · queued {stats.queuedSamples} · logs sent{' '}
                {stats.sentLogs}
                {stats.failedAttempts > 0 ? ` · failed attempts ${stats.failedAttempts}` : ''}
              </Typography>
            )}
            {phone.state.problem && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {phone.state.problem}
              </Alert>
            )}
            {alerts.error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {alerts.error}
              </Alert>
            )}
          </Paper>
          <Paper
            component="section"
            aria-labelledby="softphone-alerts-title"
            sx={{ p: 3, flex: '1 1 0', minWidth: 0 }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1.5 }}>
              <Badge badgeContent={alerts.alerts.length} color="warning">
                <NotificationsActiveRoundedIcon color="action" />
              </Badge>
              <Typography id="softphone-alerts-title" variant="h6" component="h2" sx={{ flex: 1 }}>
                Agent alerts
              </Typography>
              {alerts.alerts.length > 0 && (
                <Button size="small" onClick={alerts.clear}>
                  Clear
                </Button>
              )}
            </Stack>
            {listener && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                For agent <strong>{listener.agent}</strong>
              </Typography>
            )}
            <AlertList alerts={alerts.alerts} />
          </Paper>
        </Stack>
      </Stack>
    </Box>
  );
}
