import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { WORKFLOW_FIELD_LABELS, WORKFLOW_LIMITS } from '@callsight/shared';
import { FormTextField } from '../../../components/wizard/index.ts';
import { addTag, type WizardValues } from '../wizard/wizard-model.ts';

const WorkflowField = FormTextField<WizardValues>;

/** Step 4: workflow name, description and tags (a tag is added by pressing Enter). */
export function DetailsStep() {
  const { control } = useFormContext<WizardValues>();
  const [typed, setTyped] = useState('');
  return (
    <Stack spacing={1.5}>
      <WorkflowField
        name="workflowName"
        label={WORKFLOW_FIELD_LABELS.workflowName}
        required
        autoFocus
      />
      <WorkflowField
        name="description"
        label={WORKFLOW_FIELD_LABELS.description}
        multiline
        minRows={2}
      />
      <Controller
        name="tags"
        control={control}
        render={({ field, fieldState }) => (
          <Stack spacing={1}>
            <TextField
              label={WORKFLOW_FIELD_LABELS.tags}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                // Enter adds the tag; it must not submit the form or move to the next step.
                e.preventDefault();
                e.stopPropagation();
                field.onChange(addTag(field.value, typed, WORKFLOW_LIMITS.maxTags));
                setTyped('');
              }}
              error={!!fieldState.error}
              helperText={
                fieldState.error?.message ??
                `Press Enter to add a tag (at most ${WORKFLOW_LIMITS.maxTags}).`
              }
              slotProps={{ htmlInput: { maxLength: WORKFLOW_LIMITS.tagMaxLength } }}
              fullWidth
            />
            {field.value.length > 0 && (
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ flexWrap: 'wrap' }}
                data-testid="workflow-tags"
              >
                {field.value.map((tag) => (
                  <Chip
                    key={tag}
                    label={tag}
                    size="small"
                    onDelete={() => field.onChange(field.value.filter((t) => t !== tag))}
                  />
                ))}
              </Stack>
            )}
          </Stack>
        )}
      />
    </Stack>
  );
}
