import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { z } from 'zod';
import { ACCOUNT_TEXTS, AUTH_TEXTS, agentPushPage, type AccessClaims } from '@callsight/shared';
import type { TokenSigner } from '../services/auth/access-token.ts';

const PageNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:/-]+$/);

/** Publishes messages to the sockets of one group that subscribed to a page. */
export interface PushPublisher {
  publish(groupId: string, page: string, message: unknown): void;
  /**
   * Shares push with the other server processes through Redis (REDIS_URL): socket.io's Redis
   * adapter, so a message published here reaches sockets connected to any process. Called once,
   * before the server listens; rejects, naming REDIS_URL, when Redis cannot be reached.
   */
  shareThroughRedis(url: string, log: PushLog): Promise<void>;
  /** Closes the sockets, then the Redis clients. */
  close(): Promise<void>;
}

export interface PushLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/** Connection attempts at start before the server gives up (about 1.5 s in all). */
const REDIS_START_ATTEMPTS = 5;

const REDIS_CLOSE_TIMEOUT_MS = 2000;

/** A Redis URL as it may be logged: without its password. */
function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * The publishing and the subscribing client of the Redis adapter. Once connected they reconnect
 * for ever (push across processes resumes when Redis is back); at start, a few failed attempts
 * end the start with an error.
 */
async function connectRedis(url: string, log: PushLog) {
  let connected = false;
  const pub = createClient({
    url,
    socket: {
      connectTimeout: 3000,
      reconnectStrategy: (retries, cause) =>
        !connected && retries >= REDIS_START_ATTEMPTS - 1
          ? cause
          : Math.min(100 * 2 ** retries, 5000),
    },
  });
  const sub = pub.duplicate();
  for (const [name, client] of [
    ['publish', pub],
    ['subscribe', sub],
  ] as const) {
    // Without a listener an 'error' event would end the process; one line per outage.
    let healthy = true;
    client.on('error', (err: Error) => {
      if (!connected || !healthy) return;
      healthy = false;
      log.warn(`Redis (${name} client) unavailable, push across processes paused: ${err.message}`);
    });
    client.on('ready', () => {
      if (!healthy) log.info(`Redis (${name} client) is back`);
      healthy = true;
    });
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    // A client whose reconnect strategy gave up is closed already (destroy would throw).
    for (const client of [pub, sub]) if (client.isOpen) client.destroy();
    const why = err instanceof Error ? (err.cause instanceof Error ? err.cause : err).message : err;
    throw new Error(`Could not connect to Redis at REDIS_URL=${redactedUrl(url)}: ${String(why)}`, {
      cause: err,
    });
  }
  connected = true;
  return { pub, sub };
}

const roomOf = (groupId: string, page: string) => `group:${groupId}:page:${page}`;

/**
 * socket.io on the app's HTTP server, authenticated with the access token; each socket lives
 * in its token's group and joins page rooms with subscribeToPage / unsubscribeFromPage.
 */
export function attachPushServer(
  httpServer: HttpServer,
  signer: TokenSigner,
  /** Collectors: resolves a group API key to its group (null when refused); see agentSocketAuth. */
  verifyApiKey?: (apiKey: string) => Promise<string | null>,
  /** The token's user while its session is open (null once signed out), as routes check it. */
  findSessionUser?: (claims: AccessClaims) => Promise<{ mustChangePassword: boolean } | null>,
): PushPublisher {
  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
  });

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const { apiKey, agent } = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    // A collector (group API key + agent) receives only its agent's page (workflow alerts).
    if (typeof token !== 'string' && verifyApiKey && typeof apiKey === 'string') {
      if (typeof agent !== 'string' || agent === '') return next(new Error('agent is required'));
      verifyApiKey(apiKey).then(
        (groupId) => {
          if (!groupId) return next(new Error('Invalid API key'));
          socket.data.groupId = groupId;
          socket.data.agentOnly = true;
          void socket.join(roomOf(groupId, agentPushPage(agent)));
          next();
        },
        (err: Error) => next(new Error(err.message)),
      );
      return;
    }
    if (typeof token !== 'string') return next(new Error('Sign in required'));
    const admit = async (claims: AccessClaims) => {
      const user = findSessionUser ? await findSessionUser(claims) : { mustChangePassword: false };
      if (!user) throw new Error(AUTH_TEXTS.sessionExpired);
      if (user.mustChangePassword) throw new Error(ACCOUNT_TEXTS.passwordChangeRequired);
      return claims;
    };
    signer
      .verify(token)
      .then(admit)
      .then(
        (claims) => {
          socket.data.groupId = claims.groupId;
          socket.data.userId = claims.sub;
          void socket.join(`group:${claims.groupId}`);
          next();
        },
        (err: Error) => next(new Error(err.message)),
      );
  });

  let redis: Awaited<ReturnType<typeof connectRedis>> | null = null;
  let closed = false;

  io.on('connection', (socket) => {
    const groupId = String(socket.data.groupId);
    socket.on('subscribeToPage', (page: unknown, ack?: unknown) => {
      if (socket.data.agentOnly === true) {
        if (typeof ack === 'function') ack({ ok: false });
        return;
      }
      const parsed = PageNameSchema.safeParse(page);
      if (parsed.success) void socket.join(roomOf(groupId, parsed.data));
      if (typeof ack === 'function') ack({ ok: parsed.success });
    });
    socket.on('unsubscribeFromPage', (page: unknown, ack?: unknown) => {
      const parsed = PageNameSchema.safeParse(page);
      if (parsed.success) void socket.leave(roomOf(groupId, parsed.data));
      if (typeof ack === 'function') ack({ ok: parsed.success });
    });
  });

  return {
    publish(groupId, page, message) {
      // After close the Redis clients are gone: a late publish (a job finishing) is dropped.
      if (closed) return;
      io.to(roomOf(groupId, page)).emit('message', { page, data: message });
    },
    async shareThroughRedis(url, log) {
      if (redis) throw new Error('push is already shared through Redis');
      redis = await connectRedis(url, log);
      io.adapter(createAdapter(redis.pub, redis.sub));
      log.info(`Push shared across processes through Redis at ${redactedUrl(url)}`);
    },
    async close() {
      if (closed) return;
      closed = true;
      // io.close() unsubscribes the adapter first; the clients close after it.
      await io.close().catch(() => undefined);
      if (redis) {
        const { pub, sub } = redis;
        // close() waits for pending commands, which wait for a Redis that is down: not for ever.
        const timer = setTimeout(() => {
          for (const client of [pub, sub]) if (client.isOpen) client.destroy();
        }, REDIS_CLOSE_TIMEOUT_MS);
        await Promise.allSettled([pub.close(), sub.close()]);
        clearTimeout(timer);
      }
    },
  };
}
