import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

export interface ThrottleLimits {
  maxFailures: number;
  windowSeconds: number;
}

/** One address may fail for several accounts (offices behind one NAT): it gets four times more. */
const ADDRESS_FACTOR = 4;

const keysFor = (email: string, ip: string) => ({ account: `email:${email}`, address: `ip:${ip}` });

/**
 * Whole seconds until the account and the address are both let in again at `nowMs` (the
 * sessions' clock), at least 1 while one is held back; 0 when neither has failed too often.
 */
export async function throttledForSeconds(
  db: DbOrTx,
  email: string,
  ip: string,
  limits: ThrottleLimits,
  nowMs: number = Date.now(),
): Promise<number> {
  const { account, address } = keysFor(email, ip);
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [account, address]));
  let waitMs = 0;
  for (const r of rows) {
    const max = r.key === address ? limits.maxFailures * ADDRESS_FACTOR : limits.maxFailures;
    const endsAt = r.windowStartedAt.getTime() + limits.windowSeconds * 1000;
    if (r.failures >= max && endsAt > nowMs) waitMs = Math.max(waitMs, endsAt - nowMs);
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
}

/** True when the account or the address has failed too often within the window. */
export async function isThrottled(
  db: DbOrTx,
  email: string,
  ip: string,
  limits: ThrottleLimits,
  nowMs: number = Date.now(),
) {
  return (await throttledForSeconds(db, email, ip, limits, nowMs)) > 0;
}

/**
 * Counts one failure for the account and the address at `nowMs`, restarting counts whose
 * window ended.
 */
export async function recordFailure(
  db: DbOrTx,
  email: string,
  ip: string,
  limits: ThrottleLimits,
  nowMs: number = Date.now(),
) {
  const { account, address } = keysFor(email, ip);
  const now = new Date(nowMs);
  const windowStart = new Date(nowMs - limits.windowSeconds * 1000);
  const expired = sql`${loginThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  for (const key of [account, address]) {
    await db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
        },
      });
  }
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearFailures(db: DbOrTx, email: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, `email:${email}`));
}
