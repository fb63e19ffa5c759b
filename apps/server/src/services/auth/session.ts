import { and, eq, isNull } from 'drizzle-orm';
import { AUTH_TEXTS, ERROR_CODES, type LoginInput, type SessionToken } from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { refreshSessions, users } from '../../db/schema/index.ts';
import { AppError, forbidden, tooManyRequests, unauthenticated } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { recordAudit, type DbOrTx } from '../audit/audit-log.ts';
import { pickCurrentGroup, resolveGroupAccess, findUserById } from '../groups/group-access.ts';
import { enabledFeatures } from '../groups/features.ts';
import { verifyPassword } from './passwords.ts';
import type { TokenSigner } from './access-token.ts';
import {
  clearFailures,
  isThrottled,
  recordFailure,
  type ThrottleLimits,
} from './login-throttle.ts';

export interface SessionDeps {
  db: Db;
  signer: TokenSigner;
  refreshTtlSeconds: number;
  throttle: ThrottleLimits;
}

export interface IssuedSession {
  token: SessionToken;
  refreshToken: string;
}

type UserRow = typeof users.$inferSelect;

/** Signs an access token for the user in the given group (or their current one). */
async function signFor(
  deps: SessionDeps,
  db: DbOrTx,
  user: UserRow,
  groupId?: string,
): Promise<SessionToken> {
  const access = groupId
    ? await resolveGroupAccess(db, user, groupId)
    : await pickCurrentGroup(db, user);
  if (!access)
    throw forbidden(groupId ? AUTH_TEXTS.notMember : 'Your account is not a member of any group.');
  return deps.signer.sign({
    sub: user.id,
    email: user.email,
    name: user.name,
    groupId: access.groupId,
    permissions: access.permissions,
    features: await enabledFeatures(db, access.groupId),
  });
}

async function issueRefresh(deps: SessionDeps, db: DbOrTx, userId: string, familyId?: string) {
  const refreshToken = randomToken();
  const [row] = await db
    .insert(refreshSessions)
    .values({
      userId,
      familyId: familyId ?? crypto.randomUUID(),
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + deps.refreshTtlSeconds * 1000),
    })
    .returning({ familyId: refreshSessions.familyId });
  return { refreshToken, familyId: row?.familyId };
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
  if (await isThrottled(db, input.email, ip, deps.throttle)) {
    await recordAudit(db, {
      actor: input.email,
      service: 'auth',
      action: 'login',
      result: 'failure',
      message: 'throttled',
      details: { ip },
    });
    throw tooManyRequests(AUTH_TEXTS.tooManyAttempts);
  }
  const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await db.transaction(async (tx) => {
      await recordFailure(tx, input.email, ip, deps.throttle);
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
    const token = await signFor(deps, tx, user);
    await clearFailures(tx, input.email);
    if (user.currentGroupId !== token.claims.groupId) {
      await tx
        .update(users)
        .set({ currentGroupId: token.claims.groupId })
        .where(eq(users.id, user.id));
    }
    const { refreshToken } = await issueRefresh(deps, tx, user.id);
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
 * Replaying an already used token revokes its whole family: someone copied it.
 */
export async function refresh(
  deps: SessionDeps,
  refreshToken: string | undefined,
): Promise<IssuedSession> {
  if (!refreshToken) throw unauthenticated(AUTH_TEXTS.sessionExpired);
  const { db } = deps;
  return db
    .transaction(async (tx) => {
      const [session] = await tx
        .select()
        .from(refreshSessions)
        .where(eq(refreshSessions.tokenHash, sha256(refreshToken)))
        .limit(1)
        .for('update');
      if (!session || session.revokedAt || session.expiresAt.getTime() <= Date.now()) {
        throw unauthenticated(AUTH_TEXTS.sessionExpired);
      }
      if (session.usedAt) {
        await tx
          .update(refreshSessions)
          .set({ revokedAt: new Date() })
          .where(
            and(eq(refreshSessions.familyId, session.familyId), isNull(refreshSessions.revokedAt)),
          );
        await recordAudit(tx, {
          userId: session.userId,
          service: 'auth',
          action: 'refresh',
          result: 'failure',
          message: 'refresh token reused; session family revoked',
        });
        return null;
      }
      const user = await findUserById(tx, session.userId);
      if (!user) throw unauthenticated(AUTH_TEXTS.sessionExpired);
      await tx
        .update(refreshSessions)
        .set({ usedAt: new Date() })
        .where(eq(refreshSessions.id, session.id));
      const token = await signFor(deps, tx, user);
      const next = await issueRefresh(deps, tx, user.id, session.familyId);
      return { token, refreshToken: next.refreshToken };
    })
    .then((issued) => {
      // The family revocation above must commit, so the refusal is thrown after the transaction.
      if (!issued) throw unauthenticated(AUTH_TEXTS.sessionExpired);
      return issued;
    });
}

/** Revokes the refresh token's whole family (this browser's session). */
export async function logout(
  deps: SessionDeps,
  refreshToken: string | undefined,
  userId: string | null,
) {
  await deps.db.transaction(async (tx) => {
    if (refreshToken) {
      const [session] = await tx
        .select({ familyId: refreshSessions.familyId, userId: refreshSessions.userId })
        .from(refreshSessions)
        .where(eq(refreshSessions.tokenHash, sha256(refreshToken)))
        .limit(1);
      if (session) {
        await tx
          .update(refreshSessions)
          .set({ revokedAt: new Date() })
          .where(
            and(eq(refreshSessions.familyId, session.familyId), isNull(refreshSessions.revokedAt)),
          );
        userId ??= session.userId;
      }
    }
    await recordAudit(tx, { userId, service: 'auth', action: 'logout', result: 'success' });
  });
}

/** Makes another group the user's current one and signs a token for it. */
export async function switchGroup(
  deps: SessionDeps,
  userId: string,
  groupId: string,
): Promise<SessionToken> {
  return deps.db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw unauthenticated(AUTH_TEXTS.sessionExpired);
    const token = await signFor(deps, tx, user, groupId);
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
