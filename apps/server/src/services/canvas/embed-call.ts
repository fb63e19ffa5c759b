import { CALL_DETAIL_ACCESS, CALL_DETAIL_TEXTS, hasPermission } from '@callsight/shared';
import type { DbOrTx } from '../../db/client.ts';
import { forGroup } from '../../db/group-scope.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { CallDetailRequest } from '../call-detail/get-call-detail.ts';
import type { CallDetailJson } from '../telemetry-store/call-detail.ts';
import { currentAccess, dashboardFor } from './dashboards.ts';
import type { GuestGrant } from './guest-token.ts';

export const EMBED_CALL_NOT_FOUND = 'Call not found';

/**
 * GET /embed/dashboards/{id}/calls/{contactId} (decision C12): a call linked from an embedded
 * dashboard, read with the dashboard's guest token. The token's team's current rules (C4) must
 * hold the call: its summary in the token's group, read from the telemetry store, passes the
 * calls dataset's row filter, the filter every chart applies. Then the call-detail API's answer, unchanged; telemetry only for a
 * user who holds its permission now. A call that is missing, another group's, or outside the
 * team's rules is one answer: 404 'Call not found'.
 */
export async function embedCallDetailJson(
  ctx: { db: DbOrTx; callDetailJson: CallDetailJson },
  grant: GuestGrant,
  request: CallDetailRequest,
): Promise<Buffer> {
  await dashboardFor(ctx.db, grant.groupId, grant.dashboardId);
  const { rules, permissions } = await currentAccess(ctx.db, grant);
  if (request.includeTelemetry && !hasPermission(permissions, CALL_DETAIL_ACCESS.telemetry))
    throw forbidden(CALL_DETAIL_TEXTS.telemetryForbidden);
  const scope = forGroup(ctx.db, grant.groupId);
  // A call of no summary is no agent's: a restricted team never sees it (decision C9); the
  // call-detail service checks the token's team's rules as it does a member's (T1).
  try {
    return await ctx.callDetailJson(scope, rules, request);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw notFound(EMBED_CALL_NOT_FOUND);
    throw err;
  }
}
