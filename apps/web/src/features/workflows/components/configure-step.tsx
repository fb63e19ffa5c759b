import { Controller, useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACTION_FIELD_LABELS,
  AGENT_ACTION_BUTTONS,
  AGENT_MESSAGE_TYPES,
  WEBHOOK_TEMPLATE_FIELDS,
  WORKFLOW_TEXTS,
  type EventSourceConfig,
  type TriggerDefinitionView,
} from '@callsight/shared';
import { FormTextField } from '../../../components/wizard/index.ts';
import type { WizardValues } from '../wizard/wizard-model.ts';

const METHOD_OPTIONS = [
  { value: 'post', label: 'POST' },
  { value: 'put', label: 'PUT' },
] as const;
/** Each action's field labels: the same ones its "Required ({Field name})" texts name. */
const LABELS = ACTION_FIELD_LABELS;
const webhook = LABELS['invoke-webhook'];
const notification = LABELS['agent-notification'];
const email = LABELS['send-email'];
const asOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const TEMPLATE_HINT = `Placeholders: ${WEBHOOK_TEMPLATE_FIELDS.slice(0, 6)
  .map((f) => `{{${f}}}`)
  .join(', ')} …`;

/** Only the last path segment of an event source name is shown (spec 001 §3). */
export const eventSourceLabel = (source: EventSourceConfig) =>
  `${source.eventSourceName.split('/').pop() ?? source.eventSourceName} (${source.awsRegion})`;

const WorkflowField = FormTextField<WizardValues>;

interface Props {
  trigger: TriggerDefinitionView | null;
  actionLabel: string;
  eventSources: {
    loading: boolean;
    error: boolean;
    data: EventSourceConfig[] | undefined;
  };
}

/** Step 3: the trigger's conditions and the chosen action's settings (spec 001 §5). */
export function ConfigureStep({ trigger, actionLabel, eventSources }: Props) {
  const { control } = useFormContext<WizardValues>();
  const actionType = useWatch({ control, name: 'actionType' });
  const actionButton = useWatch({ control, name: 'actionButton' });
  const legacyEmail = trigger ? !trigger.watchdogWatcher : true;

  return (
    <Stack spacing={3}>
      {trigger && trigger.triggerConditions.length > 0 && (
        <Stack spacing={1.5} data-testid="workflow-conditions">
          <Typography variant="subtitle1">Trigger: {trigger.displayText}</Typography>
          {trigger.triggerConditions.map((c) =>
            c.type === 'checkbox' ? (
              <Controller
                key={c.field}
                name={`conditions.${c.field}`}
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={field.value === true}
                        onChange={(e) => field.onChange(e.target.checked)}
                      />
                    }
                    label={c.thresholdDesc}
                  />
                )}
              />
            ) : (
              <WorkflowField
                key={c.field}
                name={`conditions.${c.field}`}
                label={c.thresholdDesc}
                required={c.required}
                options={c.type === 'select' ? c.options : undefined}
                helperText={
                  c.type === 'number'
                    ? `Default ${String(c.defaultThreshold)}${c.unit ? ` ${c.unit}` : ''}; empty uses the default.`
                    : undefined
                }
              />
            ),
          )}
        </Stack>
      )}
      <Stack spacing={1.5} data-testid="workflow-action-settings">
        <Typography variant="subtitle1">Action: {actionLabel}</Typography>
        {actionType === 'invoke-webhook' && (
          <>
            <WorkflowField name="url" label={webhook.url} required placeholder="https://" />
            <WorkflowField name="method" label={webhook.method} required options={METHOD_OPTIONS} />
            <WorkflowField
              name="headers"
              label={webhook.headers}
              multiline
              minRows={2}
              placeholder='{"Authorization": "Bearer …"}'
              helperText="Optional: a JSON object of header names and values."
            />
            <WorkflowField
              name="body"
              label={webhook.body}
              required
              multiline
              minRows={4}
              helperText={TEMPLATE_HINT}
            />
          </>
        )}
        {actionType === 'agent-notification' && (
          <>
            <WorkflowField
              name="messageType"
              label={notification.messageType}
              required
              options={asOptions(AGENT_MESSAGE_TYPES)}
            />
            <WorkflowField
              name="actionButton"
              label={notification.actionButton}
              required
              options={asOptions(AGENT_ACTION_BUTTONS)}
            />
            {actionButton === 'Link' && (
              <WorkflowField name="link" label={notification.link} placeholder="https://" />
            )}
            <WorkflowField name="body" label={notification.body} required multiline minRows={3} />
          </>
        )}
        {actionType === 'send-email' && (
          <>
            <WorkflowField name="toEmail" label={email.toEmail} required />
            {legacyEmail && (
              <>
                <WorkflowField name="subject" label={email.subject} required />
                <WorkflowField
                  name="body"
                  label={email.body}
                  required
                  multiline
                  minRows={4}
                  helperText={TEMPLATE_HINT}
                />
              </>
            )}
          </>
        )}
        {actionType === 'slack' && (
          <>
            <WorkflowField
              name="url"
              label={LABELS.slack.url}
              required
              placeholder="https://hooks.slack.com/services/…"
            />
            <WorkflowField name="method" label={LABELS.slack.method} options={METHOD_OPTIONS} />
          </>
        )}
        {actionType === 'eventbridge' &&
          (eventSources.loading ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <CircularProgress size={18} />
              <Typography variant="body2" data-testid="event-sources-loading">
                Loading event sources…
              </Typography>
            </Stack>
          ) : eventSources.error ? (
            <Alert severity="error">The event sources could not be loaded.</Alert>
          ) : (eventSources.data ?? []).length === 0 ? (
            <Alert severity="info" data-testid="no-event-sources">
              {WORKFLOW_TEXTS.noEventSources}
            </Alert>
          ) : (
            <WorkflowField
              name="eventSource"
              label={LABELS.eventbridge.eventSource}
              required
              options={(eventSources.data ?? []).map((s) => ({
                value: s.eventSourceId,
                label: eventSourceLabel(s),
              }))}
            />
          ))}
        {actionType === 'agent-alert' && (
          <>
            <WorkflowField
              name="messageType"
              label={LABELS['agent-alert'].messageType}
              options={asOptions(AGENT_MESSAGE_TYPES)}
            />
            <WorkflowField name="body" label={LABELS['agent-alert'].body} multiline minRows={3} />
          </>
        )}
        {(actionType === 'test-action' || actionType === 'app-specific') && (
          <WorkflowField
            name="body"
            label={LABELS['test-action'].body}
            multiline
            minRows={3}
            helperText="Optional."
          />
        )}
      </Stack>
    </Stack>
  );
}
