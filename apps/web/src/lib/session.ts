import { useSyncExternalStore } from 'react';
import { SHELL, type SessionToken } from '@callsight/shared';
import { clearSessionMarkers, saveSessionMarkers } from './storage.ts';

/**
 * The session of this tab. The access token lives in memory only (spec 000 §4); local storage
 * keeps just the markers (isLoggedIn, tokenExpiry, currentRoleId) that survive a reload.
 */
let current: SessionToken | null = null;
/** Counts sign-outs: a renewal that started before one must not bring the session back. */
let signOuts = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** The current session, or null when signed out. */
export function getSession(): SessionToken | null {
  return current;
}

export function getAccessToken(): string | null {
  return current?.accessToken ?? null;
}

/** Margin for the time the answer spent on the wire. */
const WIRE_MARGIN_MS = 5000;

/**
 * Re-bases a fresh token's expiry on this browser's clock (received now, valid for its
 * lifetime), so a client clock that differs from the server's does not end sessions early.
 */
export function toClientClock(token: SessionToken, now = Date.now()): SessionToken {
  return { ...token, expiresAt: now + token.lifetimeSeconds * 1000 - WIRE_MARGIN_MS };
}

/** Stores a fresh token (login, refresh, group switch) and the local storage markers. */
export function setSession(fresh: SessionToken): void {
  const token = toClientClock(fresh);
  current = token;
  saveSessionMarkers(token.expiresAt);
  emit();
}

/** Forgets the token and clears the markers logout clears. */
export function clearSession(): void {
  signOuts += 1;
  current = null;
  clearSessionMarkers();
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current session as React state. */
export function useSession(): SessionToken | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/**
 * Seconds before expiry at which the token is renewed: 600 s (spec 000 §9), or half the
 * lifetime when the lifetime is shorter than twice that, so a short token is not renewed
 * at once and in a loop (decision recorded in docs/decisions.md).
 */
export function renewLeadSeconds(lifetimeSeconds: number): number {
  const lead = SHELL.tokenRenewBeforeExpirySeconds;
  return lifetimeSeconds < 2 * lead ? lifetimeSeconds / 2 : lead;
}

/** Largest delay setTimeout accepts (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Milliseconds from now until the token should be renewed (0 when already due). */
export function renewDelayMs(
  token: Pick<SessionToken, 'expiresAt' | 'lifetimeSeconds'>,
  now: number,
): number {
  const renewAt = token.expiresAt - renewLeadSeconds(token.lifetimeSeconds) * 1000;
  return Math.min(MAX_TIMER_MS, Math.max(0, Math.round(renewAt - now)));
}

/** The idle timeout of spec 000 §4: token lifetime in seconds times 1000 ms. */
export function idleTimeoutMs(lifetimeSeconds: number): number {
  return lifetimeSeconds * 1000;
}

type Refresher = () => Promise<SessionToken>;
let refresher: Refresher | null = null;
let inFlight: Promise<SessionToken> | null = null;

/** Installs the call that exchanges the refresh cookie for a token (features/session does). */
export function registerRefresher(fn: Refresher): void {
  refresher = fn;
}

/**
 * Renews the session through the refresh cookie and stores the new token. Concurrent callers
 * share one request, and tabs take turns through a Web Lock where available, because the
 * refresh token rotates and replaying a used one revokes the whole session.
 */
export function renewSession(): Promise<SessionToken> {
  if (inFlight) return inFlight;
  const fn = refresher;
  if (!fn) return Promise.reject(new Error('No session refresher registered'));
  const startedAfter = signOuts;
  const run = async () => {
    const token = await fn();
    // The user was signed out (idle, sign-out) while the refresh was on the wire.
    if (signOuts !== startedAfter) throw new Error('Signed out during the renewal');
    setSession(token);
    return token;
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const attempt = locks ? locks.request('callsight-session-refresh', run) : run();
  inFlight = attempt.finally(() => {
    inFlight = null;
  });
  return inFlight;
}
