import type { FastifyRequest } from 'fastify';
import { hasPermission, TEAM_HEADER } from '@callsight/shared';
import type { DbOrTx } from '../db/client.ts';
import { forGroup } from '../db/group-scope.ts';
import type { Caller } from '../lib/caller.ts';
import { activeTeam, type TeamReader } from '../services/canvas/teams.ts';
import type { CallScope } from '../services/telemetry-store/call-scope.ts';
import { callerOf } from './authenticate.ts';

/** The caller as a reader of call data: Group Admins and super users are exempt (T2). */
export function teamReaderOf(caller: Caller): TeamReader {
  return {
    userId: caller.userId,
    exempt: caller.isSuper || hasPermission(caller.permissions, ['user:admin', 'user:super']),
  };
}

/** The team the request picks (the web app's currentRoleId, sent as X-Team-Id), or null. */
export function pickedTeam(request: FastifyRequest): string | null {
  const header = request.headers[TEAM_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value ? value : null;
}

/**
 * The call data the request's caller may read (decision T1): their group, narrowed by their
 * active team's rules (`activeTeam`). Every route that reads call data builds its CallScope here.
 */
export async function callScopeOf(db: DbOrTx, request: FastifyRequest): Promise<CallScope> {
  const caller = callerOf(request);
  const team = await activeTeam(
    forGroup(db, caller.groupId),
    teamReaderOf(caller),
    pickedTeam(request),
  );
  return { groupId: caller.groupId, rules: team?.conditions ?? [] };
}
