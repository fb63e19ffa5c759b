import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import { canAccess, landingPath, type PageKey } from '@callsight/shared';
import { useSnackbar } from '../components/snackbar/index.ts';
import { useShell } from './access.tsx';
import { NO_ACCESS_MESSAGE, noAccessMessage } from './no-access.ts';

/** Renders the page when the caller's gate allows it (PAGE_GATES); otherwise sends them home. */
export function PageGate({ page, children }: { page: PageKey; children: ReactNode }) {
  const { access } = useShell();
  if (canAccess(page, access)) return <>{children}</>;
  return <Forbidden page={page} />;
}

/** Goes to the landing page and says why: the roles the page is for, or the feature that is off. */
function Forbidden({ page }: { page: PageKey }) {
  const { access, group } = useShell();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { show } = useSnackbar();
  const target = landingPath(access.permissions, access.groupId, null);
  const loops = pathname.replace(/\/+$/, '') === target;
  const message = noAccessMessage(page, access, group.name) ?? NO_ACCESS_MESSAGE;

  useEffect(() => {
    show(message, 'warning');
    if (!loops) void navigate(target, { replace: true });
  }, [show, navigate, target, loops, message]);

  // The landing page itself is forbidden only to a caller without any permission.
  return loops ? <Alert severity="warning">{message}</Alert> : null;
}
