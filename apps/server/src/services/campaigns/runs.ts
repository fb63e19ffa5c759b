import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  CAMPAIGN_TEXTS,
  CampaignParametersSchema,
  RUN_STATES,
  requiresApproval,
  runStatusOf,
  type CampaignRun,
  type CampaignRunStartInput,
  type CampaignType,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import { campaignRuns, campaigns } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { auditActor, recordAudit } from '../audit/audit-log.ts';
import { CAMPAIGN_PARAMETER_COLUMNS as campaignColumns } from './columns.ts';
import { loadCampaignSettings } from './configuration.ts';

/**
 * The parameters snapshot a run keeps (written by whoever starts the run): the campaign's
 * fields at start. Missing ones fall back to the campaign's current values.
 */
export const RunParametersSchema = CampaignParametersSchema.extend({
  type: z.string(),
  dataHeaders: z.array(z.string()),
  data: z.array(z.record(z.string(), z.string())),
  /** The numbers called in turn when the campaign has no toNumber: the allowlist at start. */
  toNumbers: z.array(z.string()),
}).partial();
export type RunParameters = z.infer<typeof RunParametersSchema>;

type RunRow = typeof campaignRuns.$inferSelect;
type CampaignRow = Pick<
  typeof campaigns.$inferSelect,
  | 'type'
  | 'name'
  | 'description'
  | 'tags'
  | 'fromNumber'
  | 'toNumber'
  | 'totalCalls'
  | 'noAnswerTimeout'
  | 'callDuration'
  | 'callsPerSecond'
  | 'answerTreatment'
>;

function toRun(run: RunRow, campaign: CampaignRow): CampaignRun {
  const parsed = RunParametersSchema.safeParse(run.parameters);
  const p: CampaignRow = { ...campaign, ...(parsed.success ? parsed.data : {}) };
  const canceledAt = run.canceledAt ? run.canceledAt.toISOString() : null;
  const state = (RUN_STATES as readonly string[]).includes(run.status)
    ? (run.status as CampaignRun['state'])
    : 'Queued';
  return {
    id: run.id,
    campaignId: run.campaignId,
    type: p.type as CampaignType,
    name: p.name,
    description: p.description,
    runDescription: run.description,
    tags: p.tags,
    runTags: run.tags,
    state,
    status: runStatusOf({ canceledAt, isComplete: run.isComplete }),
    outcome: run.outcome,
    isComplete: run.isComplete,
    canceledAt,
    createdOn: run.createdOn.toISOString(),
    startedAt: run.startedAt ? run.startedAt.toISOString() : null,
    endedAt: run.endedAt ? run.endedAt.toISOString() : null,
    dialler: run.dialler === 'sip' || run.dialler === 'twilio' ? run.dialler : null,
    heldBackCalls: run.heldBackCalls,
    rateReached: run.rateReached,
    fromNumber: p.fromNumber,
    toNumber: p.toNumber,
    totalCalls: p.totalCalls,
    noAnswerTimeout: p.noAnswerTimeout,
    callDuration: p.callDuration,
    callsPerSecond: p.callsPerSecond,
    answerTreatment: p.answerTreatment,
  };
}

async function campaignOf(scope: GroupScope, id: string): Promise<CampaignRow> {
  const [campaign] = await scope.db
    .select(campaignColumns)
    .from(campaigns)
    .where(scope.owns(campaigns, eq(campaigns.id, id)));
  if (!campaign) throw notFound(CAMPAIGN_TEXTS.notFound);
  return campaign;
}

/** GET /campaigns/{id}/runs: the campaign's runs, newest first. */
export async function listRuns(scope: GroupScope, campaignId: string): Promise<CampaignRun[]> {
  const campaign = await campaignOf(scope, campaignId);
  const rows = await scope.db
    .select()
    .from(campaignRuns)
    .where(scope.owns(campaignRuns, eq(campaignRuns.campaignId, campaignId)))
    .orderBy(desc(campaignRuns.createdOn));
  return rows.map((r) => toRun(r, campaign));
}

/** GET /campaigns/{id}/runs/{runId}: one run; 404 unless it is a run of that campaign. */
export async function getRun(
  scope: GroupScope,
  campaignId: string,
  runId: string,
): Promise<CampaignRun> {
  const campaign = await campaignOf(scope, campaignId);
  const [row] = await scope.db
    .select()
    .from(campaignRuns)
    .where(
      scope.owns(
        campaignRuns,
        and(eq(campaignRuns.campaignId, campaignId), eq(campaignRuns.id, runId)),
      ),
    );
  if (!row) throw notFound(CAMPAIGN_TEXTS.runNotFound);
  return toRun(row, campaign);
}

/**
 * DELETE /campaigns/{id}/runs/{runId}: removes a finished run, its calls and their recordings
 * (under recordingsDir/<runId>); 409 while live.
 */
export async function deleteRun(
  db: Db,
  caller: Caller,
  campaignId: string,
  runId: string,
  recordingsDir: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const own = forGroup(tx, caller.groupId);
    const run = await getRun(own, campaignId, runId);
    if (run.status === 'In Progress') throw conflict(CAMPAIGN_TEXTS.runLive);
    await tx.delete(campaignRuns).where(own.owns(campaignRuns, eq(campaignRuns.id, runId)));
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'campaigns',
      action: 'delete-run',
      targetId: runId,
      result: 'success',
      message: `Run ${run.runDescription} of campaign ${run.name} deleted`,
    });
  });
  await rm(join(recordingsDir, runId), { recursive: true, force: true });
}

const refuse = (field: string, message: string) => badRequest(message, { [field]: message });

/**
 * Records a run of the campaign as Queued, with the campaign's parameters (data rows included)
 * as they are now, after the checks of spec 001 §5: a run description, the approval when the
 * campaign needs it, the CPS limit and the allowlisted "To" number as the group has them now.
 * Places no call: the dialler's start route calls this, then dials.
 */
export async function createRun(
  db: Db,
  caller: Caller,
  campaignId: string,
  input: CampaignRunStartInput,
): Promise<CampaignRun> {
  const scope = forGroup(db, caller.groupId);
  const [campaign] = await db
    .select()
    .from(campaigns)
    .where(scope.owns(campaigns, eq(campaigns.id, campaignId)));
  if (!campaign) throw notFound(CAMPAIGN_TEXTS.notFound);
  if (requiresApproval(campaign) && input.approved !== true)
    throw refuse('approved', CAMPAIGN_TEXTS.approvalRequired);
  const settings = await loadCampaignSettings(scope);
  if (campaign.callsPerSecond > settings.account.cpsLimit)
    throw refuse('callsPerSecond', CAMPAIGN_TEXTS.cpsLimit(settings.account.cpsLimit));
  if (campaign.toNumber !== null && !settings.toNumbers.includes(campaign.toNumber))
    throw refuse('toNumber', CAMPAIGN_TEXTS.toNumberNotAllowed);
  if (campaign.toNumber === null && settings.toNumbers.length === 0)
    throw refuse('toNumber', CAMPAIGN_TEXTS.noToNumbers);
  const parameters: RunParameters = {
    type: campaign.type,
    name: campaign.name,
    description: campaign.description,
    tags: campaign.tags,
    fromNumber: campaign.fromNumber,
    toNumber: campaign.toNumber,
    totalCalls: campaign.totalCalls,
    noAnswerTimeout: campaign.noAnswerTimeout,
    callDuration: campaign.callDuration,
    callsPerSecond: campaign.callsPerSecond,
    answerTreatment: campaign.answerTreatment,
    dataHeaders: campaign.dataHeaders,
    data: campaign.data,
    toNumbers: campaign.toNumber === null ? settings.toNumbers : [campaign.toNumber],
  };
  const run = await db.transaction(async (tx) => {
    const own = scope.on(tx);
    const [row] = await tx
      .insert(campaignRuns)
      .values(
        own.row(campaignRuns, {
          campaignId,
          description: input.description,
          tags: input.tags ?? [],
          status: 'Queued',
          // The start route begins it at once; the recovery sweep waits for a stale heartbeat.
          heartbeatAt: new Date(),
          parameters,
          createdBy: caller.userId,
        }),
      )
      .returning();
    if (!row) throw new Error('run not inserted');
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'campaigns',
      action: 'start',
      targetId: row.id,
      result: 'success',
      message: `Run ${input.description} of campaign ${campaign.name} queued`,
      details: {
        campaignId,
        totalCalls: campaign.totalCalls,
        callsPerSecond: campaign.callsPerSecond,
      },
    });
    return row;
  });
  return toRun(run, campaign);
}
