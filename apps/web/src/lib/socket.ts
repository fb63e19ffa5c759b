import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { getAccessToken, subscribeSession, useSession } from './session.ts';

/** A push message as the server emits it: the page it was published to and its data. */
export interface PageMessage {
  page: string;
  data: unknown;
}

function isPageMessage(value: unknown): value is PageMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { page?: unknown }).page === 'string'
  );
}

/**
 * Asks the server for a page's messages. The server refuses a page the role may not read (its
 * API's 403 text) or an unknown one; the web subscribes only where its screens let the role, so
 * a refusal is a bug, said in the console.
 */
function subscribe(s: Socket, page: string): void {
  s.emit('subscribeToPage', page, (reply: unknown) => {
    const { ok, error } = (reply ?? {}) as { ok?: unknown; error?: unknown };
    if (ok === true) return;
    console.warn(`Push page "${page}" refused: ${typeof error === 'string' ? error : 'refused'}`);
  });
}

let socket: Socket | null = null;
/** Pages subscribed by mounted components, with a count so that two users of a page share it. */
const pages = new Map<string, number>();
let lastToken: string | null = null;

/**
 * The one socket of this tab, connected lazily with the current access token. The server
 * rejects bad tokens, so a renewed token reconnects; rooms are joined again on each connect.
 */
function getSocket(): Socket | null {
  const token = getAccessToken();
  if (!token) return null;
  if (!socket) {
    lastToken = token;
    // WebSocket only, no long-polling: one connection stays on one server process, so several
    // processes behind a load balancer need no sticky sessions (decision S20).
    socket = io({
      path: '/socket.io',
      auth: { token },
      autoConnect: false,
      transports: ['websocket'],
    });
    socket.on('connect', () => {
      for (const page of pages.keys()) if (socket) subscribe(socket, page);
    });
    socket.connect();
  }
  return socket;
}

subscribeSession(() => {
  const token = getAccessToken();
  if (!socket || token === lastToken) return;
  lastToken = token;
  if (!token) {
    socket.disconnect();
    socket = null;
    return;
  }
  // The handshake carries the token, so a new token needs a new handshake.
  socket.auth = { token };
  socket.disconnect().connect();
});

/** Closes the socket (logout). */
export function closeSocket(): void {
  socket?.disconnect();
  socket = null;
  pages.clear();
}

/**
 * Subscribes to push messages of one page while the component is mounted; onMessage gets each
 * message's data. The latest onMessage is always used without resubscribing.
 */
export function usePageMessages(
  page: string,
  onMessage: (data: unknown, message: PageMessage) => void,
): void {
  const handler = useRef(onMessage);
  const signedIn = useSession() !== null;
  useEffect(() => {
    handler.current = onMessage;
  });

  useEffect(() => {
    if (!signedIn) return;
    const s = getSocket();
    if (!s) return;
    const listener = (message: unknown) => {
      if (isPageMessage(message) && message.page === page) handler.current(message.data, message);
    };
    s.on('message', listener);
    const count = pages.get(page) ?? 0;
    pages.set(page, count + 1);
    if (count === 0 && s.connected) subscribe(s, page);
    return () => {
      s.off('message', listener);
      const left = (pages.get(page) ?? 1) - 1;
      if (left > 0) {
        pages.set(page, left);
      } else {
        pages.delete(page);
        if (s.connected) s.emit('unsubscribeFromPage', page);
      }
    };
  }, [page, signedIn]);
}
