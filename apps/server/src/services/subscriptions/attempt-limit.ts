import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

export interface AttemptLimit {
  maxAttempts: number;
  windowSeconds: number;
}

/**
 * Counts one attempt for the key in a fixed window and answers whether it is within the limit.
 * The counts share the sign-in throttle table (key, count, window start) under their own key
 * prefix, so that every server process on one database sees the same count.
 */
export async function countAttempt(db: DbOrTx, key: string, limit: AttemptLimit): Promise<boolean> {
  const expired = sql`${loginThrottle.windowStartedAt} < now() - make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ count: loginThrottle.failures });
  return (row?.count ?? 1) <= limit.maxAttempts;
}

/** The attempt-limit key of a client address on the public subscription endpoint. */
export const subscriptionAttemptKey = (ip: string) => `subscription:ip:${ip}`;
