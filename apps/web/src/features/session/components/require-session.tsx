import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { clearSession, renewSession, useSession } from '../../../lib/session.ts';
import { readIsLoggedIn, saveRedirectUrl } from '../../../lib/storage.ts';
import { paths } from '../../../lib/paths.ts';
import { FullPageLoader } from '../../../components/full-page-loader/index.ts';
import { SessionTimers } from './session-timers.tsx';

/**
 * Guards the signed-in part of the app (spec 000 §4). With no token in memory: if the
 * logged-in marker is "true" the session is renewed through the refresh cookie, otherwise
 * (or when renewal fails) the requested URL is saved and the user goes to /login.
 */
export function RequireSession() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const hadSession = useRef(session !== null);
  const requested = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (session) {
      hadSession.current = true;
      return;
    }
    // After a sign-out the logout flow has already decided where to go.
    if (hadSession.current) return;
    const toLogin = () => {
      if (requested.length > 1) saveRedirectUrl(requested);
      void navigate(paths.login.getHref(), { replace: true });
    };
    if (!readIsLoggedIn()) {
      toLogin();
      return;
    }
    let cancelled = false;
    renewSession().catch((err: unknown) => {
      console.warn('Could not renew the session', err);
      if (cancelled) return;
      clearSession();
      toLogin();
    });
    return () => {
      cancelled = true;
    };
  }, [session, requested, navigate]);

  if (!session) return <FullPageLoader label="Signing you in…" />;
  return (
    <>
      <SessionTimers session={session} />
      <Outlet />
    </>
  );
}
