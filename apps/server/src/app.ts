import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@callsight/shared';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { ClickHouseClient } from './db/clickhouse/client.ts';
import type { App, AppContext } from './app-context.ts';
import { errorHandler } from './lib/error-handler.ts';
import { loggerOptions, type LogStream } from './lib/request-log.ts';
import { createTokenSigner } from './services/auth/access-token.ts';
import { createGuestTokenSigner } from './services/canvas/guest-token.ts';
import { createSupersetFromConfig } from './adapters/superset/index.ts';
import { makeAuthorize } from './plugins/authenticate.ts';
import { makeAuthorizeApiKey } from './plugins/api-key.ts';
import { registerIngestCors } from './plugins/ingest-cors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStorableInput } from './plugins/storable-input.ts';
import { attachPushServer } from './push/push-server.ts';
import { checkSocketSession, type SessionDeps } from './services/auth/session.ts';
import { recordAudit } from './services/audit/audit-log.ts';
import { buildAppServices, type AppServices } from './app-services.ts';
import { agentSocketAuth } from './services/workflows/agent-socket-auth.ts';
import { ROUTE_MODULES } from './routes/index.ts';
import { PUBLIC_ROUTES } from './routes/public-routes.ts';
import { guardRoute } from './plugins/route-guard.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a test may hand the app in place of its config's outside services. */
export interface BuildAppOptions {
  /** The telemetry store's ClickHouse (chDB in tests) in place of CLICKHOUSE_URL's. */
  clickHouse?: ClickHouseClient;
  /** Where the logger writes in place of stdout. */
  logStream?: LogStream;
}

/** Builds the Fastify instance: plugins, services, routes, push and the web app. */
export async function buildApp(
  config: AppConfig,
  database: Database,
  jwtSecret: string,
  options: BuildAppOptions = {},
): Promise<{ app: App; ctx: AppContext }> {
  const app = Fastify({
    ...loggerOptions(config.LOG_LEVEL, options.logStream),
    bodyLimit: 10 * 1024 * 1024,
    // Only configured proxies may name the client (X-Forwarded-For): the sign-in and
    // subscription limits count per address, and the audit log records it.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorateRequest('caller', null);
  app.decorateRequest('apiKey', null);

  await app.register(fastifyCookie);
  await registerSecurityHeaders(
    app,
    config.EMBED_FRAME_ANCESTORS,
    config.SUPERSET_URL ? [new URL(config.SUPERSET_URL).origin] : [],
  );
  await registerIngestCors(app, config.INGEST_CORS_ORIGINS);
  registerStorableInput(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Callsight API',
        version: '0.1.0',
        description: 'Call-quality monitoring and contact-centre assurance',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const signer = createTokenSigner(jwtSecret, config.ACCESS_TOKEN_TTL_SECONDS);
  const db = database.db;
  const sessionDeps: SessionDeps = {
    db,
    signer,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    idleTimeoutSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    now: Date.now,
    dataDir: config.DATA_DIR,
    throttle: {
      maxFailures: config.LOGIN_MAX_FAILURES,
      windowSeconds: config.LOGIN_FAILURE_WINDOW_SECONDS,
    },
  };
  const push = attachPushServer(app.server, signer, {
    verifyApiKey: agentSocketAuth(db),
    checkSession: (claims) => checkSocketSession(db, claims),
    // Read through sessionDeps: tests move the sessions' clock there.
    now: () => sessionDeps.now(),
  });
  // Ended sessions close their push sockets (on every process, through the adapter).
  sessionDeps.endings = push;
  app.addHook('onClose', () => push.close());
  let services: AppServices;
  try {
    services = await buildAppServices({
      config,
      db,
      push,
      log: app.log,
      clickHouse: options.clickHouse,
    });
  } catch (err) {
    // The telemetry store could not open (ClickHouse unreachable): nothing else is left open.
    await app.close();
    throw err;
  }
  app.addHook('onReady', async () => services.start());
  app.addHook('onClose', () => services.stop());
  const ctx: AppContext = {
    app,
    config,
    db,
    dbKind: database.kind,
    signer,
    guestTokens: createGuestTokenSigner(jwtSecret),
    superset: createSupersetFromConfig(config),
    authorize: makeAuthorize(db, signer),
    authorizeApiKey: makeAuthorizeApiKey(db),
    push,
    ...services,
    sessionDeps,
  };

  // Refused writes are audited too; successful ones write their row inside their transaction.
  // Written before the answer leaves, so a client that sees the refusal finds it in the log.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!MUTATING.has(request.method) || reply.statusCode < 400) return payload;
    if (request.routeOptions.config?.auditSelf || !request.routeOptions.url?.startsWith('/api/'))
      return payload;
    const caller = request.caller ?? request.refusedTo;
    await recordAudit(db, {
      groupId: caller?.groupId ?? null,
      userId: caller?.userId ?? null,
      actor: caller?.email ?? null,
      service: request.routeOptions.url.split('/')[2] ?? 'api',
      action: `${request.method} ${request.routeOptions.url}`,
      result: 'failure',
      message: `HTTP ${reply.statusCode}`,
    }).catch((err: unknown) => request.log.error({ err }, 'could not write audit row'));
    return payload;
  });

  app.addHook('onRoute', (route) => guardRoute(route, PUBLIC_ROUTES));
  for (const routes of ROUTE_MODULES) {
    await routes(ctx);
  }

  await serveWebApp(app, config);
  return { app, ctx };
}

/** Serves the built web app with a single-page fallback; unknown /api paths answer JSON 404. */
async function serveWebApp(app: App, config: AppConfig) {
  const indexFile = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const sendApp = (reply: FastifyReply) => reply.type('text/html').sendFile('index.html');
  if (hasWeb) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: true, index: false });
    // The static files' wildcard answers a directory (the root address too) with 403.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendApp(reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply.code(404).send({
        error: { code: ERROR_CODES.notFound, message: `No route ${request.method} ${url}` },
      });
    }
    if (!hasWeb) {
      return reply
        .code(404)
        .type('text/plain')
        .send('The web app is not built: run `npm run build`.');
    }
    return sendApp(reply);
  });
}
