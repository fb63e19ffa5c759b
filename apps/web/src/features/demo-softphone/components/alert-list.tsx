import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDisplayDate } from '@callsight/shared';
import type { AgentAlert } from '@callsight/collector';

const KIND_LABELS: Record<AgentAlert['type'], string> = {
  'agent-notification': 'Agent Assist Notification',
  'agent-alert': 'Agent Alert',
  'app-specific': 'App Specific',
};

/** The buttons an agent notification asks for ("Yes/No" → Yes, No); display only in the demo. */
function buttonsOf(actionButton: string | undefined): string[] {
  if (!actionButton || actionButton === 'No Buttons' || actionButton === 'Link') return [];
  if (actionButton === 'Run Network Test') return [actionButton];
  return actionButton.split('/').map((b) => b.trim());
}

/** The agent's workflow messages as they arrived, newest first. */
export function AlertList({ alerts }: { alerts: readonly AgentAlert[] }) {
  if (alerts.length === 0)
    return (
      <Typography color="text.secondary" data-testid="softphone-no-alerts">
        No alerts yet. Workflows with an Agent Alert or Agent Assist Notification action show their
        messages here when one of this agent&apos;s calls meets their condition.
      </Typography>
    );
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {alerts.map((a, i) => (
        <Alert
          key={`${a.sentAt}-${i}`}
          component="li"
          severity={a.type === 'agent-alert' ? 'warning' : 'info'}
          variant="outlined"
          data-testid="softphone-alert"
        >
          <AlertTitle sx={{ fontWeight: 600 }}>
            {a.messageType ?? KIND_LABELS[a.type]}
            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
              {formatDisplayDate(a.sentAt, { style: 'time' })} · {a.workflowName}
            </Typography>
          </AlertTitle>
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {a.body}
          </Typography>
          {a.contactId && (
            <Typography variant="caption" color="text.secondary" component="div">
              Contact {a.contactId}
            </Typography>
          )}
          {a.link && (
            <Link href={a.link} target="_blank" rel="noreferrer" variant="body2">
              {a.link}
            </Link>
          )}
          {buttonsOf(a.actionButton).length > 0 && (
            <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
              {buttonsOf(a.actionButton).map((b) => (
                <Button key={b} size="small" variant="outlined" color="inherit">
                  {b}
                </Button>
              ))}
            </Stack>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
