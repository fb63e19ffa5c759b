import { z } from 'zod';
import {
  CAMPAIGN_TEXTS,
  CampaignRunStartInputSchema,
  requiresApproval,
  treatmentPlaceholders,
  type Campaign,
  type CampaignRunStartInput,
} from '@callsight/shared';

/** What the Run step edits. */
export interface RunFormValues {
  description: string;
  tags: string[];
  approved: boolean;
}

export const emptyRunValues = (): RunFormValues => ({ description: '', tags: [], approved: false });

/** The Data step shows when the campaign has data rows or its treatment a {$Key} (spec 001 §2). */
export const runShowsData = (campaign: Pick<Campaign, 'data' | 'answerTreatment'>) =>
  campaign.data.length > 0 || treatmentPlaceholders(campaign.answerTreatment).length > 0;

/**
 * The run wizard's value (spec 001 §5): a run description, and the approval checkbox ticked when
 * the campaign needs approval; the start body sends `approved` only then.
 */
export function runWizardSchema(
  campaign: Pick<Campaign, 'totalCalls' | 'callsPerSecond'>,
): z.ZodType<CampaignRunStartInput, RunFormValues> {
  const needsApproval = requiresApproval(campaign);
  return z.custom<RunFormValues>().transform((values, ctx) => {
    const parsed = CampaignRunStartInputSchema.safeParse({
      description: values.description,
      tags: values.tags.length > 0 ? values.tags : undefined,
      approved: needsApproval ? values.approved : undefined,
    });
    const issues: [keyof RunFormValues, string][] = [];
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'tags' ? 'tags' : 'description';
        if (!issues.some(([f]) => f === field)) issues.push([field, issue.message]);
      }
    if (needsApproval && !values.approved)
      issues.push(['approved', CAMPAIGN_TEXTS.approvalRequired]);
    if (parsed.success && issues.length === 0) return parsed.data;
    for (const [field, message] of issues)
      ctx.addIssue({ code: 'custom', path: [field], message, input: values });
    return z.NEVER;
  });
}
