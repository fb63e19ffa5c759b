import { eq, inArray } from 'drizzle-orm';
import { CAMPAIGN_TEXTS, type CampaignRun, type CampaignRunStartInput } from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { forGroup } from '../../db/group-scope.ts';
import { campaignRuns, campaigns } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { auditActor, recordAudit } from '../audit/audit-log.ts';
import { loadCampaignSettings } from './configuration.ts';
import type { CampaignRunEngine } from './run-engine.ts';
import { RunParametersSchema, createRun, getRun } from './runs.ts';

/** Calls per second of the group's runs under way (their parameters at start). */
async function liveCallsPerSecond(db: Db, groupId: string): Promise<number> {
  const own = forGroup(db, groupId);
  const rows = await db
    .select({ parameters: campaignRuns.parameters })
    .from(campaignRuns)
    .where(own.owns(campaignRuns, inArray(campaignRuns.status, ['Queued', 'In Progress'])));
  return rows.reduce(
    (sum, r) => sum + (RunParametersSchema.safeParse(r.parameters).data?.callsPerSecond ?? 0),
    0,
  );
}

/**
 * POST /campaigns/{id}/runs/start: records the run (createRun's checks), checks that the
 * group's runs together stay within its cpsLimit, and hands it to the engine, which dials.
 */
export async function startRun(
  db: Db,
  engine: CampaignRunEngine,
  caller: Caller,
  campaignId: string,
  input: CampaignRunStartInput,
): Promise<CampaignRun> {
  const scope = forGroup(db, caller.groupId);
  const [campaign] = await db
    .select({ callsPerSecond: campaigns.callsPerSecond })
    .from(campaigns)
    .where(scope.owns(campaigns, eq(campaigns.id, campaignId)));
  const { account } = await loadCampaignSettings(scope);
  const others = await liveCallsPerSecond(db, caller.groupId);
  if (campaign && others > 0 && others + campaign.callsPerSecond > account.cpsLimit) {
    const message = `${CAMPAIGN_TEXTS.cpsLimit(account.cpsLimit)}; runs in progress use ${others}`;
    throw badRequest(message, { callsPerSecond: message });
  }
  const run = await createRun(db, caller, campaignId, input);
  await engine.begin(scope, run.id);
  return getRun(scope, campaignId, run.id);
}

/** POST .../runs/{runId}/stop: 409 unless the run is in progress. */
export async function stopRun(
  db: Db,
  engine: CampaignRunEngine,
  caller: Caller,
  campaignId: string,
  runId: string,
): Promise<CampaignRun> {
  const scope = forGroup(db, caller.groupId);
  const run = await getRun(scope, campaignId, runId);
  if (run.status !== 'In Progress') throw conflict(CAMPAIGN_TEXTS.notLive);
  await engine.stop(scope, runId);
  await recordAudit(db, {
    ...auditActor(caller),
    service: 'campaigns',
    action: 'stop',
    targetId: runId,
    result: 'success',
    message: `Run ${run.runDescription} of campaign ${run.name} stopped`,
  });
  return getRun(scope, campaignId, runId);
}
