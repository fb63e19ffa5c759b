import { useMemo, useRef } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useIsMutating } from '@tanstack/react-query';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_TEXTS,
  requiresApproval,
  type Campaign,
} from '@callsight/shared';
import {
  FormTextField,
  TagsField,
  useWizardForm,
  Wizard,
  WizardDialog,
  WizardLoadState,
  type WizardStep,
} from '../../../components/wizard/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { startCampaignRunMutationKey, useStartCampaignRun } from '../api/start-campaign-run.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';
import {
  emptyRunValues,
  runShowsData,
  runWizardSchema,
  type RunFormValues,
} from '../wizard/run-form.ts';
import { ApprovalWarning } from './campaign-steps.tsx';
import { DataPreviewTable } from './data-preview-table.tsx';
import { PlannedLoadChart } from './planned-load-chart.tsx';
import { SummaryList, campaignItems } from './summary-list.tsx';

interface Props {
  groupId: string;
  campaignId: string;
  onClose: () => void;
}

/** A 400 says why in the server's words; anything else is the spec's text (spec 001 §8). */
const startFailure = (err: unknown) =>
  isApiError(err) && err.status === 400 ? err.message : CAMPAIGN_TEXTS.startFailed;

/**
 * The 'Run Campaign' modal (spec 001 §2): Campaign, Visualise, Data (when the campaign has data
 * or a {$Key} placeholder) and Run; 'Run Campaign' starts the run and opens its view.
 */
export function RunWizard({ groupId, campaignId, onClose }: Props) {
  const campaign = useCampaign(groupId, campaignId);
  const starting = useIsMutating({ mutationKey: startCampaignRunMutationKey(groupId) }) > 0;
  return (
    <WizardDialog title={T.runTitle} onClose={onClose} busy={starting} testId="run-wizard">
      {campaign.data ? (
        <RunBody groupId={groupId} campaign={campaign.data} onClose={onClose} />
      ) : (
        <WizardLoadState
          failed={campaign.isError}
          failedText={T.campaignLoadFailed}
          onRetry={() => void campaign.refetch()}
        />
      )}
    </WizardDialog>
  );
}

function RunBody({
  groupId,
  campaign,
  onClose,
}: {
  groupId: string;
  campaign: Campaign;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const start = useStartCampaignRun(groupId, campaign.id);
  const started = useRef<string | null>(null);
  const schema = useMemo(() => runWizardSchema(campaign), [campaign]);
  const form = useWizardForm(schema, emptyRunValues());
  const needsApproval = requiresApproval(campaign);
  const description = useWatch({ control: form.control, name: 'description' });

  const steps: WizardStep<RunFormValues>[] = [
    {
      label: 'Campaign',
      fields: [],
      content: <SummaryList label="Campaign" items={campaignItems(campaign)} />,
    },
    {
      label: 'Visualise',
      fields: [],
      content: (
        <PlannedLoadChart
          totalCalls={campaign.totalCalls}
          callsPerSecond={campaign.callsPerSecond}
          callDuration={campaign.callDuration}
        />
      ),
    },
    ...(runShowsData(campaign)
      ? [
          {
            label: 'Data',
            fields: [],
            content: <DataPreviewTable headers={campaign.dataHeaders} rows={campaign.data} />,
          },
        ]
      : []),
    {
      label: 'Run',
      fields: ['description', 'tags', 'approved'],
      invalidMessage: description.trim()
        ? CAMPAIGN_TEXTS.approvalRequired
        : CAMPAIGN_TEXTS.runDescriptionRequired,
      content: <RunStep needsApproval={needsApproval} />,
    },
  ];

  return (
    <Wizard
      schema={schema}
      form={form}
      steps={steps}
      submitLabel={T.runButton}
      successMessage={CAMPAIGN_TEXTS.started}
      failureMessage={startFailure}
      onSubmit={async (input) => {
        started.current = (await start.mutateAsync(input)).id;
      }}
      onSuccess={() => {
        const runId = started.current;
        if (runId) navigate(paths.campaignRun.getHref(groupId, campaign.id, runId));
        else onClose();
      }}
      onCancel={onClose}
    />
  );
}

/** The last step: run description and tags, and the approval checkbox when it is needed. */
function RunStep({ needsApproval }: { needsApproval: boolean }) {
  return (
    <Stack spacing={1.5}>
      <FormTextField<RunFormValues> name="description" label="Run Description" required autoFocus />
      <TagsField<RunFormValues> name="tags" label="Run Tags" limits={CAMPAIGN_LIMITS} />
      {needsApproval && <ApprovalCheckbox />}
    </Stack>
  );
}

function ApprovalCheckbox() {
  const { field, fieldState } = useController<RunFormValues, 'approved'>({ name: 'approved' });
  return (
    <Stack spacing={1}>
      <ApprovalWarning />
      <FormControlLabel
        control={
          <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
        }
        label={T.approvalLabel}
      />
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Stack>
  );
}
