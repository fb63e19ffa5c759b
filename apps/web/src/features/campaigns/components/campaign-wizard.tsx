import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useIsMutating } from '@tanstack/react-query';
import { CAMPAIGN_TEXTS, type CampaignListItem } from '@callsight/shared';
import {
  useWizardForm,
  Wizard,
  WizardDialog,
  WizardLoadState,
  type WizardStep,
} from '../../../components/wizard/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { createCampaignMutationKey, useCreateCampaign } from '../api/create-campaign.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { useCampaignConfiguration } from '../api/get-campaign-configuration.ts';
import { CAMPAIGN_SCREEN_TEXTS as T } from '../texts.ts';
import {
  CREATE_STEPS,
  CREATE_STEP_FIELDS,
  campaignFieldOf,
  campaignWizardSchema,
  copyCampaignValues,
  emptyCampaignValues,
  type CampaignFormValues,
} from '../wizard/campaign-form.ts';
import { DataStep, DetailsStep, NameStep, NumbersStep, TypeStep } from './campaign-steps.tsx';

interface Props {
  groupId: string;
  /** The campaign copied (the 'Edit Campaign' modal), or null for a new one. */
  copyOf: CampaignListItem | null;
  onClose: () => void;
}

/** A 400 says why in the server's words; anything else is the spec's text (spec 001 §8). */
const createFailure = (err: unknown) =>
  isApiError(err) && err.status === 400 ? err.message : CAMPAIGN_TEXTS.createFailed;

/**
 * The create wizard (spec 001 §2, §5): Campaign, Name, From/To, Details, Data; Save creates.
 * Copying loads the campaign with its data rows and opens it prefilled as 'Edit Campaign'.
 */
export function CampaignWizard({ groupId, copyOf, onClose }: Props) {
  const saving = useIsMutating({ mutationKey: createCampaignMutationKey(groupId) }) > 0;
  const snackbar = useSnackbar();
  const configuration = useCampaignConfiguration(groupId);
  const source = useCampaign(groupId, copyOf?.id ?? null);
  const { show } = snackbar;
  useEffect(() => {
    if (configuration.isError) show(CAMPAIGN_TEXTS.configurationFailed, 'error');
  }, [configuration.isError, show]);

  const ready = (!copyOf || source.data) && (configuration.data || configuration.isError);
  return (
    <WizardDialog
      title={copyOf ? T.copyTitle : T.createTitle}
      onClose={onClose}
      busy={saving}
      testId="campaign-wizard"
    >
      {ready ? (
        <WizardBody
          groupId={groupId}
          initial={source.data ? copyCampaignValues(source.data) : emptyCampaignValues()}
          cpsLimit={configuration.data?.account.cpsLimit ?? null}
          onClose={onClose}
        />
      ) : (
        <WizardLoadState
          failed={source.isError}
          failedText={T.campaignLoadFailed}
          onRetry={() => void source.refetch()}
        />
      )}
    </WizardDialog>
  );
}

interface BodyProps {
  groupId: string;
  initial: CampaignFormValues;
  cpsLimit: number | null;
  onClose: () => void;
}

function WizardBody({ groupId, initial, cpsLimit, onClose }: BodyProps) {
  const create = useCreateCampaign(groupId);
  const schema = useMemo(() => campaignWizardSchema(cpsLimit), [cpsLimit]);
  const form = useWizardForm(schema, initial);
  const fromNumber = useWatch({ control: form.control, name: 'fromNumber' });
  const [typeFields, nameFields, numberFields, detailFields, dataFields] = CREATE_STEP_FIELDS;
  const steps: WizardStep<CampaignFormValues>[] = [
    {
      label: CREATE_STEPS[0],
      fields: typeFields,
      invalidMessage: CAMPAIGN_TEXTS.typeRequired,
      content: <TypeStep />,
    },
    {
      label: CREATE_STEPS[1],
      fields: nameFields,
      invalidMessage: CAMPAIGN_TEXTS.nameRequired,
      content: <NameStep />,
    },
    {
      label: CREATE_STEPS[2],
      fields: numberFields,
      // Only a missing From number has a step text; a wrong To number shows under its field.
      invalidMessage: fromNumber.trim() ? undefined : CAMPAIGN_TEXTS.fromNumberRequired,
      content: <NumbersStep groupId={groupId} />,
    },
    {
      label: CREATE_STEPS[3],
      fields: detailFields,
      invalidMessage: CAMPAIGN_TEXTS.invalidDetails,
      content: <DetailsStep cpsLimit={cpsLimit} />,
    },
    {
      label: CREATE_STEPS[4],
      fields: dataFields,
      invalidMessage: CAMPAIGN_TEXTS.reviewData,
      content: <DataStep />,
    },
  ];
  return (
    <Wizard
      schema={schema}
      form={form}
      steps={steps}
      submitLabel={T.saveButton}
      successMessage={CAMPAIGN_TEXTS.created}
      failureMessage={createFailure}
      serverField={campaignFieldOf}
      onSubmit={(request) => create.mutateAsync(request)}
      onSuccess={onClose}
      onCancel={onClose}
    />
  );
}
