import { eq } from 'drizzle-orm';
import {
  AUTH_TEXTS,
  ERROR_CODES,
  dashboardRows,
  permissionsFor,
  type ChartData,
  type ChartDataRequest,
  type ChartFilter,
  type DashboardInfo,
  type DashboardSpec,
  type GuestTokenAnswer,
  type Permission,
  type Team,
  type TeamCondition,
} from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import { forGroup, type GroupScope } from '../../db/group-scope.ts';
import { memberships, users } from '../../db/schema/index.ts';
import {
  groupClause,
  RlsClauseError,
  rlsClauses,
  SupersetError,
  type Superset,
} from '../../adapters/superset/index.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { GuestGrant, GuestTokenSigner } from './guest-token.ts';
import type { TelemetryStore } from '../telemetry-store/telemetry-store.ts';
import { chartIntervalMs, hasTimeBucket } from './compile-chart.ts';
import { runCanvasChart } from './run-chart.ts';
import { groupDashboardSpecs } from './dashboard-imports.ts';
import { homeDashboardId } from './standard-dashboards.ts';
import { myTeams } from './teams.ts';

const DASHBOARD_NOT_FOUND = 'Dashboard not found';

/**
 * The group's dashboards to choose from: the standard set (issue 20) and what imports installed
 * (issue 21). Home's dashboard is the Home page's, never a choice (decision C5).
 */
export async function dashboardsFor(db: DbOrTx, groupId: string): Promise<DashboardInfo[]> {
  const home = homeDashboardId(groupId);
  return (await groupDashboardSpecs(db, groupId))
    .filter((d) => d.id !== home)
    .map((d) => ({ id: d.id, name: d.title, embeddedID: d.id }));
}

export async function dashboardFor(
  db: DbOrTx,
  groupId: string,
  id: string,
): Promise<DashboardSpec> {
  const dashboard = (await groupDashboardSpecs(db, groupId)).find((d) => d.id === id);
  if (!dashboard) throw notFound(DASHBOARD_NOT_FOUND);
  return dashboard;
}

/** GET /dashboards/{id}: its name and the id the embed opens it by. */
export async function dashboardInfo(
  db: DbOrTx,
  groupId: string,
  id: string,
): Promise<DashboardInfo> {
  const d = await dashboardFor(db, groupId, id);
  return { id: d.id, name: d.title, embeddedID: d.id };
}

export const TOKEN_TEXTS = {
  notYourTeam: 'You are not a member of this team',
  chooseTeam: 'Choose one of your teams to open dashboards',
  notPermitted: "This dashboard is not one of your team's",
} as const;

/** A team may open the dashboard: its list holds it or is empty; Home is every team's (C5). */
function teamMayOpen(team: Team, groupId: string, dashboardId: string): boolean {
  return (
    !team.dashboards.length ||
    team.dashboards.includes(dashboardId) ||
    dashboardId === homeDashboardId(groupId)
  );
}

/**
 * POST /dataRoles/{roleId}/token/{dashboardId}: a guest token for one of the group's dashboards,
 * under one of the caller's teams (its conditions become the token's row rules; its dashboard
 * list must hold the dashboard, or be empty; Home is open to every team, under its rules), or
 * 'default' for a user in no team (no rules).
 * A dashboard mapped to a configured Superset gets Superset's guest token, the rules as its rls.
 */
export async function guestTokenFor(
  ctx: {
    scope: GroupScope;
    userId: string;
    /** A Group Admin or super user: may open dashboards under no team though in some (T2). */
    exempt?: boolean;
    signer: GuestTokenSigner;
    superset?: Superset | null;
    /** The caller as Superset's guest user (default: the user id). */
    user?: { email: string; name: string };
  },
  roleId: string,
  dashboardId: string,
): Promise<GuestTokenAnswer> {
  const dashboard = await dashboardFor(ctx.scope.db, ctx.scope.groupId, dashboardId);
  const teams = await myTeams(ctx.scope, ctx.userId);
  let team = null;
  if (roleId === 'default') {
    if (teams.length && !ctx.exempt) throw forbidden(TOKEN_TEXTS.chooseTeam);
  } else {
    team = teams.find((t) => t.id === roleId) ?? null;
    if (!team) throw forbidden(TOKEN_TEXTS.notYourTeam);
    if (!teamMayOpen(team, ctx.scope.groupId, dashboard.id))
      throw forbidden(TOKEN_TEXTS.notPermitted);
  }
  const rules = team?.conditions ?? [];
  // Home draws the built-in engine's charts in its own page: never Superset's.
  const embeddedId =
    dashboard.id === homeDashboardId(ctx.scope.groupId)
      ? null
      : (ctx.superset?.embeddedIdFor(ctx.scope.groupId, dashboard.id) ?? null);
  if (ctx.superset && embeddedId) {
    const [first = '', ...rest] = (ctx.user?.name ?? '').trim().split(/\s+/).filter(Boolean);
    try {
      const guest = await ctx.superset.client.guestToken({
        embeddedId,
        user: {
          username: ctx.user?.email ?? ctx.userId,
          first_name: first,
          last_name: rest.join(' '),
        },
        // The group's rows always; Superset filters every chart's rows by these itself.
        rls: [groupClause(ctx.scope.groupId), ...rlsClauses(rules)],
      });
      return {
        ...guest,
        provider: 'superset',
        supersetDomain: ctx.superset.client.domain,
        embeddedId,
      };
    } catch (err) {
      // A team value Superset cannot be sent is the team's to fix; a failed call is Superset's.
      if (err instanceof RlsClauseError) throw badRequest(err.message);
      if (err instanceof SupersetError) throw new AppError(502, ERROR_CODES.internal, err.message);
      throw err;
    }
  }
  const token = await ctx.signer.sign({
    userId: ctx.userId,
    groupId: ctx.scope.groupId,
    dashboardId: dashboard.id,
    teamId: team?.id ?? null,
    rules,
  });
  return { ...token, provider: 'builtin' };
}

/**
 * Chart answers kept this long per token, row rules, chart and filters (a dashboard's reloads
 * and tabs).
 */
const CACHE_MS = 30_000;
const CACHE_MAX = 500;
const cache = new Map<string, { at: number; data: Promise<ChartData> }>();

function cached(key: string, load: () => Promise<ChartData>): Promise<ChartData> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.data;
  const data = load();
  data.catch(() => cache.delete(key));
  cache.set(key, { at: now, data });
  if (cache.size > CACHE_MAX) {
    for (const [k, v] of cache) {
      if (cache.size <= CACHE_MAX / 2) break;
      if (now - v.at >= CACHE_MS || cache.size > CACHE_MAX) cache.delete(k);
    }
  }
  return data;
}

/** What a guest token's user may read now: its team's row rules and their group permissions. */
export interface CurrentAccess {
  rules: TeamCondition[];
  permissions: Permission[];
}

/**
 * What a guest token reads under now (decision C4): its team's current conditions, while its
 * user is still in the group and in that team and the team may open the dashboard; no rules for
 * a token of no team while its user is still in none. With them, the user's permissions in the
 * group as they are now (a call's telemetry needs CALL_DETAIL_ACCESS.telemetry). Read on every
 * query, so a change of conditions, membership or role holds at once rather than when the
 * token expires.
 */
export async function currentAccess(db: DbOrTx, grant: GuestGrant): Promise<CurrentAccess> {
  const scope = forGroup(db, grant.groupId);
  const [user] = await db
    .select({
      isSuper: users.isSuper,
      platformPermissions: users.platformPermissions,
      role: memberships.role,
    })
    .from(users)
    .leftJoin(memberships, scope.owns(memberships, eq(memberships.userId, users.id)))
    .where(eq(users.id, grant.userId))
    .limit(1);
  if (!user || (!user.isSuper && !user.role)) throw forbidden(AUTH_TEXTS.notMember);
  const permissions = permissionsFor(user.role, user.isSuper, user.platformPermissions);
  const teams = await myTeams(scope, grant.userId);
  if (grant.teamId === null) {
    const exempt = user.isSuper || user.role === 'admin';
    if (teams.length && !exempt) throw forbidden(TOKEN_TEXTS.chooseTeam);
    return { rules: [], permissions };
  }
  const team = teams.find((t) => t.id === grant.teamId);
  if (!team) throw forbidden(TOKEN_TEXTS.notYourTeam);
  if (!teamMayOpen(team, grant.groupId, grant.dashboardId))
    throw forbidden(TOKEN_TEXTS.notPermitted);
  return { rules: team.conditions, permissions };
}

/** The row rules a guest token reads under now (`currentAccess`, decision C4). */
export async function currentRules(db: DbOrTx, grant: GuestGrant): Promise<TeamCondition[]> {
  return (await currentAccess(db, grant)).rules;
}

/**
 * POST /embed/dashboards/{id}/charts/{chartId}/data: one chart of the token's dashboard over its
 * group's data, in the window, through the dashboard's native filters and the team's current
 * row rules (`currentRules`).
 */
export async function chartData(
  db: DbOrTx,
  telemetry: TelemetryStore,
  grant: GuestGrant,
  token: string,
  chartId: string,
  request: ChartDataRequest,
): Promise<ChartData> {
  const dashboard = await dashboardFor(db, grant.groupId, grant.dashboardId);
  const cell = dashboardRows(dashboard)
    .flatMap((r) => r.cells)
    .find((c) => c.chart.id === chartId);
  // A chart the engine cannot draw is never queried: its placeholder says why.
  if (cell?.placeholder) throw notFound(cell.placeholder);
  const chart = chartId === dashboard.filterBox?.id ? dashboard.filterBox : cell?.chart;
  if (!chart) throw notFound('Chart not found');
  const from = new Date(request.from);
  const to = new Date(request.to);
  if (!(to > from)) {
    const message = 'to must be after from';
    throw badRequest(message, { to: message });
  }
  const filters: ChartFilter[] = [];
  if (request.agent?.length)
    filters.push({ column: 'agent', operator: 'IN', value: request.agent });
  if (request.agentIsp?.length)
    filters.push({ column: 'agent_isp', operator: 'IN', value: request.agentIsp });
  const rules = await currentRules(db, grant);
  // A time series' buckets come from the window and the chart's width (issue 34).
  const bucket = hasTimeBucket(chart)
    ? { intervalMs: chartIntervalMs(chart, from, to, request.maxDataPoints) }
    : {};
  const timeZone = request.timeZone ?? 'UTC';
  // Keyed by the rules read now too: a change of conditions never answers from the cache.
  return cached(JSON.stringify([token, rules, chartId, request]), () =>
    runCanvasChart(telemetry, db, grant.groupId, chart, {
      from,
      to,
      filters,
      rules,
      timeZone,
      ...bucket,
    }),
  );
}
