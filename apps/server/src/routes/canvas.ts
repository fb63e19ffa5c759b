import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCESS,
  ActiveTeamSchema,
  ApiErrorSchema,
  CallDetailAnswerSchema,
  CallDetailParamsSchema,
  CallDetailQuerySchema,
  ChartDataRequestSchema,
  ChartDataSchema,
  DashboardInfoSchema,
  DashboardSpecSchema,
  GuestTokenSchema,
  TeamCreateInputSchema,
  TeamFieldValuesQuerySchema,
  TeamFieldValuesSchema,
  TeamIdParamsSchema,
  TeamListSchema,
  TeamMemberListSchema,
  TeamMemberParamsSchema,
  TeamSchema,
  TeamUpdateInputSchema,
  type CallDetailAnswer,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { forGroup } from '../db/group-scope.ts';
import { unauthenticated } from '../lib/errors.ts';
import type { GuestGrant } from '../services/canvas/guest-token.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import { pickedTeam, teamReaderOf } from '../plugins/call-scope.ts';
import {
  chartData,
  currentRules,
  dashboardFor,
  dashboardInfo,
  dashboardsFor,
  guestTokenFor,
} from '../services/canvas/dashboards.ts';
import { embedCallDetailJson } from '../services/canvas/embed-call.ts';
import { callDetailJsonOf } from '../services/telemetry-store/call-detail.ts';
import {
  activeTeam,
  addTeamMember,
  createTeam,
  listTeams,
  myTeams,
  removeTeamMember,
  teamMembers,
  updateTeam,
} from '../services/canvas/teams.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const done = { 204: z.null().describe('Done'), ...errors };

const DashboardParamsSchema = z.object({ id: z.string().min(1).max(200) });
const TokenParamsSchema = z.object({
  roleId: z.union([z.uuid(), z.literal('default')], {
    error: "roleId must be a team's id or 'default'",
  }),
  dashboardId: z.string().min(1).max(200),
});
const EmbedParamsSchema = z.object({ dashboardId: z.string().min(1).max(200) });
const ChartParamsSchema = EmbedParamsSchema.extend({ chartId: z.string().min(1).max(100) });
const CallParamsSchema = EmbedParamsSchema.extend({
  contactId: CallDetailParamsSchema.shape.contactId,
});

/**
 * Canvas (issue 20): teams (data roles) and their members, the group's dashboards, guest tokens
 * for the embedded dashboards, and the embed's own routes, which take a guest token only.
 */
export async function canvasRoutes({
  app,
  db,
  authorize,
  guestTokens,
  superset,
  telemetry,
}: AppContext) {
  const admins = { onRequest: authorize(ACCESS.adminSuper) };
  const members = { onRequest: authorize(ACCESS.anyMember) };
  const tags = ['canvas'];

  app.get('/api/dataRoles', {
    ...admins,
    schema: { tags, summary: "The group's teams", response: { 200: TeamListSchema, ...errors } },
    handler: (request) => listTeams(callerScope(db, request)),
  });
  app.get('/api/dataRoles/me', {
    ...members,
    schema: { tags, summary: "The caller's teams", response: { 200: TeamListSchema, ...errors } },
    handler: (request) => myTeams(callerScope(db, request), callerOf(request).userId),
  });
  app.get('/api/dataRoles/active', {
    ...members,
    schema: {
      tags,
      summary: "The team whose rules narrow the caller's call data (X-Team-Id, decision T2)",
      response: { 200: ActiveTeamSchema, ...errors },
    },
    handler: async (request) => {
      const reader = teamReaderOf(callerOf(request));
      const team = await activeTeam(callerScope(db, request), reader, pickedTeam(request));
      return { team, exempt: reader.exempt };
    },
  });
  app.get('/api/dataRoles/values', {
    ...admins,
    schema: {
      tags,
      summary:
        "The values a team condition may name: the group's Agent Group n levels, CTR attribute names or one attribute's values (last 90 days)",
      querystring: TeamFieldValuesQuerySchema,
      response: { 200: TeamFieldValuesSchema, ...errors },
    },
    handler: (request) =>
      telemetry.teamFieldValues(
        callerOf(request).groupId,
        request.query.type,
        request.query.field || undefined,
        new Date(),
      ),
  });
  app.post('/api/dataRoles', {
    ...admins,
    schema: {
      tags,
      summary: 'Creates a team (no conditions: every call; no dashboards: all)',
      body: TeamCreateInputSchema,
      response: { 201: TeamSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createTeam(callerScope(db, request), request.body.name)),
  });
  app.put('/api/dataRoles/:id', {
    ...admins,
    schema: {
      tags,
      summary: "A team's name, conditions and dashboards",
      params: TeamIdParamsSchema,
      body: TeamUpdateInputSchema,
      response: { 200: TeamSchema, ...errors },
    },
    handler: (request) => updateTeam(callerScope(db, request), request.params.id, request.body),
  });
  app.get('/api/dataRoles/:id/users', {
    ...admins,
    schema: {
      tags,
      summary: "A team's members",
      params: TeamIdParamsSchema,
      response: { 200: TeamMemberListSchema, ...errors },
    },
    handler: (request) => teamMembers(callerScope(db, request), request.params.id),
  });
  app.post('/api/dataRoles/:id/users/:user', {
    ...admins,
    schema: {
      tags,
      summary: 'Adds a member of the group to a team',
      params: TeamMemberParamsSchema,
      response: done,
    },
    handler: async (request, reply) => {
      await addTeamMember(callerScope(db, request), request.params.id, request.params.user);
      return reply.code(204).send(null);
    },
  });
  app.delete('/api/dataRoles/:id/users/:user', {
    ...admins,
    schema: {
      tags,
      summary: 'Removes a member from a team',
      params: TeamMemberParamsSchema,
      response: done,
    },
    handler: async (request, reply) => {
      await removeTeamMember(callerScope(db, request), request.params.id, request.params.user);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/dashboards', {
    ...members,
    schema: {
      tags,
      summary: "The group's dashboards",
      response: { 200: z.array(DashboardInfoSchema), ...errors },
    },
    handler: (request) => dashboardsFor(db, callerOf(request).groupId),
  });
  app.get('/api/dashboards/:id', {
    ...members,
    schema: {
      tags,
      summary: "A dashboard's name and embeddedID (spec 002 §7.4)",
      params: DashboardParamsSchema,
      response: { 200: DashboardInfoSchema, ...errors },
    },
    handler: (request) => dashboardInfo(db, callerOf(request).groupId, request.params.id),
  });
  app.post('/api/dataRoles/:roleId/token/:dashboardId', {
    ...members,
    schema: {
      tags,
      summary:
        "A 5-minute guest token for an embedded dashboard under one of the caller's teams ('default' for a user in none)",
      params: TokenParamsSchema,
      response: { 200: GuestTokenSchema, ...errors },
    },
    handler: (request) => {
      const caller = callerOf(request);
      return guestTokenFor(
        {
          scope: forGroup(db, caller.groupId),
          userId: caller.userId,
          exempt: teamReaderOf(caller).exempt,
          signer: guestTokens,
          superset: superset ?? null,
          user: { email: caller.email, name: caller.name },
        },
        request.params.roleId,
        request.params.dashboardId,
      );
    },
  });

  // The embed's routes: a guest token, not a session (public-routes.ts), checked before the
  // request is validated, like every other credential.
  const grants = new WeakMap<FastifyRequest, { grant: GuestGrant; token: string }>();
  const guestToken = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!token) throw unauthenticated('A dashboard token is required');
    grants.set(request, { grant: await guestTokens.verify(token), token });
  };
  const grantOf = (request: FastifyRequest, dashboardId: string) => {
    const held = grants.get(request);
    if (!held) throw unauthenticated('A dashboard token is required');
    if (held.grant.dashboardId !== dashboardId)
      throw unauthenticated('This token is for another dashboard');
    return held;
  };
  app.get('/api/embed/dashboards/:dashboardId', {
    onRequest: guestToken,
    schema: {
      tags,
      summary:
        'The dashboard a guest token opens: its rows of charts (Authorization: Bearer <guest token>)',
      params: EmbedParamsSchema,
      response: { 200: DashboardSpecSchema, ...errors },
    },
    handler: async (request) => {
      const { grant } = grantOf(request, request.params.dashboardId);
      // A token whose user has left the team (or the group) opens nothing more (decision C4).
      await currentRules(db, grant);
      return dashboardFor(db, grant.groupId, grant.dashboardId);
    },
  });
  app.post('/api/embed/dashboards/:dashboardId/charts/:chartId/data', {
    onRequest: guestToken,
    schema: {
      tags,
      summary:
        "A chart's data over the group's data under the token's team's current rules (Authorization: Bearer <guest token>)",
      params: ChartParamsSchema,
      body: ChartDataRequestSchema,
      response: { 200: ChartDataSchema, ...errors },
    },
    handler: async (request) => {
      const { grant, token } = grantOf(request, request.params.dashboardId);
      return chartData(db, telemetry, grant, token, request.params.chartId, request.body);
    },
  });
  const callDetailJson = callDetailJsonOf(telemetry);
  app.get('/api/embed/dashboards/:dashboardId/calls/:contactId', {
    onRequest: guestToken,
    schema: {
      tags,
      summary:
        "A call linked from the token's dashboard, within its team's current rules: what GET /api/viscall2/call/{region}/{contactId} answers (Authorization: Bearer <guest token>)",
      params: CallParamsSchema,
      querystring: CallDetailQuerySchema,
      response: { 200: CallDetailAnswerSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { grant } = grantOf(request, request.params.dashboardId);
      const json = await embedCallDetailJson({ db, callDetailJson }, grant, {
        contactId: request.params.contactId,
        includeTelemetry: request.query.includeTelemetry,
      });
      // The call detail's JSON as the call-detail API sends it (a Buffer goes out as is).
      return reply
        .type('application/json; charset=utf-8')
        .send(json as unknown as CallDetailAnswer);
    },
  });
}
