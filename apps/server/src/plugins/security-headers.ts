import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { App } from '../app-context.ts';

/** Pages under this prefix (the canvas embeds) may be framed by EMBED_FRAME_ANCESTORS; nothing else. */
export const EMBED_PATH_PREFIX = '/embed/';

/** True for the embed prefix's pages: the only ones another origin may frame. */
export function isEmbedPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/embed' || path.startsWith(EMBED_PATH_PREFIX);
}

// A Host header is the client's to choose: only a plain host[:port] goes into the policy.
const HOST_PATTERN = /^([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

/** The page's own origin, plus its WebSocket origins (push), which older browsers' 'self' omits. */
function connectSources(req: IncomingMessage): string {
  const host = req.headers.host;
  return host && HOST_PATTERN.test(host) ? `'self' ws://${host} wss://${host}` : "'self'";
}

/**
 * The policy of every answer: the built web app (Vite module scripts from 'self', MUI/emotion
 * style tags, ECharts canvases, data:/blob: images, push on the same origin), Swagger UI at
 * /api/docs and the demo softphone all load only from the server itself.
 */
function contentSecurityPolicy(embedAncestors: readonly string[], frameSources: readonly string[]) {
  const embedFrameAncestors = ["'self'", ...embedAncestors].join(' ');
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // Emotion (MUI) writes <style> tags at run time; a nonce would need server-rendered HTML.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // Recordings are fetched with the session's headers and played from blob: URLs.
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: [connectSources],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      // A configured Superset's dashboards are framed by its embedded SDK; else default-src.
      ...(frameSources.length ? { frameSrc: ["'self'", ...frameSources] } : {}),
      frameAncestors: [
        (req: IncomingMessage) => (isEmbedPath(req.url ?? '') ? embedFrameAncestors : "'none'"),
      ],
    },
  };
}

/**
 * Security headers on every answer (@fastify/helmet): CSP, X-Content-Type-Options, frame rules
 * and helmet's other defaults. Framing is denied except under the embed prefix, which the
 * listed origins (and the app itself) may frame; the app frames itself and `frameSources`.
 */
export async function registerSecurityHeaders(
  app: App,
  embedAncestors: readonly string[],
  frameSources: readonly string[] = [],
) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(embedAncestors, frameSources),
    frameguard: { action: 'deny' },
  });
  // X-Frame-Options cannot name origins: under the embed prefix frame-ancestors decides alone.
  app.addHook('onRequest', (request, reply, done) => {
    if (isEmbedPath(request.url)) {
      if (embedAncestors.length > 0) reply.raw.removeHeader('x-frame-options');
      else reply.raw.setHeader('x-frame-options', 'SAMEORIGIN');
    }
    done();
  });
}
