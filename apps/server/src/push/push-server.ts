import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
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
  close(): Promise<void>;
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
      io.to(roomOf(groupId, page)).emit('message', { page, data: message });
    },
    close: () =>
      io.close().then(
        () => undefined,
        () => undefined,
      ),
  };
}
