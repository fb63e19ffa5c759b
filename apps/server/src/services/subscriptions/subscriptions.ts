import { and, eq, lt } from 'drizzle-orm';
import { SUBSCRIPTION_TEXTS, type Subscription, type SubscriptionRequest } from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { marketplaceSubscriptions } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit-log.ts';

type SubscriptionRow = typeof marketplaceSubscriptions.$inferSelect;

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    customerCode: row.customerCode,
    productCode: row.productCode,
    subscriptionEnd: row.subscriptionEnd ? row.subscriptionEnd.toISOString() : null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** PostgreSQL unique violation, possibly wrapped by the query layer. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : null;
  }
  return false;
}

/**
 * Records a marketplace subscription (spec 000 §2.2, §7): one active subscription per customer,
 * a second one is 409 "Subscription already exists". An active subscription whose end has passed
 * is marked expired first, so the customer may subscribe again. Audited with the client address.
 */
export async function createSubscription(
  db: Db,
  input: SubscriptionRequest,
  meta: { ip: string },
): Promise<Subscription> {
  const now = new Date();
  if (input.subscriptionEnd && input.subscriptionEnd.getTime() <= now.getTime()) {
    throw badRequest(SUBSCRIPTION_TEXTS.endPassed, {
      subscriptionEnd: SUBSCRIPTION_TEXTS.endPassed,
    });
  }
  try {
    return await db.transaction(async (tx) => {
      const mine = eq(marketplaceSubscriptions.customerCode, input.customerCode);
      const active = eq(marketplaceSubscriptions.status, 'active');
      await tx
        .update(marketplaceSubscriptions)
        .set({ status: 'expired' })
        .where(and(mine, active, lt(marketplaceSubscriptions.subscriptionEnd, now)));
      const [existing] = await tx
        .select({ id: marketplaceSubscriptions.id })
        .from(marketplaceSubscriptions)
        .where(and(mine, active));
      if (existing) throw conflict(SUBSCRIPTION_TEXTS.alreadyExists);
      const [row] = await tx
        .insert(marketplaceSubscriptions)
        .values({
          customerCode: input.customerCode,
          productCode: input.productCode,
          subscriptionEnd: input.subscriptionEnd,
        })
        .returning();
      if (!row) throw new Error('subscription not inserted');
      await recordAudit(tx, {
        service: 'subscription',
        action: 'createSubscription',
        actor: `marketplace:${input.customerCode}`,
        targetId: row.id,
        result: 'success',
        message: 'Marketplace subscription recorded',
        details: {
          customerCode: input.customerCode,
          productCode: input.productCode,
          subscriptionEnd: row.subscriptionEnd?.toISOString() ?? null,
          ip: meta.ip,
        },
      });
      return toSubscription(row);
    });
  } catch (err) {
    // Two requests racing past the check meet the one-active-per-customer index.
    if (isUniqueViolation(err)) throw conflict(SUBSCRIPTION_TEXTS.alreadyExists);
    throw err;
  }
}
