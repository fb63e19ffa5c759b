import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorSchema, LoginInputSchema, OkSchema, SessionTokenSchema } from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import * as session from '../services/auth/session.ts';
import { bearerToken } from '../plugins/authenticate.ts';

export const REFRESH_COOKIE = 'callsight_refresh';
const COOKIE_PATH = '/api/auth';
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** Sign-in, token refresh (rotating httpOnly cookie) and sign-out. */
export async function authRoutes(ctx: AppContext) {
  const { app, config, sessionDeps, signer } = ctx;

  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      // request.protocol believes X-Forwarded-Proto only from a TRUST_PROXY address.
      secure: config.COOKIE_SECURE || reply.request.protocol === 'https',
      path: COOKIE_PATH,
      maxAge: config.REFRESH_TOKEN_TTL_SECONDS,
    });
  const readRefreshCookie = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE];

  app.post('/api/auth/login', {
    schema: {
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      body: LoginInputSchema,
      response: { 200: SessionTokenSchema, ...errors },
    },
    config: { auditSelf: true },
    handler: async (request, reply) => {
      const issued = await session.login(sessionDeps, request.body, request.ip);
      setRefreshCookie(reply, issued.refreshToken);
      return issued.token;
    },
  });

  app.post('/api/auth/refresh', {
    schema: {
      tags: ['auth'],
      summary: 'Exchange the refresh cookie for a new access token',
      response: { 200: SessionTokenSchema, ...errors },
    },
    config: { auditSelf: true },
    handler: async (request, reply) => {
      try {
        const issued = await session.refresh(sessionDeps, readRefreshCookie(request));
        setRefreshCookie(reply, issued.refreshToken);
        return issued.token;
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        throw err;
      }
    },
  });

  app.post('/api/auth/logout', {
    schema: {
      tags: ['auth'],
      summary: 'Sign out: revoke this session',
      response: { 200: OkSchema, ...errors },
    },
    config: { auditSelf: true },
    handler: async (request, reply) => {
      const bearer = bearerToken(request);
      const claims = bearer
        ? await signer.verify(bearer).then(
            (c) => ({ userId: c.sub, sessionId: c.sid }),
            () => null,
          )
        : null;
      await session.logout(sessionDeps, readRefreshCookie(request), claims);
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return { ok: true as const };
    },
  });
}
