import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { landingPath } from '@callsight/shared';
import { getSession, renewSession } from '../../../lib/session.ts';
import { clearRedirectUrl, readIsLoggedIn, readRedirectUrl } from '../../../lib/storage.ts';
import { paths } from '../../../lib/paths.ts';
import { FullPageLoader } from '../../../components/full-page-loader/index.ts';

/**
 * /callback: finishes a sign-in that happened elsewhere (the refresh cookie is set), then
 * goes where the user was heading, or to /login when there is no session.
 */
export function CallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    const finish = async () => {
      const session = getSession() ?? (readIsLoggedIn() ? await renewSession() : null);
      if (cancelled) return;
      if (!session) {
        await navigate(paths.login.getHref(), { replace: true });
        return;
      }
      const target = landingPath(
        session.claims.permissions,
        session.claims.groupId,
        readRedirectUrl(),
      );
      clearRedirectUrl();
      await navigate(target, { replace: true });
    };
    finish().catch(() => {
      if (!cancelled) void navigate(paths.login.getHref(), { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);
  return <FullPageLoader label="Finishing sign-in…" />;
}
