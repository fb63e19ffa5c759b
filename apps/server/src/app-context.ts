import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { TokenSigner } from './services/auth/access-token.ts';
import type { GuestTokenSigner } from './services/canvas/guest-token.ts';
import type { Superset } from './adapters/superset/index.ts';
import type { SessionDeps } from './services/auth/session.ts';
import type { Authorize } from './plugins/authenticate.ts';
import type { AuthorizeApiKey } from './plugins/api-key.ts';
import type { PushPublisher } from './push/push-server.ts';
import type { AppServices } from './app-services.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every route module receives: the app and the services built once at start. */
export interface AppContext extends Omit<AppServices, 'start' | 'stop'> {
  app: App;
  config: AppConfig;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  signer: TokenSigner;
  /** Guest tokens of the embedded dashboards (one dashboard, one team's row rules). */
  guestTokens: GuestTokenSigner;
  /** A configured Superset (SUPERSET_URL): its mapped dashboards' guest tokens come from it. */
  superset?: Superset | null;
  sessionDeps: SessionDeps;
  authorize: Authorize;
  /** Pre-handler of API-key routes (ingestion): sets request.apiKey or answers 401. */
  authorizeApiKey: AuthorizeApiKey;
  push: PushPublisher;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route writes its own audit rows, failures included. */
    auditSelf?: boolean;
  }
}
