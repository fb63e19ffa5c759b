import { useEffect, useRef } from 'react';
import { AUTH_TEXTS, type SessionToken } from '@callsight/shared';
import { idleTimeoutMs, renewDelayMs, renewSession } from '../../../lib/session.ts';
import { useLogout } from '../use-logout.ts';

/** Activity that keeps a session alive (spec 000 §4). */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'keydown',
  'click',
  'scroll',
  'touchstart',
  'wheel',
] as const;

const currentUrl = () =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * Renews the token before it expires (a failed renewal sends the user to login) and signs
 * the user out after the idle timeout of token lifetime × 1000 ms without activity.
 */
export function SessionTimers({ session }: { session: SessionToken }) {
  const logout = useLogout();
  const logoutRef = useRef(logout);
  useEffect(() => {
    logoutRef.current = logout;
  });

  const { expiresAt, lifetimeSeconds } = session;

  useEffect(() => {
    // A renewal still on the wire when this session ends (sign-out, idle) must not act.
    let ended = false;
    const timer = setTimeout(
      () => {
        renewSession().catch((err: unknown) => {
          console.warn('Session renewal failed', err);
          if (ended) return;
          void logoutRef.current({
            notice: AUTH_TEXTS.sessionExpired,
            redirectUrl: currentUrl(),
            skipServer: true,
          });
        });
      },
      renewDelayMs({ expiresAt, lifetimeSeconds }, Date.now()),
    );
    return () => {
      ended = true;
      clearTimeout(timer);
    };
  }, [expiresAt, lifetimeSeconds]);

  useEffect(() => {
    const timeout = idleTimeoutMs(lifetimeSeconds);
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const check = () => {
      const idleFor = Date.now() - lastActivity;
      if (idleFor >= timeout) {
        void logoutRef.current({ notice: AUTH_TEXTS.sessionExpired, redirectUrl: currentUrl() });
        return;
      }
      timer = setTimeout(check, timeout - idleFor);
    };
    timer = setTimeout(check, timeout);
    const listenerOptions = { capture: true, passive: true } as const;
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, onActivity, listenerOptions);
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS)
        window.removeEventListener(event, onActivity, listenerOptions);
    };
  }, [lifetimeSeconds]);

  return null;
}
