import {
  ACCESS,
  AgentLogPageSchema,
  AgentLogQuerySchema,
  ApiErrorSchema,
  CallStatsPageSchema,
  CallStatsQuerySchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callScopeOf } from '../plugins/call-scope.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/**
 * The Calls and Logs explorer lists (spec 002 §2.11, §7.3) for viewers, admins and super users:
 * a page of the group's calls or softphone log lines in a time window, filtered and sorted, with
 * the total, from the telemetry store (PostgreSQL or ClickHouse). The caller is checked before the
 * query (preValidation).
 */
export async function callRoutes({ app, db, telemetry, authorize }: AppContext) {
  app.get('/api/calls/stats', {
    schema: {
      tags: ['calls'],
      summary: 'Call Stats Log: one row per call, filtered, sorted and paged, with the total',
      querystring: CallStatsQuerySchema,
      response: { 200: CallStatsPageSchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: async (request) =>
      telemetry.listCallStats(await callScopeOf(db, request), request.query),
  });

  app.get('/api/calls/logs', {
    schema: {
      tags: ['calls'],
      summary: 'Softphone logs: log lines filtered by agent and level, sorted and paged',
      querystring: AgentLogQuerySchema,
      response: { 200: AgentLogPageSchema, ...errors },
    },
    onRequest: authorize(ACCESS.viewerAdminSuper),
    handler: async (request) =>
      telemetry.listAgentLogs(await callScopeOf(db, request), request.query),
  });
}
