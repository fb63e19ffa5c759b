import { useController, useFormContext, useWatch } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { AGENT_TYPES, SYNTHETIC_LIMITS } from '@callsight/shared';
import { cleanTags, FormTextField } from '../../../components/wizard/index.ts';
import { RadioField } from '../../gsm/synthetic/components/choice-fields.tsx';
import { HEARTBEAT_SCREEN_TEXTS as T } from '../texts.ts';
import type { TestFormValues } from './test-form.ts';

const Field = FormTextField<TestFormValues>;
const AGENT_LIMITS = { maxTags: SYNTHETIC_LIMITS.maxAgents, tagMaxLength: 200 };
const numberOptions = (numbers: readonly string[]) => numbers.map((n) => ({ value: n, label: n }));

/** Step 1: the 'From' number (source numbers), the 'To' number (the group's targets), description. */
export function DescriptionStep({
  sourceNumbers,
  targetNumbers,
}: {
  sourceNumbers: readonly string[];
  targetNumbers: readonly string[];
}) {
  return (
    <Stack spacing={1.5}>
      <Field
        name="sourcePhoneNumber"
        label={T.fromLabel}
        required
        options={numberOptions(sourceNumbers)}
      />
      <Field
        name="targetPhoneNumber"
        label={T.toLabel}
        required
        options={numberOptions(targetNumbers)}
      />
      <Field name="description" label="Description" required multiline minRows={2} />
    </Stack>
  );
}

/** Step 2: Human or Virtual; another type drops the agents chosen for the previous one. */
export function AgentTypeStep() {
  const { setValue } = useFormContext<TestFormValues>();
  return (
    <RadioField<TestFormValues>
      name="agentType"
      label={T.testSteps[1]}
      options={AGENT_TYPES}
      onValueChange={() => setValue('agentIds', [])}
    />
  );
}

/**
 * Step 3: virtual agents are picked from the group's names; human agents are typed (username or
 * email, Enter or leaving the field adds one).
 */
export function TargetAgentsStep({ virtualNames }: { virtualNames: readonly string[] }) {
  const { clearErrors } = useFormContext<TestFormValues>();
  const agentType = useWatch<TestFormValues, 'agentType'>({ name: 'agentType' });
  const { field, fieldState } = useController<TestFormValues, 'agentIds'>({ name: 'agentIds' });
  const virtual = agentType === 'VIRTUAL_AGENT';
  return (
    <Autocomplete<string, true, false, boolean>
      multiple
      freeSolo={!virtual}
      autoSelect={!virtual}
      options={virtual ? [...virtualNames] : []}
      value={field.value}
      onChange={(_event, value) => {
        field.onChange(cleanTags(value, AGENT_LIMITS));
        clearErrors('agentIds');
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={virtual ? T.virtualAgentsLabel : T.humanAgentsLabel}
          error={!!fieldState.error}
          helperText={
            fieldState.error?.message ?? (virtual ? T.virtualAgentsHelp : T.humanAgentsHelp)
          }
        />
      )}
    />
  );
}
