import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CAMPAIGN_TEXTS,
  CampaignSchema,
  type Campaign,
  type CampaignCreateInput,
} from '@callsight/shared';
import { ApiRequestError, apiRequest, isApiError } from '../../../lib/api-client.ts';
import { campaignsQueryKey } from './campaigns-query-key.ts';

/** What the create wizard saves: the fields, and the uploaded CSV's name (its text is a field). */
export interface CampaignCreateRequest {
  fields: CampaignCreateInput;
  fileName: string | null;
}

/** The text fields in the order of spec 001 §7; the file goes last as answerTreatmentData. */
const TEXT_FIELDS = [
  'type',
  'name',
  'description',
  'fromNumber',
  'toNumber',
  'totalCalls',
  'noAnswerTimeout',
  'callDuration',
  'callsPerSecond',
  'answerTreatment',
] as const satisfies readonly (keyof CampaignCreateInput)[];

/** The multipart body of spec 001 §7: tags as tags.0, tags.1 ..., empty values left out. */
export function campaignFormData({ fields, fileName }: CampaignCreateRequest): FormData {
  const form = new FormData();
  for (const key of TEXT_FIELDS) {
    const value = fields[key];
    if (value === undefined || String(value).trim() === '') continue;
    form.append(key, String(value));
    if (key === 'description') fields.tags?.forEach((tag, i) => form.append(`tags.${i}`, tag));
  }
  if (fields.answerTreatmentData)
    form.append(
      'answerTreatmentData',
      new Blob([fields.answerTreatmentData], { type: 'text/csv' }),
      fileName ?? 'data.csv',
    );
  return form;
}

/**
 * A refusal naming 'Campaign name must be unique' flags the name field (spec 001 §5), also
 * when the server said it in its message only.
 */
function withNameField(err: unknown): unknown {
  if (!isApiError(err) || !err.message.includes(CAMPAIGN_TEXTS.nameNotUnique) || err.fields?.name)
    return err;
  return new ApiRequestError(err.status, err.code, err.message, {
    ...err.fields,
    name: CAMPAIGN_TEXTS.nameNotUnique,
  });
}

/** POST /api/campaigns as multipart/form-data (201 with the campaign). */
export async function createCampaign(request: CampaignCreateRequest): Promise<Campaign> {
  try {
    return await apiRequest('/campaigns', {
      schema: CampaignSchema,
      method: 'POST',
      body: campaignFormData(request),
    });
  } catch (err) {
    throw withNameField(err);
  }
}

/** Key of the create mutation, so that the dialog frame can tell a save is running. */
export const createCampaignMutationKey = (groupId: string) => ['create-campaign', groupId] as const;

export function useCreateCampaign(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createCampaignMutationKey(groupId),
    mutationFn: createCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey(groupId) }),
  });
}
