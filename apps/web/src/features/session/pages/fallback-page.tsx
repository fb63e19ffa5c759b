import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader/index.ts';

/**
 * /fallback: the cross-origin verification step of an outside login provider. The built-in
 * sign-in needs none, so the page hands over to the app's start page (docs/decisions.md).
 */
export function FallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/', { replace: true });
  }, [navigate]);
  return <FullPageLoader label="Verifying sign-in…" />;
}
