import { useController, useFormContext, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_TEXTS,
  CAMPAIGN_TYPES,
  minimumCallDuration,
  requiresApproval,
  treatmentPlaceholders,
} from '@callsight/shared';
import { FormTextField, TagsField } from '../../../components/wizard/index.ts';
import { ChoiceTiles } from '../../../components/choice-tiles/index.ts';
import { RetryAlert } from '../../../components/load-state/index.ts';
import { useSimulateNumbers } from '../api/get-simulate-numbers.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';
import {
  DATA_TEXTS,
  minimumDurationText,
  readDataFile,
  type CampaignFormValues,
} from '../wizard/campaign-form.ts';
import { CampaignTypeIcon } from './campaign-type.tsx';
import { DataPreviewTable } from './data-preview-table.tsx';

const CampaignField = FormTextField<CampaignFormValues>;

/** Step 0: the campaign type tiles; only Full Load can be chosen (spec 001 §3). */
export function TypeStep() {
  const { clearErrors } = useFormContext<CampaignFormValues>();
  const { field, fieldState } = useController<CampaignFormValues, 'type'>({ name: 'type' });
  return (
    <>
      <ChoiceTiles
        label="Campaign Type"
        layout="column"
        value={field.value}
        onChange={(type) => {
          field.onChange(type);
          clearErrors('type');
        }}
        choices={CAMPAIGN_TYPES.map((type) => ({
          id: type.value,
          label: type.label,
          icon: <CampaignTypeIcon type={type.value} fontSize="large" />,
          disabled: !type.enabled,
          disabledText: 'Not available yet',
        }))}
      />
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </>
  );
}

/** Step 1: name, description and tags. */
export function NameStep() {
  return (
    <Stack spacing={1.5}>
      <CampaignField name="name" label="Campaign Name" required autoFocus />
      <CampaignField name="description" label="Description" multiline minRows={2} />
      <TagsField<CampaignFormValues> name="tags" label="Tags" limits={CAMPAIGN_LIMITS} />
    </Stack>
  );
}

/** Step 2: the From number (offered or typed) and the allowlisted To number. */
export function NumbersStep({ groupId }: { groupId: string }) {
  const numbers = useSimulateNumbers(groupId);
  const { clearErrors } = useFormContext<CampaignFormValues>();
  const from = useController<CampaignFormValues, 'fromNumber'>({ name: 'fromNumber' });
  const to = useWatch<CampaignFormValues, 'toNumber'>({ name: 'toNumber' });
  const toNumbers = numbers.data?.toNumbers ?? [];
  // A copied campaign's number stays choosable even when it left the list.
  const toOptions = to && !toNumbers.includes(to) ? [to, ...toNumbers] : toNumbers;
  return (
    <Stack spacing={1.5}>
      {numbers.isError && (
        <RetryAlert onRetry={() => void numbers.refetch()}>
          The numbers could not be loaded.
        </RetryAlert>
      )}
      <Autocomplete<string, false, false, true>
        freeSolo
        options={numbers.data?.fromNumbers ?? []}
        inputValue={from.field.value}
        onInputChange={(_event, value) => {
          from.field.onChange(value);
          clearErrors('fromNumber');
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            inputRef={from.field.ref}
            label="From Number"
            required
            autoFocus
            error={!!from.fieldState.error}
            helperText={from.fieldState.error?.message ?? 'Choose a number or type one.'}
          />
        )}
      />
      <CampaignField
        name="toNumber"
        label="To Number"
        helperText="One of the group's allowlisted numbers; None uses the built-in answering endpoint."
        options={[{ value: '', label: 'None' }, ...toOptions.map((n) => ({ value: n, label: n }))]}
      />
    </Stack>
  );
}

/** The warning shown when a campaign needs approval to run (spec 001 §5). */
export function ApprovalWarning() {
  return (
    <Alert severity="warning" data-testid="approval-warning">
      {T.approvalWarning}
    </Alert>
  );
}

/**
 * Step 3: volume, pacing, durations and answer treatment. Changing the total calls or the
 * calls per second sets the call duration to its minimum (spec 001 §5).
 */
export function DetailsStep({ cpsLimit }: { cpsLimit: number | null }) {
  const { getValues, setValue, clearErrors } = useFormContext<CampaignFormValues>();
  const [totalCalls, callsPerSecond] = useWatch<
    CampaignFormValues,
    ['totalCalls', 'callsPerSecond']
  >({ name: ['totalCalls', 'callsPerSecond'] });
  const recompute = () => {
    setValue(
      'callDuration',
      minimumDurationText(getValues('totalCalls'), getValues('callsPerSecond')),
    );
    clearErrors('callDuration');
  };
  const minimum = minimumCallDuration(Number(totalCalls), Number(callsPerSecond));
  const approval = requiresApproval({
    totalCalls: Number(totalCalls) || 0,
    callsPerSecond: Number(callsPerSecond) || 0,
  });
  return (
    <Stack spacing={1.5}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <CampaignField
          name="totalCalls"
          label="Total Calls"
          required
          numeric
          autoFocus
          onValueChange={recompute}
        />
        <CampaignField
          name="callsPerSecond"
          label="Calls Per Second"
          required
          numeric
          helperText={cpsLimit === null ? undefined : CAMPAIGN_TEXTS.cpsLimit(cpsLimit)}
          onValueChange={recompute}
        />
        <CampaignField
          name="noAnswerTimeout"
          label="No Answer Timeout (s)"
          numeric
          helperText="Seconds to ring before giving up; empty uses the group's default."
        />
        <CampaignField
          name="callDuration"
          label="Call Duration (s)"
          required
          numeric
          helperText={CAMPAIGN_TEXTS.minimumValue(minimum)}
        />
      </Box>
      <CampaignField
        name="answerTreatment"
        label="Answer Treatment"
        helperText="Digits 0-9, 'w', '#', '*'; a wait group w{x} waits x seconds; {$Key} is a header of the uploaded CSV."
      />
      {approval && <ApprovalWarning />}
    </Stack>
  );
}

/** A file's text as UTF-8 (FileReader: also where Blob.text is missing). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** Step 4: one .csv file, its rows to review, and the placeholders it must hold. */
export function DataStep() {
  const { clearErrors, setError } = useFormContext<CampaignFormValues>();
  const { field, fieldState } = useController<CampaignFormValues, 'dataFile'>({
    name: 'dataFile',
  });
  const answerTreatment = useWatch<CampaignFormValues, 'answerTreatment'>({
    name: 'answerTreatment',
  });
  const keys = treatmentPlaceholders(answerTreatment);
  const data = field.value ? readDataFile(field.value) : null;

  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (files.length > 1) {
      setError('dataFile', { type: 'file', message: DATA_TEXTS.notCsv });
      return;
    }
    field.onChange({ name: file.name, size: file.size, text: await readText(file) });
    clearErrors('dataFile');
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {keys.length > 0
          ? `The answer treatment uses ${keys.map((k) => `{$${k}}`).join(', ')}: upload one .csv file with these headers.`
          : 'Optionally upload one .csv file of data for the calls.'}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileRoundedIcon />}>
          Upload CSV
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            aria-label="Upload CSV"
            onChange={(e) => {
              void choose(e.target.files);
              e.target.value = '';
            }}
          />
        </Button>
        {field.value && (
          <>
            <Typography variant="body2" data-testid="campaign-data-file">
              {field.value.name}
            </Typography>
            <IconButton
              size="small"
              aria-label="Remove file"
              onClick={() => {
                field.onChange(null);
                clearErrors('dataFile');
              }}
            >
              <CloseRoundedIcon fontSize="small" />
            </IconButton>
          </>
        )}
      </Stack>
      {fieldState.error && <Alert severity="error">{fieldState.error.message}</Alert>}
      {data && data.error === null && (
        <>
          <Typography variant="body2">{CAMPAIGN_TEXTS.reviewData}</Typography>
          <DataPreviewTable headers={data.headers} rows={data.rows} />
        </>
      )}
    </Stack>
  );
}
