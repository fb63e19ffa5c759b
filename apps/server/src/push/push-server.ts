import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { AUTH_TEXTS, agentPushPage, type AccessClaims } from '@callsight/shared';
import { mayJoinPushPage } from '../routes/route-roles.ts';
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
  /** Closes the sockets of one session (signed out, idle, revoked) on every server process. */
  endSession(sessionId: string): void;
  /** Closes every socket of the user but those of `keepSessionId` (a password change). */
  endUserSessions(userId: string, keepSessionId?: string): void;
  /** Closes the user's sockets of one group (their membership was removed). */
  endMembership(groupId: string, userId: string): void;
  /**
   * Closes this process's sockets whose access token has expired by the injected clock (each
   * process sweeps its own; a timer runs it, tests call it after moving the clock).
   */
  closeExpiredSockets(): void;
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
/** Rooms every user socket joins, so that ending a session reaches it through the adapter. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const userRoom = (userId: string) => `user:${userId}`;
const memberRoom = (groupId: string, userId: string) => `member:${groupId}:${userId}`;

/** How often each process closes its sockets whose token expired (at most this late). */
const EXPIRY_SWEEP_MS = 15_000;

export interface PushServerOptions {
  /** Collectors: resolves a group API key to its group (null when refused); see agentSocketAuth. */
  verifyApiKey?: (apiKey: string) => Promise<string | null>;
  /**
   * Checks a user token's session as routes do, at the handshake and before each subscription:
   * throws (the refusal's text) once it was signed out or revoked, the user must change their
   * password or is no longer a member of the token's group; else answers the user's permissions
   * in that group now, which decide the pages it may join (PUSH_PAGE_ROUTES in route-roles.ts).
   * Without it, the token's claims decide.
   */
  checkSession?: (claims: AccessClaims) => Promise<readonly string[]>;
  /** The clock (epoch ms) that tokens' expiry is measured by; tests move it. */
  now?: () => number;
}

/**
 * socket.io on the app's HTTP server, authenticated with the access token; each socket lives
 * in its token's group and joins page rooms with subscribeToPage / unsubscribeFromPage, only
 * those pages whose data its role may read through the API (route-roles.ts), others refused
 * with the API's 403 text and not joined.
 */
export function attachPushServer(
  httpServer: HttpServer,
  signer: TokenSigner,
  options: PushServerOptions = {},
): PushPublisher {
  const {
    verifyApiKey,
    checkSession = async (claims: AccessClaims) => claims.permissions,
    now = Date.now,
  } = options;
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
      const expiresAtMs = (decodeJwt(token).exp ?? 0) * 1000;
      if (expiresAtMs <= now()) throw new Error(AUTH_TEXTS.sessionExpired);
      await checkSession(claims);
      return { claims, expiresAtMs };
    };
    signer
      .verify(token)
      .then(admit)
      .then(
        ({ claims, expiresAtMs }) => {
          socket.data.groupId = claims.groupId;
          socket.data.userId = claims.sub;
          socket.data.claims = claims;
          socket.data.expiresAtMs = expiresAtMs;
          void socket.join([
            `group:${claims.groupId}`,
            sessionRoom(claims.sid),
            userRoom(claims.sub),
            memberRoom(claims.groupId, claims.sub),
          ]);
          next();
        },
        (err: Error) => next(new Error(err.message)),
      );
  });

  /** Whether a user socket's token has expired by the injected clock. */
  const expired = (data: { expiresAtMs?: unknown }) =>
    typeof data.expiresAtMs === 'number' && data.expiresAtMs <= now();

  let redis: Awaited<ReturnType<typeof connectRedis>> | null = null;
  let closed = false;

  io.on('connection', (socket) => {
    const groupId = String(socket.data.groupId);
    // Subscriptions wait for their session check: later (un)subscriptions queue behind them, so
    // a page left at once is not joined after.
    let pending: Promise<unknown> = Promise.resolve();
    const inOrder = (step: () => Promise<unknown> | void) => {
      pending = pending.then(step, step);
    };
    socket.on('subscribeToPage', (page: unknown, ack?: unknown) => {
      if (socket.data.agentOnly === true) {
        if (typeof ack === 'function') ack({ ok: false });
        return;
      }
      const parsed = PageNameSchema.safeParse(page);
      const answer = (reply: { ok: boolean; error?: string }) => {
        if (typeof ack === 'function') ack(reply);
      };
      if (!parsed.success) return answer({ ok: false, error: AUTH_TEXTS.forbidden });
      // The token's session is checked again: it may have ended since the handshake. Then the
      // caller's current role must read the page's data (an unknown page is read by none).
      const claims = socket.data.claims as AccessClaims;
      const check = expired(socket.data)
        ? Promise.reject(new Error(AUTH_TEXTS.sessionExpired))
        : checkSession(claims);
      inOrder(() =>
        check.then(
          (permissions) => {
            if (!socket.connected) return answer({ ok: false });
            if (!mayJoinPushPage(parsed.data, permissions)) {
              return answer({ ok: false, error: AUTH_TEXTS.forbidden });
            }
            void socket.join(roomOf(groupId, parsed.data));
            answer({ ok: true });
          },
          (err: unknown) => {
            answer({ ok: false, error: err instanceof Error ? err.message : String(err) });
            socket.disconnect(true);
          },
        ),
      );
    });
    socket.on('unsubscribeFromPage', (page: unknown, ack?: unknown) => {
      const parsed = PageNameSchema.safeParse(page);
      inOrder(() => {
        if (parsed.success) void socket.leave(roomOf(groupId, parsed.data));
        if (typeof ack === 'function') ack({ ok: parsed.success });
      });
    });
  });

  const sweep = setInterval(() => closeExpiredSockets(), EXPIRY_SWEEP_MS);
  sweep.unref();
  function closeExpiredSockets() {
    for (const socket of io.of('/').sockets.values()) {
      if (expired(socket.data)) socket.disconnect(true);
    }
  }

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
    // Through the adapter: with Redis, the sockets of every process are closed.
    endSession(sessionId) {
      if (!closed) io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    endUserSessions(userId, keepSessionId) {
      if (closed) return;
      const sockets = io.in(userRoom(userId));
      (keepSessionId ? sockets.except(sessionRoom(keepSessionId)) : sockets).disconnectSockets(
        true,
      );
    },
    endMembership(groupId, userId) {
      if (!closed) io.in(memberRoom(groupId, userId)).disconnectSockets(true);
    },
    closeExpiredSockets,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(sweep);
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
