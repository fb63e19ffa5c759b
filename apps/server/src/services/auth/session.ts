import { and, eq, isNull, ne } from 'drizzle-orm';
import {
  ACCOUNT_TEXTS,
  AUTH_TEXTS,
  ERROR_CODES,
  type AccessClaims,
  type LoginInput,
  type SessionToken,
} from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { authSessions, refreshSessions, users } from '../../db/schema/index.ts';
import { AppError, forbidden, tooManyRequests, unauthenticated } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { DbOrTx } from '../../db/client.ts';
import { pickCurrentGroup, resolveGroupAccess } from '../groups/group-access.ts';
import { enabledFeatures } from '../groups/features.ts';
import { verifyPassword } from './passwords.ts';
import type { TokenSigner } from './access-token.ts';
import {
  clearFailures,
  recordFailure,
  throttledForSeconds,
  type ThrottleLimits,
} from './login-throttle.ts';

export interface SessionDeps {
  db: Db;
  signer: TokenSigner;
  refreshTtlSeconds: number;
  /**
   * A session whose refresh token was issued longer ago than this (no refresh since: idle) is
   * refused and revoked at its next refresh; ACCESS_TOKEN_TTL_SECONDS (README, decisions.md).
   */
  idleTimeoutSeconds: number;
  throttle: ThrottleLimits;
  /** The clock (epoch ms): sessions' issue times and idle checks; tests move it. */
  now: () => number;
  /** DATA_DIR: initial-admin.txt goes once its password is changed. */
  dataDir: string;
  /** Told after the commit which sessions ended, so that their push sockets close too. */
  endings?: SessionEndings;
}

/** Where ended sessions are announced (the push server closes their sockets on every process). */
export interface SessionEndings {
  endSession(sessionId: string): void;
  /** Every session of the user but `keepSessionId` ended (a password change). */
  endUserSessions(userId: string, keepSessionId?: string): void;
}

export interface IssuedSession {
  token: SessionToken;
  refreshToken: string;
}

type UserRow = typeof users.$inferSelect;

/** Signs an access token of the session for the user in the given group (or their current one). */
async function signFor(
  deps: SessionDeps,
  db: DbOrTx,
  user: UserRow,
  sessionId: string,
  groupId?: string,
): Promise<SessionToken> {
  const access = groupId
    ? await resolveGroupAccess(db, user, groupId)
    : await pickCurrentGroup(db, user);
  if (!access)
    throw forbidden(groupId ? AUTH_TEXTS.notMember : 'Your account is not a member of any group.');
  const signed = await deps.signer.sign({
    sub: user.id,
    sid: sessionId,
    email: user.email,
    name: user.name,
    groupId: access.groupId,
    permissions: access.permissions,
    features: await enabledFeatures(db, access.groupId),
  });
  return { ...signed, mustChangePassword: user.mustChangePassword };
}

/** Opens a session (one signed-in browser); its id is the refresh-token family and the sid claim. */
async function openSession(deps: SessionDeps, db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .insert(authSessions)
    .values({ userId, createdAt: new Date(deps.now()) })
    .returning({ id: authSessions.id });
  if (!row) throw new Error('session not created');
  return row.id;
}

/** A new refresh token of the session; its issue time is what the idle time-out measures. */
async function issueRefresh(deps: SessionDeps, db: DbOrTx, userId: string, sessionId: string) {
  const refreshToken = randomToken();
  const now = deps.now();
  await db.insert(refreshSessions).values({
    userId,
    familyId: sessionId,
    tokenHash: sha256(refreshToken),
    createdAt: new Date(now),
    expiresAt: new Date(now + deps.refreshTtlSeconds * 1000),
  });
  return refreshToken;
}

/** Ends a session: its access tokens are refused from now on and its refresh tokens too. */
async function revokeSession(db: DbOrTx, sessionId: string, at: Date) {
  await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  await db
    .update(refreshSessions)
    .set({ revokedAt: at })
    .where(and(eq(refreshSessions.familyId, sessionId), isNull(refreshSessions.revokedAt)));
}

/**
 * Ends every session of the user but `keepSessionId` (a password change keeps the browser that
 * made it; without one, as when an admin sets someone's password, every session ends).
 */
export async function revokeOtherSessions(
  db: DbOrTx,
  userId: string,
  keepSessionId: string | undefined,
  at: Date,
): Promise<number> {
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(authSessions.userId, userId),
        keepSessionId === undefined ? undefined : ne(authSessions.id, keepSessionId),
        isNull(authSessions.revokedAt),
      ),
    )
    .returning({ id: authSessions.id });
  await db
    .update(refreshSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshSessions.userId, userId),
        keepSessionId === undefined ? undefined : ne(refreshSessions.familyId, keepSessionId),
        isNull(refreshSessions.revokedAt),
      ),
    );
  return ended.length;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user of an access token if its session is still open (one query, run per request by the
 * authorize hook and the push socket); null when the user is gone or the session was revoked.
 */
export async function findSessionUser(
  db: DbOrTx,
  userId: string,
  sessionId: string,
): Promise<UserRow | null> {
  if (!UUID.test(userId) || !UUID.test(sessionId)) return null;
  const [row] = await db
    .select({ user: users, sessionId: authSessions.id, revokedAt: authSessions.revokedAt })
    .from(users)
    .leftJoin(authSessions, and(eq(authSessions.id, sessionId), eq(authSessions.userId, users.id)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.sessionId || row.revokedAt) return null;
  return row.user;
}

/**
 * Checks a push socket's token as the authorize hook checks a request's (at the handshake and
 * before each subscription): the session is open, the password change is not pending and the
 * user is still a member of the token's group. Throws the refusal; else answers the user's
 * permissions in that group now (as the hook reads them: a changed role counts at once).
 */
export async function checkSocketSession(
  db: DbOrTx,
  claims: AccessClaims,
): Promise<readonly string[]> {
  const user = await findSessionUser(db, claims.sub, claims.sid);
  if (!user) throw new Error(AUTH_TEXTS.sessionExpired);
  if (user.mustChangePassword) throw new Error(ACCOUNT_TEXTS.passwordChangeRequired);
  const access = await resolveGroupAccess(db, user, claims.groupId);
  if (!access) throw new Error(AUTH_TEXTS.notMember);
  return access.permissions;
}

const invalidCredentials = () =>
  new AppError(401, ERROR_CODES.invalidCredentials, AUTH_TEXTS.loginErrorMessage);

/** Checks e-mail and password, with per-account and per-address throttling. */
export async function login(
  deps: SessionDeps,
  input: LoginInput,
  ip: string,
): Promise<IssuedSession> {
  const { db } = deps;
  const wait = await throttledForSeconds(db, input.email, ip, deps.throttle, deps.now());
  if (wait > 0) {
    await recordAudit(db, {
      actor: input.email,
      service: 'auth',
      action: 'login',
      result: 'failure',
      message: 'throttled',
      details: { ip },
    });
    throw tooManyRequests(AUTH_TEXTS.tooManyAttempts, wait);
  }
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await db.transaction(async (tx) => {
      await recordFailure(tx, input.email, ip, deps.throttle, deps.now());
      await recordAudit(tx, {
        userId: user?.id,
        actor: input.email,
        service: 'auth',
        action: 'login',
        result: 'failure',
        message: 'invalid credentials',
        details: { ip },
      });
    });
    throw invalidCredentials();
  }
  return db.transaction(async (tx) => {
    const sessionId = await openSession(deps, tx, user.id);
    const token = await signFor(deps, tx, user, sessionId);
    await clearFailures(tx, input.email);
    if (user.currentGroupId !== token.claims.groupId) {
      await tx
        .update(users)
        .set({ currentGroupId: token.claims.groupId })
        .where(eq(users.id, user.id));
    }
    const refreshToken = await issueRefresh(deps, tx, user.id, sessionId);
    await recordAudit(tx, {
      groupId: token.claims.groupId,
      userId: user.id,
      actor: user.email,
      service: 'auth',
      action: 'login',
      result: 'success',
      details: { ip },
    });
    return { token, refreshToken };
  });
}

/**
 * Exchanges a refresh token for a new access token and a new refresh token (rotation).
 * Replaying an already used token revokes its whole family: someone copied it. A token issued
 * longer ago than the idle time-out (the session was not refreshed since) ends the session.
 */
export async function refresh(
  deps: SessionDeps,
  refreshToken: string | undefined,
): Promise<IssuedSession> {
  if (!refreshToken) throw unauthenticated(AUTH_TEXTS.sessionExpired);
  const { db } = deps;
  let ended: string | null = null;
  return db
    .transaction(async (tx) => {
      const now = deps.now();
      const [session] = await tx
        .select()
        .from(refreshSessions)
        .where(eq(refreshSessions.tokenHash, sha256(refreshToken)))
        .limit(1)
        .for('update');
      if (!session || session.revokedAt || session.expiresAt.getTime() <= now) {
        throw unauthenticated(AUTH_TEXTS.sessionExpired);
      }
      const refusal = session.usedAt
        ? 'refresh token reused; session family revoked'
        : now - session.createdAt.getTime() > deps.idleTimeoutSeconds * 1000
          ? `session idle for more than ${deps.idleTimeoutSeconds} s; revoked`
          : null;
      if (refusal) {
        ended = session.familyId;
        await revokeSession(tx, session.familyId, new Date(now));
        await recordAudit(tx, {
          userId: session.userId,
          service: 'auth',
          action: 'refresh',
          result: 'failure',
          message: refusal,
        });
        return null;
      }
      const user = await findSessionUser(tx, session.userId, session.familyId);
      if (!user) throw unauthenticated(AUTH_TEXTS.sessionExpired);
      await tx
        .update(refreshSessions)
        .set({ usedAt: new Date(now) })
        .where(eq(refreshSessions.id, session.id));
      const token = await signFor(deps, tx, user, session.familyId);
      const next = await issueRefresh(deps, tx, user.id, session.familyId);
      return { token, refreshToken: next };
    })
    .then((issued) => {
      // The revocation above must commit, so the refusal is thrown after the transaction.
      if (!issued) {
        if (ended) deps.endings?.endSession(ended);
        throw unauthenticated(AUTH_TEXTS.sessionExpired);
      }
      return issued;
    });
}

/**
 * Signs out: ends the session of the refresh cookie and that of the bearer token (when it is
 * the same user's), so that their access tokens stop working at once.
 */
export async function logout(
  deps: SessionDeps,
  refreshToken: string | undefined,
  bearer: { userId: string; sessionId: string } | null,
) {
  const ended: string[] = [];
  await deps.db.transaction(async (tx) => {
    const at = new Date(deps.now());
    let userId = bearer?.userId ?? null;
    if (refreshToken) {
      const [session] = await tx
        .select({ familyId: refreshSessions.familyId, userId: refreshSessions.userId })
        .from(refreshSessions)
        .where(eq(refreshSessions.tokenHash, sha256(refreshToken)))
        .limit(1);
      if (session && (!bearer || bearer.userId === session.userId)) {
        await revokeSession(tx, session.familyId, at);
        ended.push(session.familyId);
        userId ??= session.userId;
      }
    }
    if (bearer) {
      await revokeSession(tx, bearer.sessionId, at);
      ended.push(bearer.sessionId);
    }
    await recordAudit(tx, { userId, service: 'auth', action: 'logout', result: 'success' });
  });
  for (const sessionId of new Set(ended)) deps.endings?.endSession(sessionId);
}

/** Makes another group the user's current one and signs a token for it. */
export async function switchGroup(
  deps: SessionDeps,
  caller: { userId: string; sessionId: string },
  groupId: string,
): Promise<SessionToken> {
  const { userId } = caller;
  return deps.db.transaction(async (tx) => {
    const user = await findSessionUser(tx, userId, caller.sessionId);
    if (!user) throw unauthenticated(AUTH_TEXTS.sessionExpired);
    const token = await signFor(deps, tx, user, caller.sessionId, groupId);
    await tx.update(users).set({ currentGroupId: groupId }).where(eq(users.id, userId));
    await recordAudit(tx, {
      groupId,
      userId,
      actor: user.email,
      service: 'users',
      action: 'switchGroup',
      targetId: groupId,
      result: 'success',
    });
    return token;
  });
}
