import { z } from 'zod';
import {
  ApiErrorSchema,
  BILLING_ACCESS,
  BillingAuditLogPageSchema,
  BillingAuditLogQuerySchema,
  BillingRunResultSchema,
  LinkSubscriptionSchema,
  MarketplaceBillingSchema,
  MarketplaceCustomerSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callerOf } from '../plugins/authenticate.ts';
import { runMonthlyBilling } from '../services/billing/billing-run.ts';
import {
  linkSubscription,
  listBillingAuditLogs,
  listMarketplaceCustomers,
} from '../services/billing/marketplace.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const tags = ['marketplace'];

const SubscriptionParams = z.object({ id: z.uuid({ error: 'id must be a subscription id' }) });

/**
 * Marketplace billing for platform staff with the billing permission (spec 001 §3, issue 22):
 * the marketplace customers and their minutes, linking a subscription to a customer, a billing
 * run now, and the billing audit log.
 */
export async function marketplaceRoutes(ctx: AppContext) {
  const { app, db, authorize } = ctx;
  const metering = ctx.marketplaceMetering;
  const billing = { onRequest: authorize(BILLING_ACCESS) };

  app.get('/api/marketplace/customerMarketplaceBilling', {
    ...billing,
    schema: {
      tags,
      summary:
        'Marketplace customers (linked subscriptions, minutes of this month and the 12 before) and the subscriptions not linked yet',
      response: { 200: MarketplaceBillingSchema, ...errors },
    },
    handler: () => listMarketplaceCustomers(db, new Date()),
  });

  app.put('/api/marketplace/subscriptions/:id/link', {
    ...billing,
    schema: {
      tags,
      summary:
        'Link a marketplace subscription to the customer it bills, with its included minutes and minutes type',
      params: SubscriptionParams,
      body: LinkSubscriptionSchema,
      response: { 200: z.object({ customer: MarketplaceCustomerSchema.nullable() }), ...errors },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const customer = await linkSubscription(db, request.params.id, request.body, {
        userId: caller.userId,
        email: caller.email,
      });
      return { customer };
    },
  });

  app.post('/api/marketplace/billing/run', {
    ...billing,
    schema: {
      tags,
      summary:
        "Run the monthly billing now: record each subscription's previous month once due and send what is not sent yet",
      response: { 200: BillingRunResultSchema, ...errors },
    },
    handler: async (request) => {
      const result = await runMonthlyBilling(db, metering, new Date(), { log: request.log });
      return { sent: result.sent, failed: result.failed };
    },
  });

  app.get('/api/marketplace/billingAuditLogs', {
    ...billing,
    schema: {
      tags,
      summary: 'Billing audit log: every send of usage to a marketplace, newest first',
      querystring: BillingAuditLogQuerySchema,
      response: { 200: BillingAuditLogPageSchema, ...errors },
    },
    handler: (request) => listBillingAuditLogs(db, request.query),
  });
}
