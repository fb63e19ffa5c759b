import fastifyCors from '@fastify/cors';
import type { App } from '../app-context.ts';

export const INGEST_PATH_PREFIX = '/api/ingest/';
/** OpenTelemetry's standard trace export path (browser SDKs send cross-origin too). */
export const OTLP_TRACES_PATH = '/v1/traces';

/**
 * Cross-origin access for the ingestion API only: softphones (the collector SDK) run on their own
 * pages, e.g. a CRM embedding Amazon Connect's CCP. Ingestion authenticates with an API key in
 * the Authorization header, never with cookies, so no credentials are allowed across origins.
 * Every other route stays same-origin.
 */
export async function registerIngestCors(app: App, allowedOrigins: readonly string[]) {
  const anyOrigin = allowedOrigins.includes('*');
  await app.register(fastifyCors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      if (
        !request.url.startsWith(INGEST_PATH_PREFIX) &&
        !request.url.startsWith(OTLP_TRACES_PATH)
      ) {
        callback(null, { origin: false });
        return;
      }
      callback(null, {
        origin: anyOrigin ? '*' : [...allowedOrigins],
        methods: ['POST', 'GET', 'OPTIONS'],
        allowedHeaders: ['Authorization', 'Content-Type'],
        exposedHeaders: ['Retry-After'],
        credentials: false,
        maxAge: 600,
      });
    },
  });
}
