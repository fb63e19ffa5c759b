import type { FastifyError, FastifyRequest } from 'fastify';
import {
  ApiErrorSchema,
  SUBSCRIPTION_TEXTS,
  SubscriptionRequestSchema,
  SubscriptionSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { tooManyRequests } from '../lib/errors.ts';
import { recordAudit } from '../services/audit/audit-log.ts';
import { countAttempt, subscriptionAttemptKey } from '../services/subscriptions/attempt-limit.ts';
import { createSubscription } from '../services/subscriptions/subscriptions.ts';

const errors = { 400: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

/** The codes of a body, as far as they are strings: enough to trace a refused attempt. */
function attemptDetails(request: FastifyRequest) {
  const body: unknown = request.body;
  const pick = (key: string) => {
    if (!body || typeof body !== 'object' || !(key in body)) return null;
    const value: unknown = (body as Record<string, unknown>)[key];
    return typeof value === 'string' ? value.slice(0, 200) : null;
  };
  return { customerCode: pick('customerCode'), productCode: pick('productCode'), ip: request.ip };
}

/**
 * Marketplace subscription (spec 000 §2.2, §7): public, no sign-in. Each address has a limited
 * number of attempts per window (counted before the body is read); every attempt is audited,
 * refused ones with the reason.
 */
export async function subscriptionRoutes({ app, db, config, sessionDeps }: AppContext) {
  const limit = {
    maxAttempts: config.SUBSCRIPTION_MAX_ATTEMPTS,
    windowSeconds: config.SUBSCRIPTION_ATTEMPT_WINDOW_SECONDS,
  };
  for (const url of ['/api/subscription/', '/api/subscription']) {
    app.post(url, {
      config: { auditSelf: true },
      schema: {
        hide: url === '/api/subscription',
        tags: ['subscription'],
        summary: 'Record a marketplace subscription (public; one active subscription per customer)',
        security: [],
        body: SubscriptionRequestSchema,
        response: { 201: SubscriptionSchema, ...errors },
      },
      onRequest: async (request) => {
        // The limit runs on the sign-in throttle's clock (the sessions' one, moved by tests).
        const key = subscriptionAttemptKey(request.ip);
        const wait = await countAttempt(db, key, limit, sessionDeps.now());
        if (wait > 0) throw tooManyRequests(SUBSCRIPTION_TEXTS.tooManyAttempts, wait);
      },
      onError: async (request, _reply, error: FastifyError) => {
        await recordAudit(db, {
          service: 'subscription',
          action: 'createSubscription',
          actor: null,
          result: 'failure',
          message: `HTTP ${error.statusCode ?? 500}: ${error.message}`.slice(0, 500),
          details: attemptDetails(request),
        }).catch((err: unknown) => request.log.error({ err }, 'could not write audit row'));
      },
      handler: async (request, reply) =>
        reply.code(201).send(await createSubscription(db, request.body, { ip: request.ip })),
    });
  }
}
