import { eq } from 'drizzle-orm';
import { ACCOUNT_TEXTS, AUTH_TEXTS, type ChangePasswordInput } from '@callsight/shared';
import { users } from '../../db/schema/index.ts';
import { badRequest, tooManyRequests, unauthenticated } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { findUserById } from '../groups/group-access.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { clearFailures, recordFailure, throttledForSeconds } from './login-throttle.ts';
import { removeInitialAdmin } from './initial-admin.ts';
import { revokeOtherSessions, type SessionDeps } from './session.ts';

export interface PasswordChanger {
  userId: string;
  email: string;
  groupId: string;
  sessionId: string;
}

/**
 * Changes the caller's own password: the current one must be right (failures count towards the
 * sign-in throttle, so a stolen token cannot guess it), the new one follows the policy (checked
 * by the route's schema) and differs. Ends the user's other sessions; this one stays signed in.
 */
export async function changePassword(
  deps: SessionDeps,
  caller: PasswordChanger,
  input: ChangePasswordInput,
  ip: string,
): Promise<{ otherSessionsEnded: number }> {
  const { db } = deps;
  const wait = await throttledForSeconds(db, caller.email, ip, deps.throttle, deps.now());
  if (wait > 0) throw tooManyRequests(AUTH_TEXTS.tooManyAttempts, wait);
  const user = await findUserById(db, caller.userId);
  if (!user) throw unauthenticated(AUTH_TEXTS.sessionExpired);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordFailure(db, caller.email, ip, deps.throttle, deps.now());
    throw badRequest(ACCOUNT_TEXTS.wrongCurrentPassword, {
      currentPassword: ACCOUNT_TEXTS.wrongCurrentPassword,
    });
  }
  if (input.newPassword === input.currentPassword) {
    throw badRequest(ACCOUNT_TEXTS.samePassword, { newPassword: ACCOUNT_TEXTS.samePassword });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await db.transaction(async (tx) => {
    const at = new Date(deps.now());
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(users.id, user.id));
    const count = await revokeOtherSessions(tx, user.id, caller.sessionId, at);
    await clearFailures(tx, caller.email);
    await recordAudit(tx, {
      groupId: caller.groupId,
      userId: user.id,
      actor: user.email,
      service: 'users',
      action: 'changePassword',
      targetId: user.id,
      result: 'success',
      details: { otherSessionsEnded: count, wasRequired: user.mustChangePassword },
    });
    return count;
  });
  // After the commit: the generated password it holds no longer opens anything.
  removeInitialAdmin(deps.dataDir, user.email);
  deps.endings?.endUserSessions(user.id, caller.sessionId);
  return { otherSessionsEnded: ended };
}
