import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_TEXTS,
  AUTH_TEXTS,
  ERROR_CODES,
  hasPermission,
  type PermissionList,
} from '@callsight/shared';
import type { Db, DbOrTx } from '../db/client.ts';
import { forGroup, type GroupScope } from '../db/group-scope.ts';
import type { TokenSigner } from '../services/auth/access-token.ts';
import { findSessionUser } from '../services/auth/session.ts';
import { resolveGroupAccess } from '../services/groups/group-access.ts';
import { authenticating } from './route-guard.ts';
import type { Caller } from '../lib/caller.ts';
import { AppError, badRequest, forbidden, unauthenticated } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /**
     * Who a signed-in request was refused to (403), for the audit row of the refused write:
     * the group only when they are its member, so a stranger writes nothing into its log.
     */
    refusedTo?: { userId: string; email: string; groupId: string | null };
  }
}

const GroupHeaderSchema = z.uuid();

/** Reads the bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

export interface AuthorizeOptions {
  /** The route stays open to a user who must change their password (profile, the change). */
  duringPasswordChange?: boolean;
}

/** The refusal of every other route while the user must change their password. */
export const passwordChangeRequired = () =>
  new AppError(403, ERROR_CODES.passwordChangeRequired, ACCOUNT_TEXTS.passwordChangeRequired);

/**
 * Builds the pre-handler that authenticates the caller (a valid token of an open session),
 * checks membership of the X-Group-Id group (the token's group when the header is absent) and
 * the permission the route needs.
 */
export function makeAuthorize(db: Db, signer: TokenSigner) {
  return (required: PermissionList, options: AuthorizeOptions = {}): onRequestAsyncHookHandler =>
    authenticating(async function authorize(request: FastifyRequest, _reply: FastifyReply) {
      const token = bearerToken(request);
      if (!token) throw unauthenticated('Sign in required: send Authorization: Bearer <token>');
      const claims = await signer.verify(token);
      const header = request.headers['x-group-id'];
      const rawGroup = Array.isArray(header) ? header[0] : header;
      const groupId = rawGroup ?? claims.groupId;
      if (!GroupHeaderSchema.safeParse(groupId).success) {
        throw badRequest('Invalid X-Group-Id header', {
          'X-Group-Id': 'Must be a group id (UUID)',
        });
      }
      // One query: the user, and whether the token's session was signed out or revoked.
      const user = await findSessionUser(db, claims.sub, claims.sid);
      if (!user) throw unauthenticated(AUTH_TEXTS.sessionExpired);
      if (user.mustChangePassword && !options.duringPasswordChange) throw passwordChangeRequired();
      const access = await resolveGroupAccess(db, user, groupId);
      if (!access) {
        request.refusedTo = { userId: user.id, email: user.email, groupId: null };
        throw forbidden(AUTH_TEXTS.notMember);
      }
      if (!hasPermission(access.permissions, required)) {
        request.refusedTo = { userId: user.id, email: user.email, groupId };
        throw forbidden(AUTH_TEXTS.forbidden);
      }
      request.caller = {
        userId: user.id,
        sessionId: claims.sid,
        email: user.email,
        name: user.name,
        isSuper: user.isSuper,
        groupId,
        permissions: access.permissions,
      };
    });
}

export type Authorize = ReturnType<typeof makeAuthorize>;

/** The authenticated caller of a route guarded by authorize; the guard guarantees it is set. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthenticated('Sign in required');
  return request.caller;
}

/** The caller's group scope on `db`: how a route hands the authenticated group to a service. */
export function callerScope(db: DbOrTx, request: FastifyRequest): GroupScope {
  return forGroup(db, callerOf(request).groupId);
}
