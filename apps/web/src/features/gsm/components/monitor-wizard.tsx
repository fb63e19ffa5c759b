import {
  AGENT_REGION_NAMES,
  CONNECT_REGION_NAMES,
  MONITOR_SCHEDULES,
  SYNTHETIC_TEXTS,
} from '@callsight/shared';
import { FormTextField } from '../../../components/wizard/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { createMonitorMutationKey, useCreateMonitor } from '../api/create-monitor.ts';
import {
  CheckboxesField,
  RadioField,
  valueOptions,
} from '../synthetic/components/choice-fields.tsx';
import { CreateWizard } from '../synthetic/components/create-wizard.tsx';
import { GSM_SCREEN_TEXTS as T } from '../texts.ts';
import {
  emptyMonitorValues,
  MONITOR_STEP_FIELDS,
  monitorWizardSchema,
  type MonitorFormValues,
} from './monitor-form.ts';

const [, connectLabel, agentLabel, scheduleLabel] = T.monitorSteps;

/** A 400 says why in the server's words; anything else is the spec's text (spec 002 §8). */
const createFailure = (err: unknown) =>
  isApiError(err) && err.status === 400 ? err.message : SYNTHETIC_TEXTS.monitorCreateFailed;

const regions = (
  name: 'connectRegions' | 'agentRegions',
  label: string,
  names: readonly string[],
) => (
  <CheckboxesField<MonitorFormValues>
    name={name}
    label={label}
    options={names.map((n) => ({ value: n, label: n }))}
  />
);

/** The New Monitor wizard (spec 002 §2.1, §5): Description, Connect and Agent Regions, Schedule. */
export function MonitorWizard({ groupId, onClose }: { groupId: string; onClose: () => void }) {
  const create = useCreateMonitor(groupId);
  return (
    <CreateWizard
      title={T.createMonitorTitle}
      testId="monitor-wizard"
      mutationKey={createMonitorMutationKey(groupId)}
      schema={monitorWizardSchema}
      defaultValues={emptyMonitorValues()}
      labels={T.monitorSteps}
      fields={MONITOR_STEP_FIELDS}
      parts={[
        {
          invalidMessage: SYNTHETIC_TEXTS.descriptionRequired,
          content: (
            <FormTextField<MonitorFormValues>
              name="description"
              label="Description"
              required
              multiline
              minRows={2}
              autoFocus
            />
          ),
        },
        {
          invalidMessage: SYNTHETIC_TEXTS.connectRegionsRequired,
          content: regions('connectRegions', connectLabel, CONNECT_REGION_NAMES),
        },
        {
          invalidMessage: SYNTHETIC_TEXTS.agentRegionsRequired,
          content: regions('agentRegions', agentLabel, AGENT_REGION_NAMES),
        },
        {
          invalidMessage: SYNTHETIC_TEXTS.monitorScheduleRequired,
          content: (
            <RadioField<MonitorFormValues>
              name="schedule"
              label={scheduleLabel}
              options={valueOptions(MONITOR_SCHEDULES)}
            />
          ),
        },
      ]}
      onSubmit={(input) => create.mutateAsync(input)}
      successMessage={SYNTHETIC_TEXTS.monitorCreated}
      failureMessage={createFailure}
      onClose={onClose}
    />
  );
}
