import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import { canAccess, landingPath, type PageKey } from '@callsight/shared';
import { useSnackbar } from '../components/snackbar/index.ts';
import { useShell } from './access.tsx';

export const NO_ACCESS_MESSAGE = 'You do not have access to that page.';

/** Renders the page when the caller's gate allows it (PAGE_GATES); otherwise sends them home. */
export function PageGate({ page, children }: { page: PageKey; children: ReactNode }) {
  const { access } = useShell();
  if (canAccess(page, access)) return <>{children}</>;
  return <Forbidden />;
}

function Forbidden() {
  const { access } = useShell();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { show } = useSnackbar();
  const target = landingPath(access.permissions, access.groupId, null);
  const loops = pathname.replace(/\/+$/, '') === target;

  useEffect(() => {
    show(NO_ACCESS_MESSAGE, 'warning');
    if (!loops) void navigate(target, { replace: true });
  }, [show, navigate, target, loops]);

  // The landing page itself is forbidden only to a caller without any permission.
  return loops ? <Alert severity="warning">{NO_ACCESS_MESSAGE}</Alert> : null;
}
