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

/** True when the account or the address has failed too often within the window. */
export async function isThrottled(db: DbOrTx, email: string, ip: string, limits: ThrottleLimits) {
  const { account, address } = keysFor(email, ip);
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [account, address]));
  const windowStart = Date.now() - limits.windowSeconds * 1000;
  return rows.some((r) => {
    if (r.windowStartedAt.getTime() < windowStart) return false;
    const max = r.key === address ? limits.maxFailures * ADDRESS_FACTOR : limits.maxFailures;
    return r.failures >= max;
  });
}

/** Counts one failure for the account and the address, restarting counts whose window ended. */
export async function recordFailure(db: DbOrTx, email: string, ip: string, limits: ThrottleLimits) {
  const { account, address } = keysFor(email, ip);
  const expired = sql`${loginThrottle.windowStartedAt} < now() - make_interval(secs => ${limits.windowSeconds})`;
  for (const key of [account, address]) {
    await db
      .insert(loginThrottle)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then now() else ${loginThrottle.windowStartedAt} end`,
        },
      });
  }
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearFailures(db: DbOrTx, email: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, `email:${email}`));
}
