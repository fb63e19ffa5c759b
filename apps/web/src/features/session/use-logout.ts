import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from './api/logout.ts';
import { clearSession } from '../../lib/session.ts';
import { closeSocket } from '../../lib/socket.ts';
import { saveLoginNotice, saveRedirectUrl } from '../../lib/storage.ts';
import { paths } from '../../lib/paths.ts';

export interface LogoutOptions {
  /** Message for the next login page. */
  notice?: string;
  /** Where to return after the next login (idle and expiry sign-outs keep the page). */
  redirectUrl?: string;
  /** Skip the server call (the session is already gone there). */
  skipServer?: boolean;
}

/**
 * Signs out: POST /api/auth/logout, forget the token and the storage markers (isLoggedIn,
 * tokenExpiry, currentRoleId), close push, drop cached data and go to /login.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (options: LogoutOptions = {}) => {
      if (!options.skipServer) {
        await logout().catch((err: unknown) => console.warn('Sign-out request failed', err));
      }
      if (options.notice) saveLoginNotice(options.notice);
      if (options.redirectUrl) saveRedirectUrl(options.redirectUrl);
      // The session goes first, so that the login page never sees the old one.
      clearSession();
      closeSocket();
      await navigate(paths.login.getHref(), { replace: true });
      queryClient.clear();
    },
    [navigate, queryClient],
  );
}
