import { count, desc, eq, max, sql, type SQL } from 'drizzle-orm';
import {
  CAMPAIGN_TEXTS,
  CsvError,
  ENABLED_CAMPAIGN_TYPES,
  minimumCallDuration,
  parseCsvRows,
  type Campaign,
  type CampaignCreateInput,
  type CampaignListItem,
  type CampaignType,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import { campaignRuns, campaigns } from '../../db/schema/index.ts';
import type { Caller } from '../../lib/caller.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { auditActor, recordAudit } from '../audit/audit-log.ts';
import { CAMPAIGN_PARAMETER_COLUMNS } from './columns.ts';
import { loadCampaignSettings } from './configuration.ts';

const UNIQUE_VIOLATION = '23505';
const iso = (d: Date | string | null): string | null =>
  d === null ? null : new Date(d).toISOString();

/** The list columns: the campaign without its data rows, with its runs' aggregates. */
function listColumns() {
  return {
    id: campaigns.id,
    ...CAMPAIGN_PARAMETER_COLUMNS,
    createdAt: campaigns.createdAt,
    updatedAt: campaigns.updatedAt,
    dataRowCount: sql<number>`jsonb_array_length(${campaigns.data})`.mapWith(Number),
    lastExecutionTime: max(campaignRuns.createdOn),
    runCount: count(campaignRuns.id),
    active: sql<boolean>`coalesce(bool_or(${campaignRuns.canceledAt} is null and not ${campaignRuns.isComplete}), false)`,
  };
}

type ListRow = Awaited<ReturnType<ReturnType<typeof selectCampaigns>['execute']>>[number];

function toListItem(r: ListRow): CampaignListItem {
  return {
    id: r.id,
    campaignId: r.id,
    type: r.type as CampaignType,
    name: r.name,
    description: r.description,
    tags: r.tags,
    fromNumber: r.fromNumber,
    toNumber: r.toNumber,
    totalCalls: r.totalCalls,
    noAnswerTimeout: r.noAnswerTimeout,
    callDuration: r.callDuration,
    callsPerSecond: r.callsPerSecond,
    answerTreatment: r.answerTreatment,
    createdAt: iso(r.createdAt) ?? '',
    updatedAt: iso(r.updatedAt) ?? '',
    dataRowCount: r.dataRowCount,
    lastExecutionTime: iso(r.lastExecutionTime),
    runCount: Number(r.runCount),
    status: { active: Boolean(r.active) },
  };
}

/** The group's campaigns (those matching `cond`) with their runs' aggregates. */
function selectCampaigns(scope: GroupScope, cond?: SQL) {
  return scope.db
    .select(listColumns())
    .from(campaigns)
    .leftJoin(campaignRuns, scope.owns(campaignRuns, eq(campaignRuns.campaignId, campaigns.id)))
    .where(scope.owns(campaigns, cond))
    .groupBy(campaigns.id);
}

/** GET /campaigns: the group's campaigns, last run first (never-run ones last, newest first). */
export async function listCampaigns(scope: GroupScope): Promise<CampaignListItem[]> {
  const rows = await selectCampaigns(scope).orderBy(
    sql`max(${campaignRuns.createdOn}) desc nulls last`,
    desc(campaigns.createdAt),
  );
  return rows.map(toListItem);
}

/** GET /campaigns/{id}: the campaign with its data rows; 404 for an id of no campaign of the group. */
export async function getCampaign(scope: GroupScope, id: string): Promise<Campaign> {
  const [row] = await selectCampaigns(scope, eq(campaigns.id, id));
  if (!row) throw notFound(CAMPAIGN_TEXTS.notFound);
  const [data] = await scope.db
    .select({ headers: campaigns.dataHeaders, data: campaigns.data })
    .from(campaigns)
    .where(scope.owns(campaigns, eq(campaigns.id, id)));
  return { ...toListItem(row), dataHeaders: data?.headers ?? [], data: data?.data ?? [] };
}

const refuse = (field: string, message: string) => badRequest(message, { [field]: message });

/** The CSV's headers and rows, or a 400 naming answerTreatmentData. */
function readData(text: string | undefined): { headers: string[]; rows: Record<string, string>[] } {
  if (text === undefined || text.trim() === '') return { headers: [], rows: [] };
  try {
    return parseCsvRows(text);
  } catch (err) {
    if (err instanceof CsvError) throw refuse('answerTreatmentData', err.message);
    throw err;
  }
}

/**
 * POST /campaigns: checks the rules of spec 001 §5 that need the group (enabled type, CPS limit,
 * minimum call duration, allowlisted "To" number, unique name) and stores the campaign.
 */
export async function createCampaign(
  db: Db,
  caller: Caller,
  input: CampaignCreateInput,
): Promise<Campaign> {
  const scope = forGroup(db, caller.groupId);
  if (!ENABLED_CAMPAIGN_TYPES.includes(input.type))
    throw refuse('type', CAMPAIGN_TEXTS.typeRequired);
  const settings = await loadCampaignSettings(scope);
  const { cpsLimit } = settings.account;
  if (input.callsPerSecond > cpsLimit)
    throw refuse('callsPerSecond', CAMPAIGN_TEXTS.cpsLimit(cpsLimit));
  const minimum = minimumCallDuration(input.totalCalls, input.callsPerSecond);
  if (input.callDuration < minimum)
    throw refuse('callDuration', CAMPAIGN_TEXTS.minimumValue(minimum));
  if (input.toNumber !== undefined && !settings.toNumbers.includes(input.toNumber))
    throw refuse('toNumber', CAMPAIGN_TEXTS.toNumberNotAllowed);
  const data = readData(input.answerTreatmentData);

  const id = await db
    .transaction(async (tx) => {
      const own = scope.on(tx);
      const [taken] = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(own.owns(campaigns, sql`lower(${campaigns.name}) = lower(${input.name})`));
      if (taken) throw refuse('name', CAMPAIGN_TEXTS.nameNotUnique);
      const [row] = await tx
        .insert(campaigns)
        .values(
          own.row(campaigns, {
            type: input.type,
            name: input.name,
            description: input.description ?? '',
            tags: input.tags ?? [],
            fromNumber: input.fromNumber,
            toNumber: input.toNumber ?? null,
            totalCalls: input.totalCalls,
            noAnswerTimeout: input.noAnswerTimeout ?? settings.noAnswerTimeout,
            callDuration: input.callDuration,
            callsPerSecond: input.callsPerSecond,
            answerTreatment: input.answerTreatment ?? '',
            dataHeaders: data.headers,
            data: data.rows,
            createdBy: caller.userId,
          }),
        )
        .returning({ id: campaigns.id });
      if (!row) throw new Error('campaign not inserted');
      await recordAudit(tx, {
        ...auditActor(caller),
        service: 'campaigns',
        action: 'create',
        targetId: row.id,
        result: 'success',
        message: `Campaign ${input.name} created`,
        details: { totalCalls: input.totalCalls, callsPerSecond: input.callsPerSecond },
      });
      return row.id;
    })
    .catch((err: unknown) => {
      // Two saves of one name at once: the unique index decides.
      if (codeOf(err) === UNIQUE_VIOLATION) throw refuse('name', CAMPAIGN_TEXTS.nameNotUnique);
      throw err;
    });
  return getCampaign(scope, id);
}

function codeOf(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** DELETE /campaigns/{id}: 409 while the campaign has runs (spec 001 §6: History instead). */
export async function deleteCampaign(db: Db, caller: Caller, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const own = forGroup(tx, caller.groupId);
    const [row] = await tx
      .select({ name: campaigns.name })
      .from(campaigns)
      .where(own.owns(campaigns, eq(campaigns.id, id)))
      .for('update');
    if (!row) throw notFound(CAMPAIGN_TEXTS.notFound);
    const [runs] = await tx
      .select({ n: count() })
      .from(campaignRuns)
      .where(own.owns(campaignRuns, eq(campaignRuns.campaignId, id)));
    if ((runs?.n ?? 0) > 0) throw conflict(CAMPAIGN_TEXTS.hasRuns);
    await tx.delete(campaigns).where(own.owns(campaigns, eq(campaigns.id, id)));
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'campaigns',
      action: 'delete',
      targetId: id,
      result: 'success',
      message: `Campaign ${row.name} deleted`,
    });
  });
}
