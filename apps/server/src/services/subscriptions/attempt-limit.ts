import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

export interface AttemptLimit {
  maxAttempts: number;
  windowSeconds: number;
}

/**
 * Counts one attempt for the key at `nowMs` in a fixed window and answers 0 when it is within
 * the limit, else the whole seconds (at least 1) until the window ends and attempts count again.
 * The counts share the sign-in throttle table (key, count, window start) under their own key
 * prefix, so that every server process on one database sees the same count.
 */
export async function countAttempt(
  db: DbOrTx,
  key: string,
  limit: AttemptLimit,
  nowMs: number = Date.now(),
): Promise<number> {
  const now = new Date(nowMs);
  const windowStart = new Date(nowMs - limit.windowSeconds * 1000);
  const expired = sql`${loginThrottle.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ count: loginThrottle.failures, startedAt: loginThrottle.windowStartedAt });
  if (!row || row.count <= limit.maxAttempts) return 0;
  const waitMs = row.startedAt.getTime() + limit.windowSeconds * 1000 - nowMs;
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/** The attempt-limit key of a client address on the public subscription endpoint. */
export const subscriptionAttemptKey = (ip: string) => `subscription:ip:${ip}`;
